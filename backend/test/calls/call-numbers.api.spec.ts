import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MSG,
  type AdminCall,
  type AuthSession,
  type CallAnswers,
  type CallNumbers,
  type CallNumbersByCity,
  type OwnCall,
} from '@local-creators/common';
import { CallMail } from '../../src/modules/calls/application/call-mail.service';
import { CallVisits } from '../../src/modules/calls/application/call-visits';
import { Cities } from '../../src/modules/city';
import { validProfile } from '../creator/fixtures';
import { bearer, createTestApp, signUp, signUpAdmin, signUpConfirmed, type TestApp } from '../helpers/test-app';
import { cityDay, validCall } from './fixtures';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * Issue 40 point 5, decisions 0920–0922: per call, its views (a person's client once a day, robots
 * and a script's pace left out), the matched creators a mail naming it was written to, its answers
 * and picks, for its business (My calls) and its city's admins; per city, the totals, for that
 * city's admins only.
 */
describe('open calls in numbers', () => {
  let t: TestApp;
  let admin: AuthSession;
  let akronAdmin: AuthSession;

  beforeAll(async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'lc-web-'));
    mkdirSync(join(webRoot, 'public-site', 'dist'), { recursive: true });
    writeFileSync(
      join(webRoot, 'public-site', 'dist', 'index.html'),
      '<!doctype html><html><head><title>Local Creators</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({
      env: {
        WEB_ROOT: webRoot,
        PUBLIC_URL: 'https://creators.example.org',
        ADMIN_NOTIFY_EMAILS: '',
        CALL_DIGEST_SWEEP_S: '0',
        // Each client reads from its own address (X-Forwarded-For, trusted from the test's own loopback).
        TRUST_PROXY: 'loopback',
      },
    });
    await t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
    admin = await signUpAdmin(t);
    akronAdmin = await signUpAdmin(t);
    await t.sql(`insert into admin_city_grants (user_id, city_slug) values ($1, 'akron')`, [akronAdmin.user.id]);
  });
  afterAll(() => t.close());

  const decide = async (id: string, body: object) => {
    const { version } = (await t.http().get(`/api/admin/calls/${id}`).set(bearer(admin)).expect(200)).body as AdminCall;
    await t
      .http()
      .put(`/api/admin/calls/${id}`)
      .set(bearer(admin))
      .send({ version, ...body })
      .expect(200);
  };
  /** A business of its own posts a call (the home city's unless said) and an admin approves it. */
  const approvedCall = async (over: Record<string, unknown> = {}) => {
    const owner = await signUpConfirmed(t);
    const posted = await t.http().post('/api/calls').set(bearer(owner)).send(validCall(over)).expect(201);
    expect((posted.body as OwnCall).numbers).toEqual({ views: 0, creators_mailed: 0, answers: 0, picks: 0 });
    await decide(posted.body.id, { action: 'approve' });
    return { id: posted.body.id as string, owner };
  };
  /** A listed creator of the home city matching every validCall, with a proven address. */
  const creator = async (name: string) => {
    const session = await signUpConfirmed(t);
    const { body } = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(session))
      .send(validProfile({ full_name: name }))
      .expect(201);
    await t.sql(
      `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true, decided_at = now(), reply_days = 2 where id = $1`,
      [body.id],
    );
    return session;
  };
  /** The call's numbers as its business reads them on My calls, and as the console's list and record show them: all three the same. */
  const numbersOf = async (call: { id: string; owner: AuthSession }): Promise<CallNumbers> => {
    const mine = ((await t.http().get('/api/me/calls').set(bearer(call.owner)).expect(200)).body as OwnCall[]).find(
      (c) => c.id === call.id,
    )!;
    const record = (await t.http().get(`/api/admin/calls/${call.id}`).set(bearer(admin)).expect(200)).body as AdminCall;
    const listed = (
      (
        await t
          .http()
          .get('/api/admin/calls')
          .query({ filter: JSON.stringify({ status: record.status }), range: '[0,99]' })
          .set(bearer(admin))
          .expect(200)
      ).body as AdminCall[]
    ).find((c) => c.id === call.id);
    expect(record.numbers).toEqual(mine.numbers);
    if (listed) expect(listed.numbers).toEqual(mine.numbers);
    return mine.numbers;
  };
  /** A GET as a client: its address and its User-Agent (none when null). */
  const read = (path: string, ip: string, userAgent: string | null = BROWSER) => {
    const req = t.http().get(path).set('X-Forwarded-For', ip);
    return userAgent === null ? req.unset('User-Agent') : req.set('User-Agent', userAgent);
  };
  /** Every view read so far has been checked and written. */
  const settled = () => t.app.get(CallVisits).settled();
  const dayRows = (id: string) =>
    t.sql<{ day: string; n: number }>(
      `select day::text as day, n from call_daily_views where call_id = $1 order by day`,
      [id],
    );

  it('counts a person once a day per call, as JSON or as the drawn page; robots, scripts and a 404 never', async () => {
    const call = await approvedCall();
    for (let i = 0; i < 5; i++) await read(`/api/calls/${call.id}`, '10.40.5.1').expect(200);
    await read(`/cleveland/calls/${call.id}`, '10.40.5.1').expect(200);
    // Another client: a phone on the same address.
    await read(`/cleveland/calls/${call.id}`, '10.40.5.1', `${BROWSER} Mobile`).expect(200);
    for (const ua of [
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'python-requests/2.31.0',
      'curl/8.5.0',
      null,
    ]) {
      await read(`/api/calls/${call.id}`, '10.40.5.2', ua).expect(200);
      await read(`/cleveland/calls/${call.id}`, '10.40.5.2', ua).expect(200);
    }
    await read(`/api/calls/00000000-0000-4000-8000-000000000000`, '10.40.5.3').expect(404);
    await settled();
    expect((await numbersOf(call)).views).toBe(2);
    expect(await dayRows(call.id)).toEqual([{ day: cityDay(0), n: 2 }]);

    // The next day the same client is a view again, on that day's row.
    t.clock.set(new Date(Date.now() + 86_400_000));
    try {
      await read(`/api/calls/${call.id}`, '10.40.5.1').expect(200);
      await settled();
    } finally {
      t.clock.reset();
    }
    expect((await numbersOf(call)).views).toBe(3);
    expect(await dayRows(call.id)).toEqual([
      { day: cityDay(0), n: 2 },
      { day: cityDay(1), n: 1 },
    ]);
  });

  it('stops counting an address that opens calls faster than a person, whatever User-Agent it sends', async () => {
    const call = await approvedCall();
    t.clock.set(new Date(Math.floor(Date.now() / 60_000) * 60_000 + 5_000));
    try {
      for (let i = 0; i < 30; i++)
        await read(`/api/calls/${call.id}`, '10.40.6.1', `${BROWSER} build/${i}`).expect(200);
      await settled();
    } finally {
      t.clock.reset();
    }
    expect((await numbersOf(call)).views).toBe(20);
  });

  it('counts the creators a mail or digest naming the call was written to, as the outbox holds them', async () => {
    const mailsNaming = async (id: string) =>
      Number(
        (
          await t.sql<{ n: number }>(
            `select count(*)::int as n from outbox_messages where kind = 'call-match' and payload->'calls' @> jsonb_build_array(jsonb_build_object('id', $1::text))`,
            [id],
          )
        )[0]!.n,
      );
    await creator('Maya Mailed');
    await creator('Noor Mailed');
    const off = await creator('Olive Off');
    await t.http().put('/api/me/call-mail').set(bearer(off)).send({ call_mail: false }).expect(200);

    // The first call of the day: each matching creator with call mail on is mailed at once.
    const first = await approvedCall();
    const mailedFirst = await mailsNaming(first.id);
    expect(mailedFirst).toBeGreaterThanOrEqual(2);
    expect((await numbersOf(first)).creators_mailed).toBe(mailedFirst);

    // The second waits for tomorrow's digest: matched, not mailed yet.
    const second = await approvedCall({ title: 'Two food creators for Sunday' });
    expect(await mailsNaming(second.id)).toBe(0);
    expect((await numbersOf(second)).creators_mailed).toBe(0);

    // The digest names it: now they were mailed.
    await t.app.get(CallMail).sendDigests(new Date(`${cityDay(1)}T14:00:00Z`));
    const mailedSecond = await mailsNaming(second.id);
    expect(mailedSecond).toBe(mailedFirst);
    expect((await numbersOf(second)).creators_mailed).toBe(mailedSecond);
  });

  it('counts the answers and the picks', async () => {
    const call = await approvedCall({ creators_wanted: 2 });
    const answerers = [await creator('Ari Answer'), await creator('Bo Answer'), await creator('Cy Answer')];
    for (const s of answerers)
      await t
        .http()
        .post(`/api/calls/${call.id}/answers`)
        .set(bearer(s))
        .send({ note: 'I film food reels in Tremont every week.' })
        .expect(201);
    expect(await numbersOf(call)).toMatchObject({ answers: 3, picks: 0 });
    const { answers } = (await t.http().get(`/api/me/calls/${call.id}/answers`).set(bearer(call.owner)).expect(200))
      .body as CallAnswers;
    await t.http().post(`/api/me/calls/${call.id}/answers/${answers[0]!.id}/pick`).set(bearer(call.owner)).expect(200);
    expect(await numbersOf(call)).toMatchObject({ answers: 3, picks: 1 });
    // Telling the others changes no number: they answered, they were not picked.
    await t.http().post(`/api/me/calls/${call.id}/answers/finish`).set(bearer(call.owner)).expect(200);
    expect(await numbersOf(call)).toMatchObject({ answers: 3, picks: 1 });
  });

  it("gives a city's admins their cities' totals, and 403 for another city, 404 for an unknown one", async () => {
    const akron = await approvedCall({ city: 'akron', neighborhoods: [] });
    await read(`/api/calls/${akron.id}`, '10.40.7.1').expect(200);
    await read(`/akron/calls/${akron.id}`, '10.40.7.2').expect(200);
    await settled();
    const own = await numbersOf(akron);
    expect(own.views).toBe(2);

    const numbers = async (s: AuthSession, city?: string) =>
      (
        await t
          .http()
          .get('/api/admin/calls/numbers')
          .query(city ? { city } : {})
          .set(bearer(s))
          .expect(200)
      ).body as CallNumbersByCity;
    // The Akron admin sees Akron only: its one call, open.
    const mine = await numbers(akronAdmin);
    expect(mine.cities).toEqual([{ city_slug: 'akron', open_calls: 1, ...own }]);
    expect(mine.totals).toEqual({ open_calls: 1, ...own });
    expect(await numbers(akronAdmin, 'akron')).toEqual(mine);
    for (const [who, city, status] of [
      [akronAdmin, 'cleveland', 403],
      [admin, 'nowhere', 404],
    ] as const) {
      const res = await t.http().get('/api/admin/calls/numbers').query({ city }).set(bearer(who)).expect(status);
      if (status === 403) expect(res.body.message).toBe(MSG.otherCity);
      else expect(res.body.message).toBe(MSG.unknownCity);
    }
    await t
      .http()
      .get('/api/admin/calls/numbers')
      .set(bearer(await signUp(t)))
      .expect(403);
    await t.http().get('/api/admin/calls/numbers').expect(401);
    // The Akron admin's own list shows the call's numbers too.
    const listed = (await t.http().get('/api/admin/calls').set(bearer(akronAdmin)).expect(200)).body as AdminCall[];
    expect(listed.find((c) => c.id === akron.id)?.numbers).toEqual(own);

    // An admin of every city sees every city, each summed from its calls, and their sum.
    const all = await numbers(admin);
    expect(all.cities.map((c) => c.city_slug)).toEqual(['akron', 'cleveland']);
    expect(all.cities[0]).toEqual(mine.cities[0]);
    const [cleveland] = await t.sql<Record<string, number>>(
      `select count(*) filter (where c.status = 'approved')::int as open_calls,
              coalesce((select sum(n) from call_daily_views v join calls k on k.id = v.call_id where k.city_slug = 'cleveland'), 0)::int as views,
              (select count(*) from call_matches m where m.city_slug = 'cleveland' and m.status = 'mailed')::int as creators_mailed,
              (select count(*) from call_answers a join calls k on k.id = a.call_id where k.city_slug = 'cleveland')::int as answers,
              (select count(*) from call_answers a join calls k on k.id = a.call_id where k.city_slug = 'cleveland' and a.status = 'picked')::int as picks
         from calls c where c.city_slug = 'cleveland'`,
    );
    expect(all.cities[1]).toEqual({ city_slug: 'cleveland', ...cleveland });
    expect(all.totals.views).toBe(all.cities[0]!.views + all.cities[1]!.views);
    expect(all.totals.answers).toBe(all.cities[0]!.answers + all.cities[1]!.answers);
    expect(all.totals.open_calls).toBe(all.cities[0]!.open_calls + all.cities[1]!.open_calls);
  });
});
