#!/usr/bin/env node
// `node scripts/bench/statement-build.mjs` (after `npm run build`): the API's own CPU to make one
// directory statement as the API makes it (backend/dist/…/directory-sql.js: hand-built text until
// decision 1000, typed statements kept per shape since), beside the same statement built and
// compiled by Kysely on every call (decisions 0990, 0996, 0999). All run in this one process, one
// after the other, so the host's speed cancels out of the ratios. BUILD_DIR: another checkout's
// backend/dist (its directory-sql.js), to compare two commits.
import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, DummyDriver, sql } from 'kysely';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import directorySql from '../../backend/dist/modules/directory/infrastructure/directory-sql.js';

const { listedPageSql, listedMatchedPageSql, wordStatsAndMatchedPageSql } = process.env.BUILD_DIR
  ? createRequire(import.meta.url)(resolve(process.env.BUILD_DIR, 'modules/directory/infrastructure/directory-sql.js'))
  : directorySql;

// Compile only: no connection.
const db = new Kysely({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const COLUMNS = ['id', 'full_name', 'can_use_name_publicly', 'platforms', 'bio', 'profile_image_url', 'profile_image_small_url',
  'niches', 'total_followers', 'approval_status', 'phone_verified', 'neighborhood', 'created_at', 'city_slug', 'checked_at',
  'listed_followers'];
const AT = { key: '2026-11-25 10:00:00+00', id: '00000000-0000-4000-8000-000000000001' };

/** listedPageSql's "filters: platform, followers, neighbourhood" with a keyset position, in Kysely. */
const kyselyPage = (f) =>
  db
    .selectFrom('creator_profiles as p')
    .select(COLUMNS.map((c) => `p.${c}`))
    .select(sql`(p.created_at)::text`.as('__key'))
    .where('p.is_public', '=', true)
    .where('p.approval_status', '=', sql.lit('approved'))
    .where('p.phone_verified', '=', true)
    .where(sql`p.platforms @> ${JSON.stringify([{ name: f.platform }])}::jsonb`)
    .where('p.total_followers', '>=', sql`${f.min}::bigint`)
    .where('p.neighborhood', 'ilike', `%${f.hood}%`)
    .where((eb) =>
      eb.and([
        eb('p.created_at', '<=', sql`${f.at.key}::timestamptz`),
        eb.or([eb('p.created_at', '<', sql`${f.at.key}::timestamptz`), eb('p.id', '>', sql`${f.at.id}::uuid`)]),
      ]),
    )
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'asc')
    .limit(f.limit)
    .compile();

const cases = [
  ['directory-sql: a page, three filters, a position', () =>
    listedPageSql({ order: 'newest', limit: 25, platform: 'Instagram', min_followers: 10_000, neighborhood: 'Tremont', after: AT })],
  ['directory-sql: a rare word and a niche, page and count', () =>
    listedMatchedPageSql({ order: 'relevance', limit: 25, q: 'imani', niche: 'Food', nicheShare: 0.5 }, 1_000)],
  ['directory-sql: a new search, its words, page and count', () =>
    wordStatsAndMatchedPageSql({ order: 'relevance', limit: 25, q: 'creator 1234' }, 1_000)],
  ['Kysely: the same page, three filters, a position', () =>
    kyselyPage({ platform: 'Instagram', min: 10_000, hood: 'Tremont', at: AT, limit: 25 })],
];

const ROUNDS = Number(process.env.ROUNDS ?? 50_000);
for (const [name, build] of cases) {
  for (let i = 0; i < 5_000; i++) build(); // warmed up: compiled by V8 and, for the builder, its text kept
  const started = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) build();
  const used = process.cpuUsage(started);
  const us = (used.user + used.system) / ROUNDS;
  console.log(`${us.toFixed(1).padStart(7)} µs of CPU per statement: ${name}`);
}
