import { MSG, type AuthSession } from '@local-creators/common';
import { registeredRoutes } from '../helpers/routes';
import { bearer, createTestApp, signUp, signUpAdmin, TestApp } from '../helpers/test-app';
import { validProfile } from '../creator/fixtures';
import { Cities } from '../../src/modules/city';

/**
 * Issue 26 point 4 (decision 0601): an admin given Akron sees and decides only Akron's creators
 * and businesses. Every /api/admin route is walked with a Cleveland record: 403 for Akron's admin,
 * while the admin of every city gets the route's own answer. A new admin route missing from the
 * table fails the first test.
 */
type Probe =
  /** A route about one record: Akron's admin gets 403 on Cleveland's. */
  | { kind: 'record' }
  /** A list: Akron's admin gets only Akron's rows; asking for Cleveland's is a 403. */
  | { kind: 'list' }
  /** Spans every city (the mail queue): admins of every city only. */
  | { kind: 'every-city' };

const ADMIN_ROUTES: Record<string, Probe> = {
  'GET /api/admin/cities': { kind: 'list' },
  'GET /api/admin/stats': { kind: 'list' },
  'GET /api/admin/creators': { kind: 'list' },
  'GET /api/admin/creators/:id': { kind: 'record' },
  'PUT /api/admin/creators/:id': { kind: 'record' },
  'POST /api/admin/creators/:id/acknowledge-changes': { kind: 'record' },
  'GET /api/admin/creators/:id/handle-checks': { kind: 'record' },
  'GET /api/admin/creators/:id/stats': { kind: 'record' },
  'GET /api/admin/creators/stats': { kind: 'list' },
  'PUT /api/admin/creators/:id/handle-checks/:checkId': { kind: 'record' },
  'GET /api/admin/contact-requests': { kind: 'list' },
  'GET /api/admin/follower-counts': { kind: 'list' },
  'PUT /api/admin/follower-counts/:id': { kind: 'record' },
  'GET /api/admin/audit-log': { kind: 'list' },
  'GET /api/admin/local-audience-checks': { kind: 'list' },
  'GET /api/admin/local-audience-checks/:id': { kind: 'record' },
  'GET /api/admin/local-audience-checks/:id/image': { kind: 'record' },
  'PUT /api/admin/local-audience-checks/:id': { kind: 'record' },
  'GET /api/admin/amplify-submissions': { kind: 'list' },
  'GET /api/admin/amplify-submissions/:id': { kind: 'record' },
  'PUT /api/admin/amplify-submissions/:id': { kind: 'record' },
  'GET /api/admin/calls': { kind: 'list' },
  'GET /api/admin/calls/:id': { kind: 'record' },
  'PUT /api/admin/calls/:id': { kind: 'record' },
  'GET /api/admin/calls/numbers': { kind: 'list' },
  'GET /api/admin/introduction-requests': { kind: 'list' },
  'GET /api/admin/introduction-requests/by-business': { kind: 'list' },
  'GET /api/admin/notifications': { kind: 'every-city' },
  'GET /api/admin/notifications/health': { kind: 'every-city' },
  'GET /api/admin/notifications/:id': { kind: 'every-city' },
  'POST /api/admin/notifications/:id/retry': { kind: 'every-city' },
  'POST /api/admin/notifications/:id/resend': { kind: 'every-city' },
  // Partners hear of every city's events (decision 0810).
  'GET /api/admin/webhooks': { kind: 'every-city' },
  'POST /api/admin/webhooks': { kind: 'every-city' },
  'GET /api/admin/webhooks/:id': { kind: 'every-city' },
  'PUT /api/admin/webhooks/:id': { kind: 'every-city' },
  'DELETE /api/admin/webhooks/:id': { kind: 'every-city' },
  'GET /api/admin/webhook-attempts': { kind: 'every-city' },
};

interface CityRecords {
  creatorId: string;
  creatorName: string;
  checkId: string;
  audienceCheckId: string;
  countId: string;
  submissionId: string;
  businessName: string;
  callId: string;
}

