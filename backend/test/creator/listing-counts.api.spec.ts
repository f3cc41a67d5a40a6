import { Client } from 'pg';
import { FOLLOWER_BUCKETS } from '@local-creators/common';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue 12: the overview's counts come from `listing_counts`, which the writes keep up to date
 * (migration ListingCounts) instead of a count over every listed row. Whatever SQL changes a
 * profile, the kept counts equal a recount, and the overview shows them.
 */
describe('listing counts kept by the writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const LISTED = `is_public and approval_status = 'approved' and phone_verified`;
  const kept = async () =>
    Object.fromEntries(
      (await t.sql<{ scope: string; total: number }>(`select scope, total from listing_counts where total <> 0`)).map(
        (r) => [r.scope, r.total],
      ),
    );
  const recount = async () => {
    const rows = await t.sql<{ scope: string; total: number }>(
      `select '*' as scope, count(*)::int as total from creator_profiles where ${LISTED} having count(*) > 0
       union all select n, count(*)::int from creator_profiles p, unnest(p.niches) n where ${LISTED} group by n`,
    );
    return Object.fromEntries(rows.map((r) => [r.scope, r.total]));
  };
  async function insert(n: number, niches: string[], listed: boolean) {
    await t.sql(
      `with u as (insert into users (id, email, password_hash, created_at, updated_at)
         select gen_random_uuid(), 'counts-' || gen_random_uuid() || '@example.com', '!', now(), now() from generate_series(1, $1) returning id)
       insert into creator_profiles (id, user_id, full_name, phone, bio, niches, platforms, content_types, collab_types,
         can_use_name_publicly, approval_status, is_public, phone_verified, total_followers, created_at, updated_at)
       select gen_random_uuid(), u.id, 'Counted', '216-555-0100', 'Bio', $2::text[], '[]', '{}', '{}', true,
         $3, $4, $4, 0, now(), now() from u`,
      [n, niches, listed ? 'approved' : 'pending', listed],
    );
  }

  it('match a recount after inserts, approvals, niche edits, hiding and deletes, in bulk and one by one', async () => {
    await insert(5, ['Food', 'Music'], true);
    await insert(3, ['Food'], false);
    expect(await kept()).toEqual({ '*': 5, Food: 5, Music: 5 });

    // Approving the three pending ones in one statement.
    await t.sql(
      `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where approval_status = 'pending'`,
    );
    expect(await kept()).toEqual({ '*': 8, Food: 8, Music: 5 });

    // A listed creator changes niches; another hides the profile; a third is deleted.
    const [a, b, c] = (
      await t.sql<{ id: string }>(`select id from creator_profiles where 'Music' = any(niches) order by id limit 3`)
    ).map((r) => r.id);
    await t.sql(`update creator_profiles set niches = '{Comedy}' where id = $1`, [a]);
    await t.sql(`update creator_profiles set is_public = false where id = $1`, [b]);
    await t.sql(`delete from creator_profiles where id = $1`, [c]);
    // An edit that changes neither listing nor niches.
    await t.sql(`update creator_profiles set bio = 'New bio' where approval_status = 'approved'`);
    expect(await kept()).toEqual({ '*': 6, Food: 5, Music: 2, Comedy: 1 });
    expect(await kept()).toEqual(await recount());

    const overview = await t.http().get('/api/directory').expect(200);
    expect(overview.body.total_creators).toBe(6);
    expect(
      Object.fromEntries(overview.body.niches.map((n: { niche: string; total: number }) => [n.niche, n.total])),
    ).toEqual({ Food: 5, Music: 2, Comedy: 1 });
  });

  it('stay right when two transactions change the same niches at once, without a deadlock', async () => {
    const [x, y] = (
      await t.sql<{ id: string }>(`select id from creator_profiles where ${LISTED} order by id limit 2`)
    ).map((r) => r.id);
    await t.sql(`update creator_profiles set niches = '{Comedy}' where id = any($1::uuid[])`, [[x, y]]);
    const before = await kept();
    const one = new Client({ connectionString: t.env.DATABASE_URL });
    const two = new Client({ connectionString: t.env.DATABASE_URL });
    await Promise.all([one.connect(), two.connect()]);
    try {
      // The same niches in opposite orders: the counts' rows are locked in one order, so the
      // second waits for the first instead of deadlocking.
      await one.query('begin');
      await two.query('begin');
      await one.query(`update creator_profiles set niches = '{Food,Music}' where id = $1`, [x]);
      const second = two.query(`update creator_profiles set niches = '{Music,Food}' where id = $1`, [y]);
      await one.query('commit');
      await second;
      await two.query('commit');
    } finally {
      await Promise.all([one.end(), two.end()]);
    }
    const after = await kept();
    expect([after.Food, after.Music, after.Comedy ?? 0]).toEqual([
      before.Food! + 2,
      before.Music! + 2,
      before.Comedy! - 2,
    ]);
    expect(await kept()).toEqual(await recount());
  });

  it("keep the area pages' numbers (decision 0642): per city, niche or neighbourhood spelling and follower bucket, equal to a recount", async () => {
    // The recount's buckets come from FOLLOWER_BUCKETS: bounds changed there without a migration that
    // rebuilds the kept numbers fail here.
    const bucketOf = `case ${FOLLOWER_BUCKETS.map((b, i) => `when total_followers >= ${b.min}${b.max === null ? '' : ` and total_followers < ${b.max}`} then ${i}`).join(' ')} end`;
    const area = `select city_slug, kind, slug, spelling, bucket, total::int from area_listing_counts where total <> 0 order by 1, 2, 3, 4, 5`;
    const recountAreas = `select city_slug, kind, slug, spelling, bucket, count(*)::int as total from (
        select city_slug, 'niche' as kind, n as slug, '' as spelling, b as bucket from creator_profiles p, unnest(p.niches) n,
          lateral (select ${bucketOf} as b) x
          where ${LISTED}
        union all
        select city_slug, 'neighborhood', trim(both '-' from regexp_replace(lower(neighborhood), '[^a-z0-9]+', '-', 'g')), trim(neighborhood),
          ${bucketOf}
          from creator_profiles where ${LISTED} and neighborhood is not null and trim(both '-' from regexp_replace(lower(neighborhood), '[^a-z0-9]+', '-', 'g')) <> ''
      ) r group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`;
    await t.sql(
      `update creator_profiles set neighborhood = case when id::text < '8' then 'Ohio City' else ' ohio  city ' end, total_followers = 1500`,
    );
    await insert(2, ['Fitness'], true);
    const ids = (await t.sql<{ id: string }>(`select id from creator_profiles where ${LISTED} order by id`)).map(
      (r) => r.id,
    );
    await t.sql(`update creator_profiles set neighborhood = 'Tremont', total_followers = 250000 where id = $1`, [
      ids[0],
    ]);
    await t.sql(`update creator_profiles set total_followers = 20000, niches = '{Food,Fitness}' where id = $1`, [
      ids[1],
    ]);
    await t.sql(`update creator_profiles set is_public = false where id = $1`, [ids[2]]);
    await t.sql(`delete from creator_profiles where id = $1`, [ids[3]]);
    expect(await t.sql(area)).toEqual(await t.sql(recountAreas));
    expect((await t.sql(area)).some((r) => (r as { kind: string }).kind === 'neighborhood')).toBe(true);

    // The page reads those numbers: its counts match, and the spelling most of them use names it.
    const page = (await t.http().get('/api/directory/neighborhoods/ohio-city').expect(200)).body;
    const [{ n }] = await t.sql<{ n: number }>(
      `select count(*)::int as n from creator_profiles where ${LISTED} and trim(both '-' from regexp_replace(lower(neighborhood), '[^a-z0-9]+', '-', 'g')) = 'ohio-city'`,
    );
    expect(page.total_creators).toBe(n);
    expect(page.follower_spread.map((b: { count: number }) => b.count).reduce((a: number, b: number) => a + b, 0)).toBe(
      n,
    );
  });
});
