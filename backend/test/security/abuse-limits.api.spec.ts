import { MSG } from '@local-creators/common';
import {
  createTestApp,
  eventually,
  resetMailsTo,
  signUp,
  STRONG_PASSWORD,
  TestApp,
  uniqueEmail,
} from '../helpers/test-app';

const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const WAIT = /^Too many attempts\. Please wait (\d+) minutes? and try again\.$/;

describe('client address without a configured proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    // TRUST_PROXY is not set: the app is reached directly, so X-Forwarded-For is the client's own claim.
    t = await createTestApp({ env: { RATE_LIMIT_SIGNIN: '5/300' } });
  });
  afterAll(() => t.close());

  it('meets a 429 within 30 wrong sign-ins even when every one claims another forwarded address', async () => {
    const email = uniqueEmail('spoof');
    await signUp(t, email);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await t
        .http()
        .post('/api/auth/login')
        .set(from(`198.51.100.${i + 1}`))
        .send({ email: uniqueEmail('other'), password: 'Wrong-Pass-1' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual(Array(25).fill(429));
  });
});

describe('sign-in throttle per account and address (behind a configured proxy)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Loopback is the configured proxy here; the per-address limit is out of the way.
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback', RATE_LIMIT_SIGNIN: '1000/300' } });
  });
  afterAll(() => t.close());

  const login = (ip: string, email: string, password: string) =>
    t.http().post('/api/auth/login').set(from(ip)).send({ email, password });

  it('slows an attacker on one account without locking the owner out', async () => {
    const email = uniqueEmail('victim');
    await signUp(t, email);
    for (let i = 0; i < 5; i++) expect((await login('203.0.113.66', email, `Guess-Number-${i}`)).status).toBe(400);
    const refused = await login('203.0.113.66', email, 'Guess-Number-6');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(MSG.tooManyRequests(1));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Even the right password waits at that address; the owner elsewhere signs in at once.
    expect((await login('203.0.113.66', email, STRONG_PASSWORD)).status).toBe(429);
    expect((await login('192.0.2.10', email, STRONG_PASSWORD)).status).toBe(200);
    // The attacker's address may still try other accounts (their own throttles are separate).
    expect((await login('203.0.113.66', uniqueEmail('someone'), 'Guess-Number-1')).status).toBe(400);
  });

  it('makes each further wait longer than the last', async () => {
    const email = uniqueEmail('ladder');
    await signUp(t, email);
    for (let i = 0; i < 5; i++) await login('203.0.113.77', email, `Guess-Number-${i}`).expect(400);
    const first = await login('203.0.113.77', email, 'Guess-Number-5').expect(429);
    // The wait passes (its key is dropped instead of sleeping); the next wrong guess locks for longer.
    const keys = await redisKeys(t, '*signin-account*lock*');
    expect(keys.length).toBeGreaterThan(0);
    await redisDel(t, keys);
    await login('203.0.113.77', email, 'Guess-Number-6').expect(400);
    const second = await login('203.0.113.77', email, 'Guess-Number-7').expect(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(Number(first.headers['retry-after']));
    expect(second.body.message).toBe(MSG.tooManyRequests(2));
  });

  it('lets the owner who mistyped a few times start afresh after signing in', async () => {
    const email = uniqueEmail('typo');
    await signUp(t, email);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) await login('192.0.2.20', email, `Typo-Pass-${i}`).expect(400);
      await login('192.0.2.20', email, STRONG_PASSWORD).expect(200);
    }
  });
});

describe('a hop count as TRUST_PROXY (the compose default, 1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', RATE_LIMIT_SIGNIN: '1000/300' } });
  });
  afterAll(() => t.close());

  // Fastify 5.12 reads a number as "trust nobody"; the app keeps the nearest-hops rule (decision 0940).
  it('still reads the client address from the nearest proxy', async () => {
    const email = uniqueEmail('hops');
    await signUp(t, email);
    const login = (ip: string, password: string) =>
      t.http().post('/api/auth/login').set(from(ip)).send({ email, password });
    for (let i = 0; i < 5; i++) await login('203.0.113.88', `Guess-Number-${i}`).expect(400);
    await login('203.0.113.88', STRONG_PASSWORD).expect(429);
    await login('192.0.2.30', STRONG_PASSWORD).expect(200);
  });
});

