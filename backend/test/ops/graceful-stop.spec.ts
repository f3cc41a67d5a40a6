import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../helpers/services';
import { createTestDatabase, TEST_CONNECT_TIMEOUT } from '../helpers/test-db';

// An orchestrator stops an api replica with SIGTERM during a rolling upgrade; its proxy may still
// route to it for a moment (a DNS refresh, an endpoints update) and holds kept-alive connections
// to it. The built API (backend/dist/main.js, as the image runs it) keeps answering while it
// drains, tells callers to go elsewhere, and only then stops listening (decision 0317).
const ROOT = join(__dirname, '../../..');

describe('the API stopped with SIGTERM', () => {
  let child: ChildProcess | undefined;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let port = 0;
  let output = '';
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const mailDir = mkdtempSync(join(tmpdir(), 'lc-stop-mail-'));

  beforeAll(async () => {
    db = await createTestDatabase();
    port = await freePort();
    child = spawn(process.execPath, ['backend/dist/main.js'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        REDIS_URL: process.env.LC_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_PREFIX: `stop${randomBytes(4).toString('hex')}`,
        JWT_SECRET: randomBytes(24).toString('hex'),
        MAIL_DIR: mailDir,
        SHUTDOWN_DRAIN_S: '2',
        LOG_LEVEL: 'warn',
        ...TEST_CONNECT_TIMEOUT,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    for (let i = 0; i < 300; i++) {
      const up = await call('GET', '/api/health').catch(() => null);
      if (up?.status === 200) return;
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the API did not start: ${output}`);
  }, 60_000);
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    agent.destroy();
    await db.drop();
    rmSync(mailDir, { recursive: true, force: true });
  });

  /** One request over the kept-alive agent (the proxy's connection pool). */
  function call(method: string, path: string, body?: unknown) {
    return new Promise<{ status: number; connection?: string; json: Record<string, unknown> }>((ok, fail) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = request({
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {},
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          ok({ status: res.statusCode!, connection: res.headers.connection, json: text ? JSON.parse(text) : {} }),
        );
      });
      req.on('error', fail);
      req.end(payload);
    });
  }

  it('answers while it drains, closing each connection after its answer, then stops listening and exits 0', async () => {
    expect((await call('GET', '/api/health')).connection).toBe('keep-alive');
    const exited = new Promise<number | null>((r) => child!.once('exit', (code) => r(code)));
    child!.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));

    // The kept-alive connection still answers: health says draining, and the connection closes.
    const health = await call('GET', '/api/health');
    expect({ status: health.status, body: health.json.status, connection: health.connection }).toEqual({
      status: 503,
      body: 'draining',
      connection: 'close',
    });
    // A write that was already on its way is taken, not refused.
    const signUp = await call('POST', '/api/auth/signup', {
      email: `drain-${randomBytes(4).toString('hex')}@example.com`,
      password: 'Sunny-Lake-42',
    });
    expect({ status: signUp.status, connection: signUp.connection }).toEqual({ status: 201, connection: 'close' });

    expect(await exited).toBe(0);
    await expect(call('GET', '/api/health')).rejects.toThrow(/ECONNREFUSED/);
    expect(output).toContain('SIGTERM: draining for 2 s before closing');
  }, 30_000);
});
