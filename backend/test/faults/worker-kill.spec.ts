import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import {
  createTestApp,
  eventually,
  isResetMailTo,
  resetMailsTo,
  signUp,
  TestApp,
  uniqueEmail,
} from '../helpers/test-app';

const ROOT = join(__dirname, '../../..');
const WORKER = join(ROOT, 'backend/dist/worker.js');

/** The production worker as its own process (npm test builds it before the suites run). */
function startWorkerProcess(env: Record<string, string>): ChildProcess {
  if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing: run npm run build first (npm test does)`);
  return spawn(process.execPath, [WORKER], {
    cwd: ROOT,
    env: { ...process.env, ...env, LOG_LEVEL: 'error' },
    stdio: 'ignore',
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

type Row = { id: string; status: string; attempts: number; lease_until: Date | null };
const recoveryRow = (t: TestApp, email: string) =>
  t
    .sql<Row>(
      `select id, status, attempts, lease_until from outbox_messages where kind = 'password-recovery' and payload->>'email' = $1`,
      [email],
    )
    .then((rows) => rows[0]);

// The worker process killed (SIGKILL, no shutdown) in the middle of a delivery. Its claim on the
// message (a lease in the row, MAIL_LEASE_S) runs out and the next worker sends it.
describe('worker killed in the middle of a job', () => {
  let t: TestApp;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    t = await createTestApp({ worker: false, env: { MAIL_LEASE_S: '4', MAIL_HANDOFF_GRACE_S: '4' } });
  });
  afterAll(async () => {
    await Promise.all(workers.map(killed));
    await t.close();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map(killed));
    t.mailbox.stallMs = 0;
    t.mailbox.onReceiving = null;
  });

  it('before the SMTP server took the mail: the next worker sends it, exactly once', async () => {
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

    // Past the stall, the dead worker's mail was not taken, and the row is still leased to it.
    await new Promise((r) => setTimeout(r, 3_500));
    expect(resetMailsTo(t, email)).toHaveLength(0);
    expect(await recoveryRow(t, email)).toMatchObject({ status: 'queued', attempts: 1 });

    workers.push(startWorkerProcess(t.env));
    const mail = await t.mailbox.waitFor(isResetMailTo(email), 30_000);
    expect(mail.text).toContain('type=recovery');
    const sent = await eventually(
      () => recoveryRow(t, email),
      (r) => r?.status === 'sent',
    );
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lease_until: null });
    expect(mail.messageId).toBe(`<${sent!.id}@local-creators>`);
    expect(resetMailsTo(t, email)).toHaveLength(1);
  }, 60_000);

  it('after the SMTP server took the mail but before the row said so: sent again with the same Message-ID', async () => {
    const email = uniqueEmail();
    await signUp(t, email);
    const first = startWorkerProcess(t.env);
    workers.push(first);

    // While the mail is with the SMTP server, lock the row, so the worker cannot record "sent".
    const locker = new Client({ connectionString: t.env.DATABASE_URL });
    await locker.connect();
    let locked!: () => void;
    const rowLocked = new Promise<void>((resolve) => (locked = resolve));
    t.mailbox.stallMs = 1_000;
    t.mailbox.onReceiving = () => {
      t.mailbox.onReceiving = null;
      void (async () => {
        await locker.query('begin');
        await locker.query(
          `select 1 from outbox_messages where kind = 'password-recovery' and payload->>'email' = $1 for update`,
          [email],
        );
        locked();
      })();
    };
    try {
      await t.http().post('/api/auth/recover').send({ email }).expect(200);
      await rowLocked;
      await t.mailbox.waitFor(isResetMailTo(email), 15_000);
      await killed(first); // the mail was accepted; the worker dies waiting to record it
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
    }
    t.mailbox.stallMs = 0;
    expect(await recoveryRow(t, email)).toMatchObject({ status: 'queued', attempts: 1 });

    workers.push(startWorkerProcess(t.env));
    const sent = await eventually(
      () => recoveryRow(t, email),
      (r) => r?.status === 'sent',
      30_000,
    );
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    // At-least-once: the one duplicate a crash can cause carries the same Message-ID, so mail
    // clients and servers that deduplicate show it once.
    const mails = resetMailsTo(t, email);
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map((m) => m.messageId))).toEqual(new Set([`<${sent!.id}@local-creators>`]));
  }, 60_000);
});
