import pg from 'pg';
import { releaseDeadConnections } from '../../src/database/dead-connections';

const ADMIN_URL = process.env.LC_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GRACE_MS = 300;

/** What `pool.end()` came to within `ms`. */
const endWithin = (pool: pg.Pool, ms: number) =>
  Promise.race([
    pool.end().then(() => 'ended' as const),
    new Promise<string>((r) => setTimeout(() => r(`still ending after ${ms / 1000} s`), ms).unref()),
  ]);

// The process's shutdown ends the ORM's pool; a connection a transaction never gave back kept that
// end, so the worker's shutdown, waiting forever (CI, twice: mail-loss.spec.ts).
describe("the ORM pool's end", () => {
  it('takes back a connection its holder never releases, after the grace', async () => {
    const pool = new pg.Pool({ connectionString: ADMIN_URL, max: 2 });
    releaseDeadConnections(pool, GRACE_MS);
    const held = await pool.connect();
    const started = Date.now();
    expect(await endWithin(pool, 10_000)).toBe('ended');
    expect(Date.now() - started).toBeGreaterThanOrEqual(GRACE_MS - 20);
    held.release(); // its holder, too late: nothing happens
  });

  it('takes back a connection that arrives after the end was called', async () => {
    const pool = new pg.Pool({ connectionString: ADMIN_URL, max: 2 });
    releaseDeadConnections(pool, GRACE_MS);
    // Asked for before the end, connected after it: handed to its asker, who never gives it back.
    const arriving = pool.connect();
    const ended = endWithin(pool, 10_000);
    const late = await arriving;
    expect(late).toBeDefined();
    expect(await ended).toBe('ended');
  });
});
