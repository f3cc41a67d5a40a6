import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, eventually, signUp, TestApp, uniqueEmail } from '../helpers/test-app';

const ROOT = join(__dirname, '../../..');
const WORKER = join(ROOT, 'backend/dist/worker.js');

/** The production worker as its own process (npm test builds it before the suites run). */
function startWorkerProcess(env: Record<string, string>): ChildProcess {
  if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing: run npm run build first (npm test does)`);
  return spawn(process.execPath, [WORKER], { cwd: ROOT, env: { ...process.env, ...env, LOG_LEVEL: 'error' }, stdio: 'ignore' });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

// The worker process killed (SIGKILL, no shutdown) while it is handing a mail to the SMTP server:
// the job is taken over by the next worker, and the mail arrives exactly once.
describe('worker killed in the middle of a job', () => {
  let t: TestApp;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    t = await createTestApp({ worker: false });
  });
  afterAll(async () => {
    await Promise.all(workers.map(killed));
    await t.close();
  });

  it('completes the job once after a new worker starts, with no duplicate mail', async () => {
    const email = uniqueEmail();
    await signUp(t, email);

    let receiving!: () => void;
    const inFlight = new Promise<void>((resolve) => (receiving = resolve));
    t.mailbox.onReceiving = () => receiving();
    t.mailbox.stallMs = 3_000;
    const first = startWorkerProcess(t.env);
    workers.push(first);

    await t.http().post('/api/auth/recover').send({ email }).expect(200);
    await inFlight; // the worker is waiting for the SMTP server's answer
    await killed(first);
    t.mailbox.stallMs = 0;
    t.mailbox.onReceiving = null;

    await new Promise((r) => setTimeout(r, 3_500)); // past the stall: the dead worker's mail was not taken
    expect(t.mailbox.to(email)).toHaveLength(0);
    const [pending] = await t.sql<{ status: string }>(`select status from outbox_messages where kind = 'password-recovery' and payload->>'email' = $1`, [email]);
    expect(pending?.status).toBe('queued');

    workers.push(startWorkerProcess(t.env));
    const mail = await t.mailbox.waitFor((m) => m.to.includes(email), 30_000);
    expect(mail.text).toContain('type=recovery');
    const [sent] = await eventually(
      () => t.sql<{ status: string; attempts: number }>(`select status, attempts from outbox_messages where kind = 'password-recovery' and payload->>'email' = $1`, [email]),
      ([r]) => r?.status === 'sent',
    );
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    await new Promise((r) => setTimeout(r, 2_000));
    expect(t.mailbox.to(email)).toHaveLength(1);
  }, 60_000);
});
