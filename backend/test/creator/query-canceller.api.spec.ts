import pg, { Client } from 'pg';
import type { AppConfig } from '../../src/config/app-config';
import { QueryCanceller } from '../../src/modules/directory/infrastructure/query-canceller';
import { createTestDatabase } from '../helpers/test-db';

/**
 * When a storm's clients go away together, their searches are cancelled together. Each cancel was
 * handed to the canceller's one connection while it was still busy with the previous one, which
 * `pg` queues but deprecates ("Calling client.query() when the client is already executing a
 * query"): the warning printed during every bench.
 */
describe('the query canceller', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let canceller: QueryCanceller;
  /** The most statements the canceller's connection was handed at once. */
  let mostAtOnce = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    canceller = new QueryCanceller({ database: { url: db.url, connectTimeoutMs: 30_000 } } as AppConfig);
    // Counted on the client's own query calls: the canceller's connection is the one that cancels.
    const query = pg.Client.prototype.query;
    let handed = 0;
    jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (typeof args[0] === 'string' && args[0].includes('pg_cancel_backend')) {
        mostAtOnce = Math.max(mostAtOnce, ++handed);
        void (result as Promise<unknown>).finally(() => handed--).catch(() => undefined);
      }
      return result as never;
    });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await canceller?.onApplicationShutdown();
    await db?.drop();
  });

  it('cancels ten running statements asked at once, one after another on its connection (pg deprecates queueing them)', async () => {
    const clients = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const c = new Client({ connectionString: db.url });
        await c.connect();
        return c;
      }),
    );
    try {
      const pids = await Promise.all(
        clients.map(async (c) => (await c.query('select pg_backend_pid() as pid')).rows[0].pid as number),
      );
      const running = clients.map((c) =>
        c.query('select pg_sleep(30)').then(
          () => 'finished',
          (error: { code?: string }) => error.code,
        ),
      );
      // Asked while they run, all at once, and five more for backends that are not there.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await Promise.all([...pids, ...[1, 2, 3, 4, 5]].map((pid) => canceller.cancel(pid)));
      expect(await Promise.all(running)).toEqual(pids.map(() => '57014'));
      expect(mostAtOnce).toBe(1);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });
});