describe('password reset requests over the limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ worker: true, env: { TRUST_PROXY: 'loopback', RATE_LIMIT_RECOVER: '5/3600' } });
  });
  afterAll(() => t.close());

  it("answers as usual and sends nothing, and never blocks the owner's own request", async () => {
    const email = uniqueEmail('target');
    await signUp(t, email);
    for (let i = 0; i < 8; i++) {
      const res = await t.http().post('/api/auth/recover').set(from('203.0.113.99')).send({ email });
      expect([res.status, res.body]).toEqual([200, {}]);
    }
    // The outbox says what the attack made: every recovery message for the address, all delivered.
    const recoveryRows = () =>
      t.sql<{ status: string }>(
        `select status from outbox_messages where kind = 'password-recovery' and payload->>'email' = $1`,
        [email],
      );
    const rows = await eventually(recoveryRows, (all) => all.length >= 3 && all.every((r) => r.status === 'sent'));
    expect(rows.length).toBeLessThan(8);
    const afterAttack = (await eventually(
      async () => resetMailsTo(t, email).length,
      (n) => n >= rows.length,
    )) as number;
    expect(afterAttack).toBe(rows.length);
    // The owner, from their own address, still gets a link.
    await t.http().post('/api/auth/recover').set(from('192.0.2.55')).send({ email }).expect(200, {});
    await eventually(
      async () => resetMailsTo(t, email).length,
      (n) => n > afterAttack,
    );
    expect(resetMailsTo(t, email).length).toBe(afterAttack + 1);
  });

  it('answers for a known and an unknown address in the same time', async () => {
    const rounds = 20;
    const known: string[] = [];
    for (let i = 0; i <= rounds; i++) known.push((await signUp(t, uniqueEmail('known'))).user.email);
    const time = async (email: string, ip: string) => {
      const start = process.hrtime.bigint();
      await t.http().post('/api/auth/recover').set(from(ip)).send({ email }).expect(200, {});
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // A known address's link is written after the answer; on a busy host that write would land in
    // the next request's time. Each timing starts once the last known link is in its table.
    const timeKnown = async (email: string, ip: string) => {
      const ms = await time(email, ip);
      await eventually(
        () =>
          t.sql<{ n: number }>(
            `select count(*)::int as n from recovery_tokens where user_id = (select id from users where email = $1)`,
            [email],
          ),
        (rows) => rows[0]!.n > 0,
      );
      return ms;
    };
    // Warm both paths, then interleave so load on the machine falls on both alike. Fresh
    // addresses and accounts keep every request under its limits, so each known one mails.
    await time(uniqueEmail('warm'), '198.51.99.1');
    await timeKnown(known[rounds]!, '198.51.99.2');
    // Each round times one known and one unknown request back to back; the median of the rounds'
    // ratios is immune to load that comes and goes across the run (it falls on both of a pair).
    const ratios: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const k = () => timeKnown(known[i]!, `198.51.${100 + i}.1`);
      const u = () => time(uniqueEmail('nobody'), `198.51.${100 + i}.2`);
      let knownMs: number, unknownMs: number;
      if (i % 2) {
        knownMs = await k();
        unknownMs = await u();
      } else {
        unknownMs = await u();
        knownMs = await k();
      }
      ratios.push(knownMs / unknownMs);
    }
    // Before, a known address cost about 2.5 times an unknown one (here ~11 vs ~4.5 ms, on the
    // tracker's machine 75 vs 28 ms); with the same work on both paths only noise is left.
    const typical = Number(median(ratios).toFixed(2));
    expect({
      knownOverUnknown: typical,
      ratios: ratios.map((r) => Number(r.toFixed(2))),
      sameWork: typical < 1.6 && typical > 1 / 1.6,
    }).toEqual({
      knownOverUnknown: expect.any(Number),
      ratios: expect.any(Array),
      sameWork: true,
    });
  });
});

describe('429 answers say the real wait', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SIGNUP: '2/3600' } });
  });
  afterAll(() => t.close());

  it('names the minutes left and sends Retry-After', async () => {
    await signUp(t);
    await signUp(t);
    const res = await t
      .http()
      .post('/api/auth/signup')
      .send({ email: uniqueEmail(), password: STRONG_PASSWORD })
      .expect(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(res.body).toMatchObject({ statusCode: 429, message: MSG.tooManyRequests(60) });
    expect(res.body.message).toMatch(WAIT);
  });
});

async function redisKeys(t: TestApp, pattern: string): Promise<string[]> {
  const { Redis } = await import('ioredis');
  const r = new Redis(t.env.REDIS_URL!);
  try {
    return await r.keys(`${t.env.REDIS_PREFIX}:${pattern}`);
  } finally {
    r.disconnect();
  }
}

async function redisDel(t: TestApp, keys: string[]) {
  const { Redis } = await import('ioredis');
  const r = new Redis(t.env.REDIS_URL!);
  try {
    if (keys.length) await r.del(...keys);
  } finally {
    r.disconnect();
  }
}
