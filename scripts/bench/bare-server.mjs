#!/usr/bin/env node
// The floor for `npm run bench`: a bare Node `http` + `pg` server answering the two benchmarked
// public routes with the same JSON as the API, built entirely in SQL, with no framework, no
// cache and no middleware. It is what a hand-written endpoint reaches on the same machine.
// Usage: DATABASE_URL=… PORT=… node scripts/bench/bare-server.mjs
import { createServer } from 'node:http';
import pg from 'pg';
import common from '@local-creators/common';

const { DIRECTORY, NICHES } = common;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const LISTED = `p.is_public and p.approval_status = 'approved' and p.phone_verified`;
// A directory card (PublicCreatorCard), display name rule included (publicDisplayName).
const CARD = `json_build_object(
  'id', p.id,
  'display_name', case when p.can_use_name_publicly then p.full_name else coalesce(
    (select case when left(h, 1) = '@' then h else '@' || h end
       from (select trim(e->>'handle') as h, o from jsonb_array_elements(p.platforms) with ordinality x(e, o)) hs
      where h <> '' order by o limit 1), 'Local creator') end,
  'bio', p.bio,
  'profile_image_url', p.profile_image_url,
  'niches', p.niches,
  'total_followers', p.total_followers,
  'verified', p.approval_status = 'approved' and p.phone_verified,
  'neighborhood', p.neighborhood,
  'created_at', to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
const newest = (extra, limit) => `(select coalesce(json_agg(c), '[]'::json) from
  (select ${CARD} as c from creator_profiles p where ${LISTED} ${extra} order by p.created_at desc, p.id limit ${limit}) s)`;

const OVERVIEW_SQL = `
  with counts as (
    select n as niche, count(*) as total from creator_profiles p, unnest(p.niches) n where ${LISTED} group by n),
  known as (
    select k.niche, k.ord, c.total from unnest($1::text[]) with ordinality k(niche, ord) join counts c using (niche))
  select json_build_object(
    'total_creators', (select count(*) from creator_profiles p where ${LISTED}),
    'total_niches', (select count(*) from known),
    'recent', ${newest('', DIRECTORY.recentCount)},
    'niches', coalesce((select json_agg(json_build_object('niche', k.niche, 'total', k.total,
        'creators', ${newest('and p.niches @> array[k.niche]', DIRECTORY.nicheGroupSize)}) order by k.ord) from known k), '[]'::json)
  )::text as body`;

const SEARCH_SQL = `
  select json_build_object(
    'items', ${newest('and p.niches @> array[$1::text]', '$2::int offset $3::int')},
    'total', (select count(*) from creator_profiles p where ${LISTED} and p.niches @> array[$1::text]),
    'page', $4::int,
    'per_page', $2::int
  )::text as body`;

async function answer(res, sql, params) {
  try {
    const { rows } = await pool.query(sql, params);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(rows[0].body);
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}

createServer((req, res) => {
  const url = new URL(req.url, 'http://bare');
  if (url.pathname === '/api/directory') return answer(res, OVERVIEW_SQL, [NICHES]);
  const niche = url.searchParams.get('niche');
  if (url.pathname === '/api/creators' && niche) {
    const perPage = DIRECTORY.pageSizeDefault;
    const page = Number(url.searchParams.get('page') ?? 1);
    return answer(res, SEARCH_SQL, [niche, perPage, (page - 1) * perPage, page]);
  }
  res.writeHead(404).end();
}).listen(Number(process.env.PORT), '127.0.0.1');
