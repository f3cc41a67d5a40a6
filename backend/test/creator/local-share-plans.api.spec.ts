import { listedCountSql, listedPageSql } from '../../src/modules/directory/infrastructure/directory-sql';
import type { ListedOrder } from '../../src/modules/directory/application/directory-reads';
import { seededDatabase } from '../helpers/test-db';
import { planReads } from '../helpers/plan-reads';

const LISTED = 100_000;
/** Listed creators with a recorded share: one in a hundred, half of them checked too long ago. */
const WITH_SHARE = 1_000;

/**
 * Issue 27: the directory's `min_local_share` filter at 100,000 listed creators. Few creators have
 * a share; walking the listing's order and checking each row would read the whole listing to fill
 * a page. The partial index of listed profiles with a share (migration LocalAudience) keeps every
 * order to those rows, whatever plan the prepared statement gets.
 */
describe('the local share filter at 100,000 creators', () => {
  /** The pages of the whole table: what walking the listing would read. */
  let listingPages = 0;
  const since = new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10);

  const db = seededDatabase(async (pg) => {
    // Seeding only: the per-row triggers (listing version and counts) are not what is measured here.
    await pg.query(`set session_replication_role = replica`);
    await pg.query(`insert into users (id, email, password_hash, created_at, updated_at)
      select gen_random_uuid(), 'share' || i || '@example.com', '!', now(), now() from generate_series(1, ${LISTED}) i`);
    await pg.query(`insert into creator_profiles (id, user_id, full_name, phone, bio, neighborhood, niches, platforms, content_types, collab_types,
        can_use_name_publicly, approval_status, is_public, phone_verified, total_followers, created_at, updated_at, local_share, local_share_checked_on)
      select gen_random_uuid(), u.id, 'Creator ' || n, '216-555-0100', 'Creator number ' || n || ' shares food and events.', 'Tremont', array['Food'],
        jsonb_build_array(jsonb_build_object('name', 'Instagram', 'handle', 'cle' || n, 'url', '', 'followers', n)),
        array['Reels'], array['Sponsored Post'], true, 'approved', true, true, n, now() - make_interval(secs => n::int), now(),
        case when n % ${LISTED / WITH_SHARE} = 0 then (n / ${LISTED / WITH_SHARE}) % 101 end,
        case when n % ${LISTED / WITH_SHARE} = 0 then current_date - (case when n % ${(2 * LISTED) / WITH_SHARE} = 0 then 10 else 200 end) end
      from (select id, row_number() over () as n from users) u`);
    await pg.query(`set session_replication_role = origin`);
    await pg.query('analyze creator_profiles');
    listingPages = (await pg.query(`select relpages from pg_class where relname = 'creator_profiles'`)).rows[0]
      .relpages;
    await pg.query('set plan_cache_mode = force_generic_plan');
  }, 600_000);

  /** Pages read and milliseconds taken by a prepared statement's generic plan, and the rows it answered. */
  async function run(name: string, sql: { text: string; values: unknown[] }) {
    await db.pg.query(`prepare ${name} as ${sql.text}`);
    const literals = sql.values.map((v) => `'${String(v).replace(/'/g, "''")}'`).join(', ');
    const { pages, plan, executionMs } = await planReads(db.pg, `execute ${name}(${literals})`);
    const answer = await db.pg.query(`execute ${name}(${literals})`);
    if (process.env.SHOW_PLANS) console.log(name, JSON.stringify(plan).slice(0, 2000));
    return { pages, ms: executionMs, rows: answer.rows };
  }

  it.each(['newest', 'followers', 'name'] as ListedOrder[])(
    'reads a page by %s from the listed creators with a share only',
    async (order) => {
      const page = await run(
        `page_${order}`,
        listedPageSql({ min_local_share: 50, local_share_since: since, order, limit: 26 }),
      );
      console.log(`min_local_share page by ${order}: ${page.pages} pages of ${listingPages}, ${page.ms.toFixed(2)} ms`);
      expect(page.rows).toHaveLength(26);
      // At most the 1,000 rows with a share (each on a page of its own here), never the listing.
      expect(page.pages).toBeLessThan(WITH_SHARE * 1.2);
      expect(page.pages).toBeLessThan(listingPages / 4);
    },
  );

  it('counts the matches from the same rows, fresh ones only', async () => {
    const count = await run('count', listedCountSql({ min_local_share: 50, local_share_since: since }, 1000));
    // Fresh (checked 10 days ago) and at least 50%: every other creator with a share, about half of those.
    const expected = await db.pg.query(
      `select count(*)::int as n from creator_profiles where local_share >= 50 and local_share_checked_on > $1::date`,
      [since],
    );
    expect(count.rows[0].n).toBe(expected.rows[0].n);
    expect(expected.rows[0].n).toBeGreaterThan(100);
    console.log(`min_local_share count: ${count.pages} pages of ${listingPages}, ${count.ms.toFixed(2)} ms`);
    expect(count.pages).toBeLessThan(WITH_SHARE * 1.2);
    expect(count.pages).toBeLessThan(listingPages / 4);
  });

  it('reads few pages for a share few creators reach, where walking the listing would read all of it', async () => {
    const rare = (name: string) =>
      run(name, listedPageSql({ min_local_share: 95, local_share_since: since, order: 'newest', limit: 26 }));
    const withIndex = await rare('rare_with_index');
    await db.pg.query('begin');
    try {
      await db.pg.query('drop index creator_profiles_listed_local_share_idx');
      const without = await rare('rare_without_index');
      console.log(
        `min_local_share=95 by newest: ${withIndex.pages} pages, ${withIndex.ms.toFixed(2)} ms; without the index ${without.pages} pages, ${without.ms.toFixed(2)} ms (listing ${listingPages})`,
      );
      expect(without.rows).toEqual(withIndex.rows);
      expect(without.pages).toBeGreaterThan(listingPages / 2);
      expect(withIndex.pages).toBeLessThan(WITH_SHARE * 1.2);
    } finally {
      await db.pg.query('rollback');
    }
  });
});
