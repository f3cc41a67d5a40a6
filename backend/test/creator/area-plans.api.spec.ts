import { seededDatabase } from '../helpers/test-db';
import { planReads } from '../helpers/plan-reads';
import { areaCards, areaCounts } from '../../src/modules/directory/infrastructure/area-statements';
import type { ShapedStatement } from '../../src/database/typed-sql';

/**
 * The area pages' statements as built (issue 38 point 3) are planned on the indexes made for them
 * (migration AreaListingCounts, decision 0851): the neighbourhood's slug must be the very
 * expression its index is built on, or a neighbourhood's most followed cards read every listed
 * creator of the city. Budgets in shared buffers, at 30,000 listed creators in two cities.
 */
describe('area page plans', () => {
  const db = seededDatabase(async (pg) => {
    await pg.query(`insert into cities (slug, name, state, time_zone, neighborhoods, copy, host)
      values ('akron', 'Akron', 'OH', 'America/New_York', array['Highland Square'], '{}'::jsonb, null) on conflict do nothing`);
    await pg.query(`insert into users (id, email, password_hash, created_at, updated_at)
      select gen_random_uuid(), 'area' || i || '@example.com', '!', now(), now() from generate_series(1, 30000) i`);
    await pg.query(`insert into creator_profiles (id, user_id, full_name, phone, bio, neighborhood, niches, platforms,
        content_types, collab_types, can_use_name_publicly, approval_status, is_public, phone_verified, total_followers,
        created_at, updated_at, city, city_slug)
      select gen_random_uuid(), u.id, 'Creator ' || n, '216-555-0100', 'Creator number ' || n,
        (array['Tremont','Ohio City','Lakewood'])[1 + n % 3], array[(array['Food','Music','Events'])[1 + n % 3]],
        jsonb_build_array(jsonb_build_object('name', 'Instagram', 'handle', 'cle' || n, 'url', '', 'followers', n)),
        array['Reels'], array['Sponsored Post'], true, 'approved', true, true, n, now() - make_interval(secs => n::int), now(),
        (array['Cleveland','Akron'])[1 + n % 2], (array['cleveland','akron'])[1 + n % 2]
      from (select id, row_number() over () as n from users where email like 'area%') u`);
    await pg.query('analyze');
  });

  async function plan(statement: ShapedStatement) {
    const { pages, plan: root } = await planReads(db.pg, statement.sql, [...statement.parameters]);
    const indexes: string[] = [];
    const walk = (node: Record<string, any>) => {
      if (node['Index Name']) indexes.push(node['Index Name']);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(root);
    if (process.env.SHOW_PLANS) console.log(statement.sql, JSON.stringify(root).slice(0, 1500));
    return { buffers: pages, rows: root['Actual Rows'], indexes };
  }

  it("reads a neighbourhood's most followed cards in a city from its own index", async () => {
    const p = await plan(areaCards({ neighborhood: 'ohio-city', city: 'cleveland' }, 'followers', 6));
    expect(p.indexes).toEqual(['creator_profiles_listed_neighborhood_followers_idx']);
    expect(p.rows).toBe(6);
    expect(p.buffers).toBeLessThanOrEqual(20);
  });

  // Decision 0642 says the cards come from indexes, six rows each; the newest of a neighbourhood
  // read every listed creator of it (5,000 here, 2,182 buffers) and sorted them, on each cache miss.
  it("reads a neighbourhood's newest cards in a city from its own index", async () => {
    const p = await plan(areaCards({ neighborhood: 'ohio-city', city: 'cleveland' }, 'newest', 6));
    expect(p.indexes).toEqual(['creator_profiles_listed_neighborhood_created_idx']);
    expect(p.rows).toBe(6);
    expect(p.buffers).toBeLessThanOrEqual(20);
  });

  it("reads a niche's newest and most followed cards along the listing's order", async () => {
    for (const [order, city] of [
      ['newest', 'akron'],
      ['followers', undefined],
    ] as const) {
      const p = await plan(areaCards({ niche: 'Food', city }, order, 6));
      expect(p.rows).toBe(6);
      expect(p.buffers).toBeLessThanOrEqual(20);
    }
  });

  it('counts from the kept numbers, not the profiles', async () => {
    const counts = areaCounts({ neighborhood: 'ohio-city', city: 'cleveland' });
    const r = await db.pg.query(`explain (format json) ${counts.sql}`, [...counts.parameters]);
    expect(JSON.stringify(r.rows[0]['QUERY PLAN'])).not.toContain('creator_profiles');
    expect((await db.pg.query(counts.sql, [...counts.parameters])).rows[0]).toMatchObject({
      total: 5000,
      spelling: 'Ohio City',
    });
  });
});