describe('admins per city', () => {
  let t: TestApp;
  let everyCity: AuthSession;
  let akronAdmin: AuthSession;
  let clevelandAdmin: AuthSession;
  const records: Record<'akron' | 'cleveland', CityRecords> = {} as never;
  let outboxId: string;

  /** An admin given `cities` (the rows `npm run admin -- grant --city` writes). */
  async function cityAdmin(cities: string[]) {
    const admin = await signUpAdmin(t);
    for (const city of cities)
      await t.sql(`insert into admin_city_grants (user_id, city_slug) values ($1, $2)`, [admin.user.id, city]);
    return admin;
  }

  async function seedCity(city: 'akron' | 'cleveland', name: string): Promise<CityRecords> {
    const creator = await signUp(t);
    // The home city (Cleveland) needs no `city` in the body: a one-city install's form sends none.
    const body = { ...validProfile({ full_name: `${name} Creator` }), ...(city === 'cleveland' ? {} : { city }) };
    const profile = (await t.http().put('/api/me/profile').set(bearer(creator)).send(body).expect(201)).body;
    await t.sql(
      `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
      [profile.id],
    );
    const [check] = await t.sql<{ id: string }>(`select id from handle_checks where profile_id = $1 limit 1`, [
      profile.id,
    ]);
    const [count] = await t.sql<{ id: string }>(
      `update follower_counts set jumped_at = now(), previous_followers = 10 where profile_id = $1 returning id`,
      [profile.id],
    );
    const submission = (
      await t
        .http()
        .post('/api/amplify/submissions')
        .send({
          business_name: `${name} Bikes`,
          contact_name: 'Al',
          contact_email: `al@${city}.test`,
          category: 'Services',
          story: 'We fix bikes.',
          ...(city === 'cleveland' ? {} : { city }),
        })
        .expect(201)
    ).body;
    await t.sql(`update amplify_submissions set status = 'approved', featured = true where id = $1`, [submission.id]);
    await t.sql(
      `insert into amplify_interest_requests (id, submission_id, city_slug, creator_name, creator_email, message, created_at, confirmed_at)
         values (gen_random_uuid(), $1, $2, 'Maya', 'maya@example.com', 'Hi', now(), now())`,
      [submission.id, city],
    );
    await t.sql(
      `insert into contact_requests (id, profile_id, city_slug, brand_name, email, message, created_at) values (gen_random_uuid(), $1, $2, 'Brand', 'b@example.com', 'Hello there, a campaign?', now())`,
      [profile.id, city],
    );
    const [audience] = await t.sql<{ id: string }>(
      `insert into local_audience_checks (id, profile_id, platform, shows_on, image, image_type, status, created_at)
         values (gen_random_uuid(), $1, 'Instagram', current_date, '\\x00'::bytea, 'image/webp', 'pending', now()) returning id`,
      [profile.id],
    );
    const [call] = await t.sql<{ id: string }>(
      `insert into calls (id, account_id, city_slug, business_name, title, description, niches, content_types, collab_types, neighborhoods,
         starts_on, ends_on, deadline, offer, creators_wanted, status, created_at, updated_at)
       values (gen_random_uuid(), $1, $2, 'Bikes', 'Riders wanted', 'Ride with us.', '{Outdoors}', '{Reels}', '{UGC Only}', '{}',
         current_date + 3, current_date + 3, current_date + 1, 'unpaid', 2, 'pending', now(), now()) returning id`,
      [creator.user.id, city],
    );
    return {
      callId: call!.id,
      creatorId: profile.id,
      creatorName: `${name} Creator`,
      audienceCheckId: audience!.id,
      checkId: check!.id,
      countId: count!.id,
      submissionId: submission.id,
      businessName: `${name} Bikes`,
    };
  }

  beforeAll(async () => {
    // Admin mail goes to the admins themselves (no ADMIN_NOTIFY_EMAILS), so the city decides who hears.
    t = await createTestApp({ env: { ADMIN_NOTIFY_EMAILS: '' }, worker: true });
    await t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
    everyCity = await signUpAdmin(t);
    akronAdmin = await cityAdmin(['akron']);
    clevelandAdmin = await cityAdmin(['cleveland']);
    records.cleveland = await seedCity('cleveland', 'Cleveland');
    records.akron = await seedCity('akron', 'Akron');
    // Each admin decided once in their own city: the audit trail has both.
    for (const [admin, city] of [
      [clevelandAdmin, 'cleveland'],
      [akronAdmin, 'akron'],
    ] as const) {
      const url = `/api/admin/amplify-submissions/${records[city].submissionId}`;
      const { version } = (await t.http().get(url).set(bearer(admin)).expect(200)).body;
      await t.http().put(url).set(bearer(admin)).send({ featured: false, version }).expect(200);
    }
    [{ id: outboxId }] = (await t.sql<{ id: string }>(
      `select id from outbox_messages order by created_at limit 1`,
    )) as [{ id: string }];
  });
  afterAll(() => t.close());

  it('walks every admin route the app registers', () => {
    const admin = registeredRoutes(t).filter((r) => / \/api\/admin(\/|$)/.test(r));
    const missing = admin.filter((r) => !(r in ADMIN_ROUTES));
    const stale = Object.keys(ADMIN_ROUTES).filter((r) => !admin.includes(r));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  const urlFor = (route: string, city: 'akron' | 'cleveland') => {
    const r = records[city];
    const path = route.split(' ')[1]!;
    const id = path.includes('/calls')
      ? r.callId
      : path.includes('amplify')
        ? r.submissionId
        : path.includes('follower-counts')
          ? r.countId
          : path.includes('local-audience-checks')
            ? r.audienceCheckId
            : path.includes('notifications')
              ? outboxId
              : r.creatorId;
    return path.replace(':checkId', r.checkId).replace(':id', id);
  };
  const call = (route: string, url: string, session: AuthSession, query?: Record<string, string>) => {
    const method = route.split(' ')[0]!.toLowerCase() as 'get';
    const req = t.http()[method](url).set(bearer(session));
    // A body each route's own checks accept far enough for the city check to be what answers.
    const body = route.includes('follower-counts')
      ? { reviewed: true }
      : route.includes('local-audience-checks')
        ? { reason: 'Too blurry to read.' }
        : {};
    return (query ? req.query(query) : req).send(body);
  };

  it.each(Object.entries(ADMIN_ROUTES))("%s: Akron's admin cannot see or decide Cleveland's", async (route, probe) => {
    const url = urlFor(route, 'cleveland');
    const akron = await call(route, url, akronAdmin);
    if (probe.kind === 'record') {
      expect({ route, status: akron.status, message: akron.body.message }).toEqual({
        route,
        status: 403,
        message: MSG.otherCity,
      });
      // The admin of every city gets past the city check (whatever the route then answers).
      const every = await call(route, url, everyCity);
      expect({ route, status: every.status }).toEqual({ route, status: expect.not.toBeOneOf([401, 403, 500]) });
    } else if (probe.kind === 'every-city') {
      expect({ route, status: akron.status, message: akron.body.message }).toEqual({
        route,
        status: 403,
        message: MSG.everyCityOnly,
      });
      const every = await call(route, url, everyCity);
      expect({ route, status: every.status }).toEqual({ route, status: expect.not.toBeOneOf([401, 403, 500]) });
    } else {
      expect({ route, status: akron.status }).toEqual({ route, status: 200 });
      const text = JSON.stringify(akron.body);
      expect({
        route,
        cleveland: [records.cleveland.creatorId, records.cleveland.submissionId, 'cleveland'].filter((s) =>
          text.includes(s),
        ),
      }).toEqual({
        route,
        cleveland: [],
      });
      // Asking for Cleveland by name is refused, not quietly empty.
      const asked = await call(
        route,
        url,
        akronAdmin,
        route.endsWith('/stats') || route.endsWith('/by-business') || route.endsWith('/numbers')
          ? { city: 'cleveland' }
          : { filter: JSON.stringify({ city: 'cleveland' }) },
      );
      if (!route.endsWith('/cities'))
        expect({ route, status: asked.status, message: asked.body.message }).toEqual({
          route,
          status: 403,
          message: MSG.otherCity,
        });
    }
  });

  it("lists and counts only the admin's cities; the admin of every city sees both, and can filter by city", async () => {
    const creators = async (admin: AuthSession, filter?: object) =>
      (
        await t
          .http()
          .get('/api/admin/creators')
          .query(filter ? { filter: JSON.stringify(filter) } : {})
          .set(bearer(admin))
          .expect(200)
      ).body.map(
        (c: { full_name: string; city: string; city_slug: string }) => `${c.full_name} (${c.city}, ${c.city_slug})`,
      );
    expect(await creators(akronAdmin)).toEqual(['Akron Creator (Akron, akron)']);
    expect(await creators(clevelandAdmin)).toEqual(['Cleveland Creator (Cleveland, cleveland)']);
    expect((await creators(everyCity)).sort()).toEqual([
      'Akron Creator (Akron, akron)',
      'Cleveland Creator (Cleveland, cleveland)',
    ]);
    expect(await creators(everyCity, { city: 'akron' })).toEqual(['Akron Creator (Akron, akron)']);
    // The total the console pages by is of those cities too (it was every city's count).
    const range = async (admin: AuthSession, filter?: object) =>
      (
        await t
          .http()
          .get('/api/admin/creators')
          .query({ range: '[0,23]', ...(filter ? { filter: JSON.stringify(filter) } : {}) })
          .set(bearer(admin))
          .expect(200)
      ).headers['content-range'];
    expect([await range(akronAdmin), await range(everyCity, { city: 'akron' }), await range(everyCity)]).toEqual([
      'creators 0-0/1',
      'creators 0-0/1',
      'creators 0-1/2',
    ]);

    const stats = await t.http().get('/api/admin/stats').set(bearer(akronAdmin)).expect(200);
    expect(stats.body).toMatchObject({ total: 1, approved: 1 });
    expect((await t.http().get('/api/admin/stats').set(bearer(everyCity)).expect(200)).body).toMatchObject({
      total: 2,
    });

    const businesses = await t.http().get('/api/admin/amplify-submissions').set(bearer(akronAdmin)).expect(200);
    expect(
      businesses.body.map((b: { business_name: string; city_slug: string }) => [b.business_name, b.city_slug]),
    ).toEqual([['Akron Bikes', 'akron']]);
    const intros = await t
      .http()
      .get('/api/admin/introduction-requests/by-business')
      .set(bearer(akronAdmin))
      .expect(200);
    expect(intros.body).toEqual([
      expect.objectContaining({ business_name: 'Akron Bikes', city_slug: 'akron', confirmed: 1 }),
    ]);
    const audit = await t.http().get('/api/admin/audit-log').set(bearer(akronAdmin)).expect(200);
    expect(audit.body.map((e: { subject_id: string; city_slug: string }) => [e.subject_id, e.city_slug])).toEqual([
      [records.akron.submissionId, 'akron'],
    ]);
    const cities = await t.http().get('/api/admin/cities').set(bearer(akronAdmin)).expect(200);
    expect(cities.body).toEqual([
      { id: 'akron', name: 'Akron', state: 'OH', time_zone: 'America/New_York', neighborhoods: [], every_city: false },
    ]);
    expect(
      (await t.http().get('/api/admin/cities').set(bearer(everyCity)).expect(200)).body.map(
        (c: { id: string }) => c.id,
      ),
    ).toEqual(['akron', 'cleveland']);
  });

  it("decides its own city's records, and the decision is audited in that city", async () => {
    const { creatorId } = records.akron;
    const before = (await t.http().get(`/api/admin/creators/${creatorId}`).set(bearer(akronAdmin)).expect(200)).body;
    await t
      .http()
      .put(`/api/admin/creators/${creatorId}`)
      .set(bearer(akronAdmin))
      .send({ phone_verified: false, version: before.version })
      .expect(200);
    const [row] = await t.sql(`select phone_verified from creator_profiles where id = $1`, [creatorId]);
    expect(row).toEqual({ phone_verified: false });
    const [entry] = await t.sql(
      `select city_slug, actor_email from moderation_audit_log where subject_id = $1 and action = 'phone_verified_off'`,
      [creatorId],
    );
    expect(entry).toEqual({ city_slug: 'akron', actor_email: akronAdmin.user.email });
    // Cleveland's admin cannot undo it.
    const other = await t
      .http()
      .put(`/api/admin/creators/${creatorId}`)
      .set(bearer(clevelandAdmin))
      .send({ phone_verified: true, version: before.version + 1 });
    expect([other.status, other.body.message]).toEqual([403, MSG.otherCity]);
    expect(await t.sql(`select phone_verified from creator_profiles where id = $1`, [creatorId])).toEqual([
      { phone_verified: false },
    ]);
  });

  it("mails a new application to that city's admins and the admins of every city, not to other cities' admins", async () => {
    const creator = await signUp(t);
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(creator))
      .send({ ...validProfile({ full_name: 'Ada Akron' }), city: 'akron' })
      .expect(201);
    const mail = await t.mailbox.waitFor((m) => m.subject === 'New creator application: Ada Akron');
    expect(mail.to.sort()).toEqual([akronAdmin.user.email, everyCity.user.email].map((e) => e.toLowerCase()).sort());
    expect(mail.text).toContain('City: Akron');
    // The mail queue names the same recipients.
    const queued = await t
      .http()
      .get('/api/admin/notifications')
      .query({ filter: JSON.stringify({ kind: 'notify-new-registration' }) })
      .set(bearer(everyCity))
      .expect(200);
    const listed = queued.body.find((m: { subject: string }) => m.subject === 'New creator application: Ada Akron');
    expect([...listed.recipients].sort()).toEqual(mail.to);

    await t
      .http()
      .post('/api/amplify/submissions')
      .send({
        business_name: 'Cleveland Bakery',
        contact_name: 'Rosa',
        contact_email: 'rosa@cle.test',
        category: 'Services',
        story: 'Paczki since 1952.',
      })
      .expect(201);
    const business = await t.mailbox.waitFor((m) => m.subject === 'New business application: Cleveland Bakery');
    expect(business.to.sort()).toEqual(
      [clevelandAdmin.user.email, everyCity.user.email].map((e) => e.toLowerCase()).sort(),
    );
  });

  it("previews only its cities' unlisted profiles on the public profile route", async () => {
    await t.sql(`update creator_profiles set is_public = false where id in ($1, $2)`, [
      records.akron.creatorId,
      records.cleveland.creatorId,
    ]);
    await t.http().get(`/api/creators/${records.akron.creatorId}`).set(bearer(akronAdmin)).expect(200);
    const other = await t.http().get(`/api/creators/${records.cleveland.creatorId}`).set(bearer(akronAdmin));
    expect([other.status, other.body.message]).toEqual([404, MSG.profileNotFound]);
    await t.http().get(`/api/creators/${records.cleveland.creatorId}`).set(bearer(everyCity)).expect(200);
  });

  it('refuses a city that does not exist, with nothing written', async () => {
    const creator = await signUp(t);
    const res = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(creator))
      .send({ ...validProfile(), city: 'atlantis' });
    expect([res.status, res.body.message, res.body.field]).toEqual([400, MSG.unknownCity, 'city']);
    expect(await t.sql(`select 1 from creator_profiles where user_id = $1`, [creator.user.id])).toEqual([]);
  });
});

expect.extend({
  toBeOneOf(received: unknown, expected: unknown[]) {
    const pass = expected.includes(received);
    return {
      pass,
      message: () => `expected ${String(received)} ${pass ? 'not ' : ''}to be one of ${expected.join(', ')}`,
    };
  },
});
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    interface Expect {
      toBeOneOf(expected: unknown[]): unknown;
    }
    interface InverseAsymmetricMatchers {
      toBeOneOf(expected: unknown[]): unknown;
    }
  }
}
