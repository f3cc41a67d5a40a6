import { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { AdminStats, AuthSession } from '@local-creators/common';
import { bearer, createTestApp, signUp, signUpAdmin, type TestApp } from '../helpers/test-app';
import { validProfile } from '../creator/fixtures';
import { SqlCreatorAdminQueries } from '../../src/modules/directory/infrastructure/sql-creator-admin-queries';
import { DirectoryPool } from '../../src/modules/directory/infrastructure/directory-pool';
import type { AdminCreatorQuery } from '../../src/modules/directory/application/creator-admin-queries';

/**
 * Issue 25, point 6 (decision 0262): the dashboard's counts and a list's total come from counts
 * kept by the writes themselves, so they must follow every write exactly; and the console's pages
 * are read from indexes, not by reading every creator.
 */
describe("the console's counts and lists", () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpAdmin(t);
  });
  afterAll(() => t?.close());

  const stats = async () => (await t.http().get('/api/admin/stats').set(bearer(admin)).expect(200)).body as AdminStats;
  /** What the table holds, counted row by row. */
  const counted = async (): Promise<AdminStats> => {
    const [r] = await t.sql<Record<keyof AdminStats, string>>(`select count(*) as total,
        count(*) filter (where approval_status = 'pending') as pending,
        count(*) filter (where approval_status = 'approved') as approved,
        count(*) filter (where approval_status = 'rejected') as rejected,
        count(*) filter (where approval_status = 'rejected' and updated_after_rejection_at is not null) as updated_after_rejection
      from creator_profiles`);
    return Object.fromEntries(Object.entries(r!).map(([k, v]) => [k, Number(v)])) as unknown as AdminStats;
  };
  const totalOf = async (filter: Record<string, unknown>) => {
    const res = await t
      .http()
      .get('/api/admin/creators')
      .query({ filter: JSON.stringify(filter), range: '[0,9]' })
      .set(bearer(admin))
      .expect(200);
    return Number(String(res.headers['content-range']).split('/')[1]);
  };
  const apply = async (name: string) => {
    const s = await signUp(t);
    const res = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(s))
      .send(validProfile({ full_name: name }))
      .expect(201);
    return { session: s, id: res.body.id as string, version: res.body.version as number | undefined };
  };
  const decide = async (id: string, body: Record<string, unknown>) => {
    const current = (await t.http().get(`/api/admin/creators/${id}`).set(bearer(admin)).expect(200)).body;
    await t
      .http()
      .put(`/api/admin/creators/${id}`)
      .set(bearer(admin))
      .send({ ...body, version: current.version })
      .expect(200);
  };

  it('answers the dashboard counts and list totals that every write leaves, exactly', async () => {
    expect(await stats()).toEqual({ total: 0, pending: 0, approved: 0, rejected: 0, updated_after_rejection: 0 });
    const a = await apply('Avery Counted');
    const b = await apply('Blake Counted');
    const c = await apply('Casey Counted');
    expect(await stats()).toEqual({ total: 3, pending: 3, approved: 0, rejected: 0, updated_after_rejection: 0 });

    await decide(a.id, { approval_status: 'approved' });
    await decide(b.id, { approval_status: 'rejected', approval_notes: 'Add a link to your work.' });
    expect(await stats()).toEqual({ total: 3, pending: 1, approved: 1, rejected: 1, updated_after_rejection: 0 });

    // The rejected creator changes the application: counted as updated since the decision.
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(b.session))
      .send(validProfile({ full_name: 'Blake Counted', bio: 'Now with a link to my work.' }))
      .expect(200);
    expect(await stats()).toEqual({ total: 3, pending: 1, approved: 1, rejected: 1, updated_after_rejection: 1 });
    expect(await totalOf({ updated_after_rejection: true })).toBe(1);

    // Approved after all, and another one rejected: the counts move with the status.
    await decide(b.id, { approval_status: 'approved' });
    await decide(c.id, { approval_status: 'rejected' });
    expect(await stats()).toEqual({ total: 3, pending: 0, approved: 2, rejected: 1, updated_after_rejection: 0 });

    // A row gone (as an account deletion removes it) leaves the counts too.
    await t.sql('delete from creator_profiles where id = $1', [a.id]);
    expect(await stats()).toEqual(await counted());
    expect(await stats()).toEqual({ total: 2, pending: 0, approved: 1, rejected: 1, updated_after_rejection: 0 });
    for (const [filter, expected] of [
      [{}, 2],
      [{ approval_status: 'approved' }, 1],
      [{ approval_status: 'rejected' }, 1],
      [{ approval_status: 'pending' }, 0],
      [{ q: 'Casey' }, 1],
    ] as const) {
      expect(await totalOf(filter)).toBe(expected);
    }
  });

  it('keeps the counts right when many creators apply at once', async () => {
    const before = await stats();
    await Promise.all(Array.from({ length: 12 }, (_, i) => apply(`Parallel ${i}`)));
    expect(await stats()).toEqual({ ...before, total: before.total + 12, pending: before.pending + 12 });
    expect(await stats()).toEqual(await counted());
  });

  it("answers each avatar's 256 px rendition beside the photo", async () => {
    const { session, id } = await apply('Photo Counted');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await t
      .http()
      .put('/api/me/profile/image')
      .set(bearer(session))
      .attach('file', png, { filename: 'me.png', contentType: 'image/png' })
      .expect(200);
    const res = await t
      .http()
      .get('/api/admin/creators')
      .query({ filter: JSON.stringify({ q: 'Photo Counted' }) })
      .set(bearer(admin))
      .expect(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0].id).toBe(id);
    expect(res.body[0].profile_image_url).toMatch(/\/profile\.webp(\?|$)/);
    expect(res.body[0].profile_image_small_url).toMatch(/\/avatar\.webp(\?|$)/);
  });

  describe('at 30,000 creators', () => {
    beforeAll(async () => {
      await t.sql(`insert into users (id, email, password_hash, created_at, updated_at)
        select gen_random_uuid(), 'many' || i || '@example.com', '!', now(), now() from generate_series(1, 30000) i`);
      await t.sql(`insert into creator_profiles (id, user_id, full_name, phone, bio, neighborhood, niches, platforms, content_types, collab_types,
          can_use_name_publicly, approval_status, is_public, phone_verified, total_followers, created_at, updated_at)
        select gen_random_uuid(), u.id, 'Many ' || n, '216-555-0100', 'Creator number ' || n, (array['Tremont','Ohio City','Lakewood'])[1 + n % 3],
          array[(array['Food','Music','Events'])[1 + n % 3]], '[]'::jsonb, array['Reels'], array['Sponsored Post'], true,
          (array['approved','approved','approved','pending','rejected'])[1 + n % 5], n % 5 < 3, n % 5 < 3, n,
          now() - make_interval(secs => n::int), now() - make_interval(secs => (n * 7 % 30000)::int)
        from (select id, row_number() over () as n from users where email like 'many%') u`);
      // Twelve in a niche nobody else has: a search for it finds few.
      await t.sql(
        `update creator_profiles set niches = array['Comedy'] where full_name in (${Array.from({ length: 12 }, (_, i) => `'Many ${i * 1000 + 7}'`).join(', ')})`,
      );
      // As autovacuum leaves a table: its visibility map lets a page's ids come from the index alone.
      await t.sql('vacuum analyze creator_profiles');
    }, 120_000);

    /** The console's adapter on the directory's pool, recording each statement it sends in `sent`. */
    function recordingQueries() {
      const pool = t.app.get(DirectoryPool);
      const sent: [string, unknown[]][] = [];
      const recording = {
        run: (statement: { text: string; values?: unknown[] }, opts?: object) => (
          sent.push([statement.text, statement.values ?? []]),
          pool.run(statement, opts)
        ),
      } as unknown as DirectoryPool;
      return { queries: new SqlCreatorAdminQueries(t.app.get(EntityManager).fork(), recording), sent };
    }
    /** The statements the console's adapter sends for `run`, each with its plan. */
    async function plansOf(run: (q: SqlCreatorAdminQueries) => Promise<unknown>) {
      const { queries, sent } = recordingQueries();
      await run(queries);
      const plans = [];
      for (const [sql, params] of sent) {
        const rows = await t.sql<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
        plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      return plans;
    }
    const page = (over: Partial<AdminCreatorQuery>): AdminCreatorQuery => ({
      sort: 'created_at',
      order: 'DESC',
      offset: 0,
      limit: 24,
      cities: null,
      ...over,
    });

    it.each([
      ['created_at', 'DESC', {}],
      ['full_name', 'ASC', {}],
      ['updated_at', 'DESC', { approval_status: 'pending' }],
      ['approval_status', 'ASC', { approval_status: 'rejected' }],
    ] as const)(
      'answers every page by %s %s (%j) from either end of its list as the order says, with the e-mails (decisions 0265, 0266)',
      async (field, order, filter) => {
        const status = (filter as { approval_status?: string }).approval_status;
        const expected = await t.sql<{ id: string; email: string }>(
          `select p.id, u.email from creator_profiles p join users u on u.id = p.user_id
            where $1::text is null or p.approval_status = $1 order by p.${field} ${order}, p.id ${order}`,
          [status ?? null],
        );
        const n = expected.length;
        for (const from of [
          0,
          Math.floor(n / 2) - 13,
          Math.floor(n / 2) - 12,
          Math.floor(n / 2),
          n - 24,
          n - 7,
          n - 1,
          n,
          n + 50,
        ]) {
          const res = await t
            .http()
            .get('/api/admin/creators')
            .query({
              filter: JSON.stringify(filter),
              sort: JSON.stringify([field, order]),
              range: JSON.stringify([from, from + 23]),
            })
            .set(bearer(admin))
            .expect(200);
          const want = expected.slice(from, from + 24);
          expect([from, res.body.map((c: { id: string; email: string }) => [c.id, c.email])]).toEqual([
            from,
            want.map((r) => [r.id, r.email]),
          ]);
          expect(res.headers['content-range']).toBe(
            `creators ${from}-${want.length ? from + want.length - 1 : from}/${n}`,
          );
        }
      },
      120_000,
    );

    it('counts the dashboard without reading creators', async () => {
      const plans = await plansOf((q) => q.countByStatus(null));
      expect(plans).toHaveLength(1);
      expect(plans[0]).not.toMatch(/creator_profiles/);
      expect(await stats()).toEqual(await counted());
    });

    it.each([
      ['the first page of all, newest first', page({})],
      ['the last page of all', page({ offset: 30_000 - 24 })],
      ['a middle page by name', page({ sort: 'full_name', order: 'ASC', offset: 15_000 })],
      ['recently updated', page({ sort: 'updated_at' })],
      ['by status', page({ sort: 'approval_status', order: 'ASC', offset: 12_000 })],
      ['the review queue', page({ status: 'pending', sort: 'created_at', order: 'ASC', limit: 20 })],
      ['rejected, by name', page({ status: 'rejected', sort: 'full_name', order: 'DESC' })],
      ['updated after a rejection', page({ updatedAfterRejection: true, sort: 'updated_at' })],
      ['a name searched', page({ q: 'Many 12345' })],
      ['a rare niche searched', page({ q: 'comedy' })],
    ])('reads %s from indexes, with its total', async (_label, query) => {
      const plans = await plansOf((q) => q.search(query));
      expect(plans.length).toBeGreaterThan(0);
      for (const plan of plans) expect(plan).not.toMatch(/Seq Scan on creator_profiles/);
    });

    /** The plan PostgreSQL makes once for a statement, for any values (`plan_cache_mode = force_generic_plan`). */
    async function genericPlanOf(sql: string, params: unknown[]) {
      const client = new pg.Client({ connectionString: t.env.DATABASE_URL });
      await client.connect();
      try {
        await client.query('set plan_cache_mode = force_generic_plan');
        await client.query(`prepare page as ${sql}`);
        const values = params.map((v) => (v === null ? 'null' : client.escapeLiteral(String(v))));
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain execute page(${values.join(', ')})`);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await client.end();
      }
    }

    it('runs a list page on connections that plan it once for any offset, a search on ones that plan it for its words (decision 0272)', async () => {
      const pool = t.app.get(DirectoryPool);
      const run = jest.spyOn(pool, 'run');
      try {
        const list = (filter: Record<string, unknown>, sort: [string, string], from: number) =>
          t
            .http()
            .get('/api/admin/creators')
            .query({
              filter: JSON.stringify(filter),
              sort: JSON.stringify(sort),
              range: JSON.stringify([from, from + 23]),
            })
            .set(bearer(admin))
            .expect(200);
        const asked = async (request: () => Promise<unknown>) => {
          run.mockClear();
          await request();
          return run.mock.calls
            .filter(([statement]) => statement.name?.startsWith('lc_admin_'))
            .map(([, opts]) => Boolean(opts?.genericPlan));
        };
        expect(await asked(() => list({}, ['created_at', 'DESC'], 0))).toEqual([true]);
        await list({ approval_status: 'approved' }, ['full_name', 'ASC'], 9_000); // takes the list's positions
        expect(await asked(() => list({ approval_status: 'approved' }, ['full_name', 'ASC'], 9_024))).toEqual([true]);
        expect(await asked(() => list({ q: 'Many 12345' }, ['created_at', 'DESC'], 0))).toEqual([false]);
      } finally {
        run.mockRestore();
      }
      const mode = async (opts: { primary?: boolean; genericPlan?: boolean }) =>
        (await pool.run({ text: `select current_setting('plan_cache_mode') as mode` }, opts)).rows[0]!.mode;
      expect(await mode({ primary: true, genericPlan: true })).toBe('force_generic_plan');
      expect(await mode({ primary: true })).toBe('auto');
      // Both ride on the directory's one pool (issue 38 point 4): no second pool for kept plans.
      const holders = await t.sql<{ application_name: string }>(
        `select distinct application_name from pg_stat_activity
          where datname = current_database() and application_name like 'local-creators directory%'`,
      );
      expect(holders.map((h) => h.application_name)).toEqual(['local-creators directory']);
    });

    it.each([
      ['the first page of all, newest first', page({})],
      ['a deep page by name', page({ sort: 'full_name', order: 'ASC', offset: 15_000 })],
      ['the last page of all', page({ offset: 30_000 - 24 })],
      ['by status', page({ sort: 'approval_status', order: 'ASC', offset: 12_000 })],
      ['the review queue', page({ status: 'pending', sort: 'created_at', order: 'ASC', limit: 20 })],
      ['rejected, by name, deep', page({ status: 'rejected', sort: 'full_name', order: 'DESC', offset: 3_000 })],
      ['updated after a rejection', page({ updatedAfterRejection: true, sort: 'updated_at' })],
    ])('plans %s once for any values, still from indexes (decision 0272)', async (_label, query) => {
      const { queries, sent } = recordingQueries();
      await queries.search(query);
      const pages = sent.filter(([sql]) => sql.includes('"__total"'));
      expect(pages.length).toBeGreaterThan(0);
      for (const [sql, params] of pages) {
        const plan = await genericPlanOf(sql, params);
        expect(plan).toMatch(/\$\d/); // made for any values
        expect(plan).not.toMatch(/Seq Scan on creator_profiles/);
      }
    });

    it('finds the rows a name matches once, for the total and the page alike (decision 0269)', async () => {
      const plans = await plansOf((q) => q.search(page({ q: 'Many 12345' })));
      expect(plans.join('\n').match(/creator_profiles_admin_name_trgm_idx/g)).toHaveLength(1);
    });

    it('walks a deep page from the nearest kept position of its list, not from an end (decision 0271)', async () => {
      const { queries, sent } = recordingQueries();
      for (const query of [
        page({ sort: 'full_name', order: 'ASC', offset: 15_000 }),
        page({ status: 'approved', sort: 'updated_at', order: 'DESC', offset: 9_000 }),
      ]) {
        sent.length = 0;
        await queries.search(query);
        const pageStatement = sent.find(([sql]) => sql.includes('"__version"'));
        expect(pageStatement).toBeDefined();
        const [plan] = await t.sql<{ 'QUERY PLAN': unknown }>(
          `explain (analyze, format json) ${pageStatement![0]}`,
          pageStatement![1],
        );
        // The most index entries one scan of creator_profiles read for the page.
        const walked = (node: Record<string, any>): number =>
          Math.max(
            node['Relation Name'] === 'creator_profiles' && /Index/.test(node['Node Type']) ? node['Actual Rows'] : 0,
            ...(node.Plans ?? []).map(walked),
          );
        const root = (
          Array.isArray(plan!['QUERY PLAN']) ? plan!['QUERY PLAN'] : JSON.parse(String(plan!['QUERY PLAN']))
        )[0].Plan;
        expect(walked(root)).toBeLessThanOrEqual(256 + 24);
      }
    });

    it('does not answer a deep page from positions kept before a write that moved the list (decision 0271)', async () => {
      const deep = { sort: JSON.stringify(['created_at', 'DESC']), range: JSON.stringify([15_000, 15_023]) };
      const truth = async () =>
        (
          await t.sql<{ id: string }>(
            'select id from creator_profiles order by created_at desc, id desc offset 15000 limit 24',
          )
        ).map((r) => r.id);
      const read = async () =>
        (await t.http().get('/api/admin/creators').query(deep).set(bearer(admin)).expect(200)).body.map(
          (c: { id: string }) => c.id,
        );
      expect(await read()).toEqual(await truth());
      // The oldest creator becomes the newest: every row after the first moves one place.
      await t.sql(
        `update creator_profiles set created_at = now() + interval '1 day' where id = (select id from creator_profiles order by created_at, id limit 1)`,
      );
      const moved = await truth();
      expect(await read()).toEqual(moved);
      expect(await read()).toEqual(moved);
    });

    it("takes a list's positions anew once it grew past the ones it kept, not walking its deep pages for ever (decision 0271)", async () => {
      const { queries, sent } = recordingQueries();
      const pending = (offset: number) => page({ status: 'pending', sort: 'created_at', order: 'ASC', offset });
      const truth = async (offset: number) =>
        (
          await t.sql<{ id: string }>(
            `select id from creator_profiles where approval_status = 'pending' order by created_at, id offset $1 limit 24`,
            [offset],
          )
        ).map((r) => r.id);
      await queries.search(pending(600));
      const [{ n }] = await t.sql<{ n: string }>(
        `select count(*) as n from creator_profiles where approval_status = 'pending'`,
      );
      const moved = await t.sql<{ id: string }>(
        `update creator_profiles set approval_status = 'pending' where id in (select id from creator_profiles where approval_status = 'approved' order by id limit 10000) returning id`,
      );
      try {
        const deep = Number(n) + 5_000; // past the end of the list the positions were taken of
        for (let read = 0; read < 2; read++) {
          sent.length = 0;
          const { items } = await queries.search(pending(deep));
          expect(items.map((c) => c.id)).toEqual(await truth(deep));
        }
        expect(sent.some(([sql]) => sql.includes('"__version"'))).toBe(true);
      } finally {
        await t.sql(`update creator_profiles set approval_status = 'approved' where id = any($1::uuid[])`, [
          moved.map((r) => r.id),
        ]);
      }
    });

    it('asks the names index for the rarest word, leaving one every name shares to the recheck, and finds the same rows (decision 0270)', async () => {
      const plans = await plansOf((q) => q.search(page({ q: 'Many 12345' })));
      const search = plans.find((plan) => plan.includes('creator_profiles_admin_name_trgm_idx'));
      expect(search).toMatch(/Index Cond: \(\(full_name\)::text ~~\* '%12345%'::text\)/);
      expect(search).not.toMatch(/Index Cond: \(\(full_name\)[^\n]*Many/);

      for (const text of ['Many 12345', 'many 1234', 'Many 29']) {
        const expected = await t.sql<{ id: string }>(
          `select id from creator_profiles where full_name ilike $1 order by created_at desc, id desc`,
          [`%${text}%`],
        );
        const res = await t
          .http()
          .get('/api/admin/creators')
          .query({ filter: JSON.stringify({ q: text }), sort: JSON.stringify(['created_at', 'DESC']), range: '[0,49]' })
          .set(bearer(admin))
          .expect(200);
        expect([text, res.body.map((c: { id: string }) => c.id)]).toEqual([
          text,
          expected.slice(0, 50).map((r) => r.id),
        ]);
        expect(res.headers['content-range']).toBe(`creators 0-${Math.min(expected.length, 50) - 1}/${expected.length}`);
      }
    });
  });
});
