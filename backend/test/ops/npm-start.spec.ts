import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../helpers/services';

// `npm start` on a fresh machine (issue 11): a quiet boot in readable lines, and the one-time
// admin credentials printed last, where they cannot scroll away. Runs scripts/start.mjs for real
// on an embedded PostgreSQL of its own (fresh data directory), with the product already built.
const ROOT = join(__dirname, '../../..');

describe('npm start', () => {
  let child: ChildProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'lc-start-'));
  chmodSync(dataDir, 0o777); // the embedded PostgreSQL may run as its own user (root may not run it)
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The local addresses listening on `port` (IPv4), as the kernel lists them. */
  const listeners = (port: number) =>
    readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((f) => f[3] === '0A' && f[1] && parseInt(f[1].split(':')[1]!, 16) === port)
      .map((f) =>
        f[1]!
          .split(':')[0]!
          .match(/../g)!
          .reverse()
          .map((h) => parseInt(h, 16))
          .join('.'),
      );

  // With METRICS_PORT set it also becomes healthy: the api and the worker each get a metrics port
  // of their own, bound on HOST only (issue 23).
  it('boots quietly and shows the admin credentials last', async () => {
    const [port, pgPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      REDIS_URL: process.env.LC_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `start${port}`,
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
    };
    delete env.DATABASE_URL;
    delete env.LOG_FORMAT;
    child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));

    // Waits for the credentials as they are printed (the test's own timeout bounds it).
    await new Promise<void>((resolve, reject) => {
      const seen = () => /password: \S+[\s\S]*console: /.test(output) && resolve();
      child!.stdout!.on('data', seen);
      child!.stderr!.on('data', seen);
      child!.once('exit', () =>
        reject(new Error(`npm start exited before it showed the admin credentials:\n${output}`)),
      );
      seen();
    });
    const lines = output.split('\n').filter((l) => l.trim() !== '');

    // The last lines are the credentials, after the "running at" line.
    const running = lines.findIndex((l) => l.includes(`Local Creators is running at http://localhost:${port}`));
    const box = lines.findIndex((l) => l.includes('Admin account created (shown once, keep it):'));
    expect(running).toBeGreaterThan(-1);
    expect(box).toBeGreaterThan(running);
    // Issue 25: only once both processes said they are up, whatever order they start in.
    const apiReady = lines.findIndex((l) => / api +listening on /.test(l));
    const workerReady = lines.findIndex((l) => / worker +worker started/.test(l));
    expect(apiReady).toBeGreaterThan(-1);
    expect(workerReady).toBeGreaterThan(-1);
    expect(box).toBeGreaterThan(Math.max(apiReady, workerReady));
    expect(running).toBeGreaterThan(Math.max(apiReady, workerReady));
    // A quiet build: none of the bundler's warnings (13 INEFFECTIVE_DYNAMIC_IMPORT before).
    expect(output).not.toContain('INEFFECTIVE_DYNAMIC_IMPORT');
    expect(lines.slice(box)).toEqual([
      '  Admin account created (shown once, keep it):',
      '    e-mail:   admin@localcreators.local',
      expect.stringMatching(/^ {4}password: Lc-\S+$/),
      '    console:  /admin   (lost it? npm run admin -- reset-password admin@localcreators.local)',
    ]);
    // Readable lines, not the backend's JSON; Nest's module and route listing left out.
    expect(lines.filter((l) => l.trimStart().startsWith('{"'))).toEqual([]);
    expect(output).not.toMatch(/Mapped \{|dependencies initialized|Processing '/);
    if (lines.length >= 20) console.log(lines.join('\n'));
    expect(lines.length).toBeLessThan(20);

    // Both processes answer on their own metrics port, on HOST only, and neither was restarted.
    for (const [at, service] of [
      [metricsPort, 'api'],
      [metricsPort + 1, 'worker'],
    ] as const) {
      const metrics = await fetch(`http://127.0.0.1:${at}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain(`service="${service}"`);
      expect(listeners(at)).toEqual(['127.0.0.1']);
    }
    expect(output).not.toMatch(/EADDRINUSE|restart/i);
    // Still last after both processes answered their metrics: nothing was printed after the box.
    expect(
      output
        .split('\n')
        .filter((l) => l.trim() !== '')
        .slice(box),
    ).toEqual(lines.slice(box));
  }, 180_000);

  // Issue 25: a step that fails says why, not only which command failed.
  it('says why a start step failed: its error output under the failed command', async () => {
    const port = await freePort();
    const closed = await freePort(); // nothing listens there
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://lc:lc@127.0.0.1:${closed}/nowhere`,
      REDIS_URL: process.env.LC_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `startfail${port}`,
    };
    const failing = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    failing.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    failing.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise((r) => failing.once('exit', r));
    expect(code).toBe(1);
    const lines = output.split('\n').filter((l) => l.trim() !== '');
    const failed = lines.indexOf('[local-creators] failed: node backend/dist/cli.js migrate --quiet (exit code 1)');
    expect(failed).toBeGreaterThan(-1);
    expect(lines[failed + 1]).toBe('[local-creators] its last error output:');
    expect(lines.slice(failed + 2).join('\n')).toContain(`ECONNREFUSED 127.0.0.1:${closed}`);
  }, 120_000);
});
