import net from 'node:net';
import tls from 'node:tls';
import { Client } from 'pg';
import { QueryCanceller } from '../../src/modules/directory/infrastructure/query-canceller';
import { PrivatePostgres } from '../helpers/private-postgres';
import { createTestDatabase } from '../helpers/test-db';
import { testCertificates } from '../helpers/test-certificates';

/**
 * A search whose client went away is cancelled with its own connection's key (PostgreSQL's
 * CancelRequest, as psql's Ctrl-C): the canceller logs in nowhere and holds no connection (issue 38
 * point 4). When a storm's clients go away together, their cancels go one at a time to a server,
 * as PostgreSQL starts a process for each.
 */
describe('the query canceller', () => {
  const canceller = new QueryCanceller();
  afterEach(() => jest.restoreAllMocks());

  /** `n` connections, each running `select pg_sleep(30)`, and what each statement ended with. */
  async function sleeping(n: number, connectionString: string) {
    const clients = await Promise.all(
      Array.from({ length: n }, async () => {
        const c = new Client({ connectionString });
        await c.connect();
        return c;
      }),
    );
    const ended = clients.map((c) =>
      c.query('select pg_sleep(30)').then(
        () => 'finished',
        (error: { code?: string }) => error.code,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 200)); // running
    return { clients, ended, close: () => Promise.all(clients.map((c) => c.end())) };
  }

  describe('on a plain connection', () => {
    let db: Awaited<ReturnType<typeof createTestDatabase>>;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(() => db?.drop());

    it('cancels ten running statements asked at once, one cancel at a time, logging in nowhere', async () => {
      let open = 0;
      let mostAtOnce = 0;
      const connect = net.connect;
      jest.spyOn(net, 'connect').mockImplementation(((...args: Parameters<typeof net.connect>) => {
        const socket = (connect as (...a: unknown[]) => net.Socket)(...args);
        mostAtOnce = Math.max(mostAtOnce, ++open);
        socket.once('close', () => open--);
        return socket;
      }) as typeof net.connect);
      const { clients, ended, close } = await sleeping(10, db.url);
      const watcher = new Client({ connectionString: db.url });
      await watcher.connect();
      const backends = async () =>
        (await watcher.query('select count(*)::int as n from pg_stat_activity where datname = current_database()'))
          .rows[0].n as number;
      try {
        const before = await backends();
        await Promise.all(clients.map((c) => canceller.cancel(c)));
        expect(await Promise.all(ended)).toEqual(clients.map(() => '57014'));
        expect(mostAtOnce).toBe(1);
        // No connection of its own: the database has the same backends as before the cancels.
        expect(await backends()).toBe(before);
      } finally {
        await close();
        await watcher.end();
      }
    });

    it('does nothing for a connection without a backend key, and never throws for one that is gone', async () => {
      await expect(canceller.cancel({ host: '127.0.0.1', port: 5432 })).resolves.toBeUndefined();
      await expect(
        canceller.cancel({ processID: 1, secretKey: 2, host: '127.0.0.1', port: 1 }),
      ).resolves.toBeUndefined();
    });
  });

  describe('on a TLS connection (a server that accepts only TLS)', () => {
    const certs = testCertificates();
    const postgres = new PrivatePostgres({ tls: certs });
    beforeAll(() => postgres.start(), 60_000);
    afterAll(() => {
      postgres.destroy();
      certs.remove();
    });

    it('asks over TLS too, checking the server as the connection did', async () => {
      const secured = jest.spyOn(tls, 'connect');
      const { clients, ended, close } = await sleeping(1, postgres.adminUrl);
      try {
        secured.mockClear(); // the connection's own handshake
        await canceller.cancel(clients[0]!);
        expect(await Promise.all(ended)).toEqual(['57014']);
        expect(secured).toHaveBeenCalledTimes(1);
        expect(secured.mock.calls[0]![0]).toMatchObject({ ca: expect.anything() });
      } finally {
        await close();
      }
    });
  });
});
