import { Client } from 'pg';
import { createTestDatabase } from './test-db';
import { planReads } from './plan-reads';

/**
 * The plan budgets (search-plans, search-budgets, area-plans, local-share-plans) count the pages a
 * statement reads. CI failed one at 112 pages for a directory page whose plan reads 5: the reads a
 * backend makes to load catalog rows were counted with the plan's. A new connection shows the same.
 */
describe('the pages a plan reads', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const clients: Client[] = [];
  async function connect() {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    clients.push(client);
    // Generic plans evaluate to_tsquery as they run, as the directory's prepared statements do.
    await client.query('set plan_cache_mode = force_generic_plan');
    return client;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    const pg = await connect();
    await pg.query(`create table plan_reads_probe (id int primary key, doc tsvector, created_at timestamptz not null)`);
    await pg.query(`insert into plan_reads_probe select i, to_tsvector('simple', 'creator food ' || i),
      now() - make_interval(secs => i) from generate_series(1, 30000) i`);
    await pg.query('create index plan_reads_probe_created_idx on plan_reads_probe (created_at desc, id)');
    await pg.query('analyze plan_reads_probe');
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) await client.end();
    await db?.drop();
  });

  const PAGE = `select row_to_json(r)::text from (select id, created_at, doc @@ to_tsquery('simple', $1) as matched
    from plan_reads_probe where created_at <= $2 order by created_at desc, id limit 25) r`;

  it("are the plan's own, not the catalog rows a new connection loads to run it", async () => {
    const warm = await connect();
    await warm.query(`prepare page as ${PAGE}`);
    await warm.query(`execute page('creator & food', now())`);
    const warmed = await planReads(warm, `execute page('creator & food', now())`);

    const fresh = await connect();
    await fresh.query(`prepare page as ${PAGE}`);
    const first = await planReads(fresh, `execute page('creator & food', now())`);

    expect(warmed.plan['Actual Rows']).toBe(25);
    // The index's root and a leaf, and the heap pages of 25 neighbouring rows.
    expect(warmed.pages).toBeLessThan(10);
    expect(first.pages).toBe(warmed.pages);
  });
});
