import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminCall, AuthSession } from '@local-creators/common';
import { CallMail } from '../../src/modules/calls/application/call-mail.service';
import { Outbox } from '../../src/modules/notifications';
import { validProfile } from '../creator/fixtures';
import { cityDay, validCall } from '../calls/fixtures';
import { PrivateRedis } from '../helpers/private-redis';
import {
  bearer,
  createTestApp,
  eventually,
  signUp,
  signUpAdmin,
  signUpConfirmed,
  type TestApp,
} from '../helpers/test-app';

const ROOT = join(__dirname, '../../..');
const WORKER = join(ROOT, 'backend/dist/worker.js');

const day = cityDay;
/** The next morning in the cities' time zone (9 or 10 a.m.): digests are due. */
const nextMorning = () => new Date(`${day(1)}T14:00:00Z`);
const DIGEST = '2 new open calls for you';

/**
 * A listed creator who got today's call mail, and two more approved calls waiting for tomorrow's
 * digest (decision 0911). Answers the creator's address.
 */
async function digestWaiting(t: TestApp): Promise<string> {
  const admin = await signUpAdmin(t);
  const creator = await signUp(t);
  const { body } = await t.http().put('/api/me/profile').set(bearer(creator)).send(validProfile()).expect(201);
  await t.sql(
    `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true, decided_at = now() where id = $1`,
    [body.id],
  );
  for (const title of ['First call', 'Second call', 'Third call']) {
    const business: AuthSession = await signUpConfirmed(t);
    const posted = await t
      .http()
      .post('/api/calls')
      .set(bearer(business))
      .send(
        validCall({
          title,
          description: 'Film our new winter menu.',
          neighborhoods: [],
          followers_min: null,
          followers_max: null,
          offer: 'unpaid',
          fee_min: null,
          fee_max: null,
          creators_wanted: 2,
        }),
      )
      .expect(201);
    const { version } = (await t.http().get(`/api/admin/calls/${posted.body.id}`).set(bearer(admin)).expect(200))
      .body as AdminCall;
    await t
      .http()
      .put(`/api/admin/calls/${posted.body.id}`)
      .set(bearer(admin))
      .send({ action: 'approve', version })
      .expect(200);
  }
  expect(
    await t.sql(`select status from call_matches where account_id = $1 order by status`, [creator.user.id]),
  ).toEqual([{ status: 'mailed' }, { status: 'waiting' }, { status: 'waiting' }]);
  return creator.user.email;
}

const digestsTo = (t: TestApp, email: string) => t.mailbox.to(email).filter((m) => m.subject === DIGEST);
const digestRows = (t: TestApp, email: string) =>
  t.sql<{ id: string; status: string; attempts: number }>(
    `select id, status, attempts from outbox_messages where kind = 'call-match' and payload->>'email' = $1 and jsonb_array_length(payload->'calls') = 2`,
    [email],
  );

// Issue 40's "Done when": no call mail is lost or doubled when the digest's writer, Redis or the
// worker dies in the middle of a digest (decision 0911).
describe('call digest faults', () => {
  const redis = new PrivateRedis();
  let t: TestApp;
  beforeAll(async () => {
    await redis.start();
    t = await createTestApp({ worker: true, env: { REDIS_URL: redis.url, CALL_DIGEST_SWEEP_S: '0' } });
  });
  afterAll(async () => {
    await t.close();
    await redis.stop();
  });

  it('the digest dies before its transaction commits: nothing is marked, the next sweep sends it once', async () => {
    const email = await digestWaiting(t);
    const outbox = t.app.get(Outbox);
    const add = outbox.add.bind(outbox);
    outbox.add = (() => {
      outbox.add = add;
      throw new Error('process died while writing the digest');
    }) as typeof outbox.add;
    await expect(t.app.get(CallMail).sendDigests(nextMorning())).rejects.toThrow('process died');
    expect(
      await t.sql(
        `select status from call_matches m join users u on u.id = m.account_id where u.email = $1 and status = 'waiting'`,
        [email],
      ),
    ).toHaveLength(2);
    expect(await digestRows(t, email)).toEqual([]);

    expect(await t.app.get(CallMail).sendDigests(nextMorning())).toBe(1);
    expect(await t.app.get(CallMail).sendDigests(nextMorning())).toBe(0);
    await t.mailbox.waitFor((m) => m.to.includes(email) && m.subject === DIGEST);
    await eventually(
      () => digestRows(t, email),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(digestsTo(t, email)).toHaveLength(1);
    expect(await digestRows(t, email)).toHaveLength(1);
  }, 60_000);

  it('Redis is down when the digest is written: it waits in the outbox and goes out once, after Redis is back', async () => {
    const email = await digestWaiting(t);
    await t.mailbox.waitFor((m) => m.to.includes(email) && m.subject === 'New open call: First call');
    await redis.stop();
    try {
      expect(await t.app.get(CallMail).sendDigests(nextMorning())).toBeGreaterThanOrEqual(1);
      expect(await digestRows(t, email)).toEqual([expect.objectContaining({ status: 'pending' })]);
    } finally {
      await redis.start();
    }
    await t.mailbox.waitFor((m) => m.to.includes(email) && m.subject === DIGEST, 30_000);
    await eventually(
      () => digestRows(t, email),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(await t.app.get(CallMail).sendDigests(nextMorning())).toBe(0);
    expect(digestsTo(t, email)).toHaveLength(1);
  }, 60_000);
});

/** The production worker as its own process (built by npm run build). */
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

describe('call digest: the worker killed while sending it', () => {
  let t: TestApp;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      worker: false,
      env: { MAIL_LEASE_S: '4', MAIL_HANDOFF_GRACE_S: '4', CALL_DIGEST_SWEEP_S: '0' },
    });
  });
  afterAll(async () => {
    await Promise.all(workers.map(killed));
    await t.close();
  });

  it('before the SMTP server took it: the next worker sends the digest, exactly once', async () => {
    const first = startWorkerProcess(t.env);
    workers.push(first);
    const email = await digestWaiting(t);
    await t.mailbox.waitFor((m) => m.to.includes(email) && m.subject === 'New open call: First call', 30_000);
    // Everything else (sign-up and admin mails) delivered: the one mail in flight below is the digest.
    await eventually(
      () => t.sql<{ n: number }>(`select count(*)::int n from outbox_messages where status <> 'sent'`),
      ([r]) => r?.n === 0,
      30_000,
    );

    let receiving!: () => void;
    const inFlight = new Promise<void>((resolve) => (receiving = resolve));
    t.mailbox.onReceiving = () => receiving();
    t.mailbox.stallMs = 3_000;
    expect(await t.app.get(CallMail).sendDigests(nextMorning())).toBe(1);
    await inFlight; // the worker waits for the SMTP server's answer
    await killed(first);
    t.mailbox.stallMs = 0;
    t.mailbox.onReceiving = null;
    await new Promise((r) => setTimeout(r, 3_500));
    expect(digestsTo(t, email)).toHaveLength(0);

    workers.push(startWorkerProcess(t.env));
    const mail = await t.mailbox.waitFor((m) => m.to.includes(email) && m.subject === DIGEST, 30_000);
    const [row] = await eventually(
      () => digestRows(t, email),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(mail.messageId).toBe(`<${row!.id}@local-creators>`);
    expect(await t.app.get(CallMail).sendDigests(nextMorning())).toBe(0);
    expect(digestsTo(t, email)).toHaveLength(1);
  }, 90_000);
});
