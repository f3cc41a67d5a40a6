#!/usr/bin/env node
// `npm run admin -- grant someone@example.com [--city akron]` / `revoke` / `show`: the admin role
// (of every city, or of some: decision 0601) from the command line;
// `npm run admin -- reset-password someone@example.com`: a new password, printed once;
// `npm run admin -- city list|add|set …`: the cities the install serves (decision 0600).
// Uses DATABASE_URL, or the embedded PostgreSQL of `npm start` (started for the call when needed).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { portOpen, startEmbeddedPostgres } from './lib/services.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
if (!(['grant', 'revoke', 'show', 'reset-password'].includes(args[0]) && args[1]) && !(args[0] === 'city' && args[1])) {
  console.error('Usage: npm run admin -- grant|revoke|show|reset-password someone@example.com [--city slug]\n       npm run admin -- city list|add <name>|set <slug> [options]');
  process.exit(2);
}
if (!existsSync(join(root, 'backend/dist/cli.js'))) {
  spawnSync('npm', ['run', 'build', '-w', 'common'], { cwd: root, stdio: 'inherit' });
  spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });
}
const env = { ...process.env };
let stop = async () => {};
if (!env.DATABASE_URL) {
  const dataDir = resolve(process.env.DATA_DIR ?? join(root, '.data'));
  const pgPort = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  if (await portOpen(pgPort)) {
    env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${pgPort}/local_creators`;
  } else {
    const pg = await startEmbeddedPostgres({ dir: join(dataDir, 'postgres'), port: pgPort, database: 'local_creators' });
    env.DATABASE_URL = pg.url;
    stop = pg.stop;
  }
}
const result = spawnSync('node', ['backend/dist/cli.js', ...(args[0] === 'city' ? args : ['admin', ...args])], { cwd: root, stdio: 'inherit', env });
await stop();
process.exit(result.status ?? 1);
