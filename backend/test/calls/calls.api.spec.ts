import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALL_LIMITS, CALL_MSG, MSG, type AdminCall, type AuthSession, type OwnCall } from '@local-creators/common';
import {
  bearer,
  createTestApp,
  eventually,
  signUp,
  signUpAdmin,
  signUpConfirmed,
  type TestApp,
} from '../helpers/test-app';
import { Cities } from '../../src/modules/city';
import { cityDay, validCall } from './fixtures';

const day = cityDay;

const structuredData = (html: string) => {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]!) : null;
};

/** A partner's endpoint on loopback: records every event posted to it. */
async function receiver() {
  const received: { event: string; data: Record<string, any> }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * Issue 40 points 1, 2 and 6 (webhooks), decisions 0900–0904: a business with a proven address
 * posts a call, a city's admin approves, declines with a reason or closes it (audited), an
 * approved call is a public page of its city with JobPosting data and in its sitemap, gone (410)
 * once closed; partners hear call.approved and call.closed.
 */
describe('open calls', () => {
  let t: TestApp;
  let business: AuthSession;
  let admin: AuthSession;
  let akronAdmin: AuthSession;
  let partner: Awaited<ReturnType<typeof receiver>>;

  beforeAll(async () => {
    partner = await receiver();
    const webRoot = mkdtempSync(join(tmpdir(), 'lc-web-'));
    mkdirSync(join(webRoot, 'public-site', 'dist'), { recursive: true });
    writeFileSync(
      join(webRoot, 'public-site', 'dist', 'index.html'),
      '<!doctype html><html><head><title>Local Creators</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({
      worker: true,
      env: {
        WEB_ROOT: webRoot,
        PUBLIC_URL: 'https://creators.example.org',
        OUTBOUND_TEST_ALLOW_LOOPBACK: 'true',
        ADMIN_NOTIFY_EMAILS: '',
      },
    });
    await t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
    business = await signUpConfirmed(t);
    admin = await signUpAdmin(t);
    akronAdmin = await signUpAdmin(t);
    await t.sql(`insert into admin_city_grants (user_id, city_slug) values ($1, 'akron')`, [akronAdmin.user.id]);
    await t
      .http()
      .post('/api/admin/webhooks')
      .set(bearer(admin))
      .send({ url: partner.url, events: ['call.approved', 'call.closed'], description: 'Calls partner' })
      .expect(201);
  });
  afterAll(async () => {
    await t.close();
    await partner.close();
  });

  const post = (session: AuthSession, body: object) => t.http().post('/api/calls').set(bearer(session)).send(body);
  /** An admin's decision on the version the console shows, expecting `status`. */
  const decide = async (session: AuthSession, id: string, body: object, status: number) => {
    const { version } = (await t.http().get(`/api/admin/calls/${id}`).set(bearer(session)).expect(200))
      .body as AdminCall;
    return t
      .http()
      .put(`/api/admin/calls/${id}`)
      .set(bearer(session))
      .send({ version, ...body })
      .expect(status);
  };
  const fresh = async () => signUpConfirmed(t);

  it('needs a session (401) and a proven address (403), and stores nothing without them', async () => {
    await t.http().post('/api/calls').send(validCall()).expect(401);
    const unproven = await signUp(t);
    const res = await post(unproven, validCall()).expect(403);
    expect(res.body.message).toBe(CALL_MSG.needsProvenAddress);
    expect(await t.sql('select id from calls')).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no business name', { business_name: ' ' }, 'business_name', CALL_MSG.businessNameRequired],
    [
      'a business name too long',
      { business_name: 'b'.repeat(CALL_LIMITS.businessNameMax + 1) },
      'business_name',
      CALL_MSG.businessNameTooLong,
    ],
    ['no title', { title: '' }, 'title', CALL_MSG.titleRequired],
    ['a title too long', { title: 't'.repeat(CALL_LIMITS.titleMax + 1) }, 'title', CALL_MSG.titleTooLong],
    ['a title on two lines', { title: 'One\nTwo' }, 'title', CALL_MSG.singleLine],
    ['no description', { description: '' }, 'description', CALL_MSG.descriptionRequired],
    [
      'a description too long',
      { description: 'd'.repeat(CALL_LIMITS.descriptionMax + 1) },
      'description',
      CALL_MSG.descriptionTooLong,
    ],
    ['no niche', { niches: [] }, 'niches', CALL_MSG.nichesRequired],
    ['an unknown niche', { niches: ['Knitting'] }, 'niches', CALL_MSG.nicheUnknown],
    ['too many niches', { niches: ['Food', 'Events', 'Music', 'Fashion'] }, 'niches', CALL_MSG.nichesTooMany],
    ['no content type', { content_types: [] }, 'content_types', CALL_MSG.contentTypesRequired],
    ['an unknown content type', { content_types: ['Podcast'] }, 'content_types', CALL_MSG.contentTypeUnknown],
    ['no collaboration type', { collab_types: [] }, 'collab_types', CALL_MSG.collabTypesRequired],
    ['an unknown collaboration type', { collab_types: ['Barter'] }, 'collab_types', CALL_MSG.collabTypeUnknown],
    [
      'too many neighborhoods',
      { neighborhoods: ['A', 'B', 'C', 'D', 'E', 'F'] },
      'neighborhoods',
      CALL_MSG.neighborhoodsTooMany,
    ],
    [
      'a neighborhood too long',
      { neighborhoods: ['n'.repeat(CALL_LIMITS.neighborhoodMax + 1)] },
      'neighborhoods',
      CALL_MSG.neighborhoodTooLong,
    ],
    ['negative followers', { followers_min: -1 }, 'followers_min', CALL_MSG.followersInvalid],
    ['followers not a number', { followers_max: 'lots' }, 'followers_max', CALL_MSG.followersInvalid],
    [
      'followers over the limit',
      { followers_max: CALL_LIMITS.followersMax + 1 },
      'followers_max',
      CALL_MSG.followersInvalid,
    ],
    [
      'a follower range upside down',
      { followers_min: 5000, followers_max: 100 },
      'followers_max',
      CALL_MSG.followersOrder,
    ],
    ['no first day', { starts_on: '' }, 'starts_on', CALL_MSG.startsRequired],
    ['a first day that is no date', { starts_on: '2026-02-30' }, 'starts_on', CALL_MSG.dateInvalid],
    ['a first day in the past', { starts_on: day(-1), deadline: day(-1) }, 'starts_on', CALL_MSG.startsInPast],
    [
      'a first day too far ahead',
      { starts_on: day(CALL_LIMITS.daysAheadMax + 2), ends_on: day(CALL_LIMITS.daysAheadMax + 2) },
      'starts_on',
      CALL_MSG.tooFarAhead,
    ],
    ['no last day', { ends_on: '' }, 'ends_on', CALL_MSG.endsRequired],
    ['a last day before the first', { ends_on: day(9) }, 'ends_on', CALL_MSG.endsBeforeStart],
    ['no deadline', { deadline: '' }, 'deadline', CALL_MSG.deadlineRequired],
    ['a deadline in the past', { deadline: day(-2) }, 'deadline', CALL_MSG.deadlineInPast],
    ['a deadline after the first day', { deadline: day(10 + 1) }, 'deadline', CALL_MSG.deadlineAfterStart],
    ['no offer', { offer: '' }, 'offer', CALL_MSG.offerRequired],
    ['an unknown offer', { offer: 'exposure' }, 'offer', CALL_MSG.offerRequired],
    ['a paid call without a fee', { fee_min: null }, 'fee_min', CALL_MSG.feeRequired],
    ['a fee of nothing', { fee_min: 0 }, 'fee_min', CALL_MSG.feeInvalid],
    ['a fee over the limit', { fee_max: CALL_LIMITS.feeMax + 1 }, 'fee_max', CALL_MSG.feeInvalid],
    ['a fee range upside down', { fee_min: 500, fee_max: 100 }, 'fee_max', CALL_MSG.feeOrder],
    ['a product call without its product', { offer: 'product', product: '' }, 'product', CALL_MSG.productRequired],
    [
      'a product too long',
      { offer: 'product', product: 'p'.repeat(CALL_LIMITS.productMax + 1) },
      'product',
      CALL_MSG.productTooLong,
    ],
    ['no creators wanted', { creators_wanted: 0 }, 'creators_wanted', CALL_MSG.creatorsInvalid],
    [
      'too many creators wanted',
      { creators_wanted: CALL_LIMITS.creatorsMax + 1 },
      'creators_wanted',
      CALL_MSG.creatorsInvalid,
    ],
    ['an unknown city', { city: 'atlantis' }, 'city', MSG.unknownCity],
  ])('refuses %s with 400 on its field', async (_, over, field, message) => {
    const res = await post(business, validCall(over)).expect(400);
    expect({ field: res.body.field, message: res.body.message }).toEqual({ field, message });
  });

  it('stores a valid call pending, says the offer plainly, and shows it to its business only', async () => {
    const owner = await fresh();
    const unpaid = (await post(owner, validCall({ offer: 'unpaid', fee_min: 999, neighborhoods: [] })).expect(201))
      .body as OwnCall;
    expect(unpaid).toMatchObject({
      status: 'pending',
      offer_text: 'Unpaid',
      fee_min: null,
      fee_max: null,
      neighborhoods: [],
      city_slug: 'cleveland',
    });
    const product = (
      await post(owner, validCall({ offer: 'product', product: 'A dinner for two', city: 'akron' })).expect(201)
    ).body as OwnCall;
    expect(product).toMatchObject({ offer_text: 'Product: A dinner for two', city_slug: 'akron' });
    const paid = (await post(owner, validCall()).expect(201)).body as OwnCall;
    expect(paid.offer_text).toBe('$200–$400 fee');
    const mine = (await t.http().get('/api/me/calls').set(bearer(owner)).expect(200)).body as OwnCall[];
    expect(mine.map((c) => c.id).sort()).toEqual([unpaid.id, product.id, paid.id].sort());
    expect(
      (
        await t
          .http()
          .get('/api/me/calls')
          .set(bearer(await fresh()))
          .expect(200)
      ).body,
    ).toEqual([]);
    // Not public before a city's admin approves it.
    await t.http().get(`/api/calls/${paid.id}`).expect(404);
    expect((await t.http().get('/api/calls').expect(200)).body.calls.map((c: { id: string }) => c.id)).not.toContain(
      paid.id,
    );
  });

  it(`allows ${CALL_LIMITS.openPerAccount} calls waiting or open per account; a closed one frees a place`, async () => {
    const owner = await fresh();
    const ids: string[] = [];
    for (let i = 0; i < CALL_LIMITS.openPerAccount; i++) ids.push((await post(owner, validCall()).expect(201)).body.id);
    const res = await post(owner, validCall()).expect(409);
    expect(res.body.message).toBe(CALL_MSG.tooManyOpen);
    await decide(admin, ids[0]!, { action: 'close' }, 200);
    await post(owner, validCall()).expect(201);
  });

  // Issue 40 point 6: the caps hold when a business sends several calls at once, and closing calls
  // to post again is bounded too (decision 0906).
  it(`lets no burst of posts past the ${CALL_LIMITS.openPerAccount} open calls`, async () => {
    const owner = await fresh();
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => post(owner, validCall())))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(CALL_LIMITS.openPerAccount);
    expect(statuses.filter((s) => s === 409)).toHaveLength(8 - CALL_LIMITS.openPerAccount);
    expect((await t.http().get('/api/me/calls').set(bearer(owner)).expect(200)).body).toHaveLength(
      CALL_LIMITS.openPerAccount,
    );
  });

  it(`counts every call an address posted in 24 hours, closed ones too: ${CALL_LIMITS.postedPerDay} at most`, async () => {
    const owner = await fresh();
    for (let i = 0; i < CALL_LIMITS.postedPerDay; i++) {
      const id = (await post(owner, validCall()).expect(201)).body.id as string;
      await decide(admin, id, { action: 'close' }, 200);
    }
    const refused = await post(owner, validCall()).expect(429);
    expect(refused.body.message).toBe(CALL_MSG.tooManyToday('about 24 hours'));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(86_000);
    expect((await t.http().get('/api/me/calls').set(bearer(owner)).expect(200)).body).toHaveLength(
      CALL_LIMITS.postedPerDay,
    );
  });

  it("approves: public at its city's address, listed, JobPosting, in the sitemap; partners hear call.approved; audited", async () => {
    const call = (
      await post(business, validCall({ city: 'akron', title: 'Food creators for our opening' })).expect(201)
    ).body as OwnCall;
    const approved = (await decide(akronAdmin, call.id, { action: 'approve' }, 200)).body as AdminCall;
    expect(approved).toMatchObject({ status: 'approved', account_email: business.user.email });

    const pub = (await t.http().get(`/api/calls/${call.id}`).expect(200)).body;
    expect(pub).toMatchObject({
      id: call.id,
      title: 'Food creators for our opening',
      city_name: 'Akron',
      offer_text: '$200–$400 fee',
    });
    expect(JSON.stringify(pub)).not.toContain(business.user.email);
    expect(
      (await t.http().get('/api/calls?city=akron').expect(200)).body.calls.map((c: { id: string }) => c.id),
    ).toContain(call.id);
    expect((await t.http().get('/api/calls').expect(200)).body.calls.map((c: { id: string }) => c.id)).not.toContain(
      call.id,
    );

    const page = await t.http().get(`/akron/calls/${call.id}`).expect(200);
    expect(page.text).toContain(`<link rel="canonical" href="https://creators.example.org/akron/calls/${call.id}">`);
    expect(page.text).toContain('<title>Food creators for our opening · Local Creators</title>');
    expect(structuredData(page.text)).toMatchObject({
      '@type': 'JobPosting',
      title: 'Food creators for our opening',
      hiringOrganization: { '@type': 'Organization', name: 'Tremont Tacos' },
      validThrough: `${day(7)}T23:59:59`,
      employmentType: 'CONTRACTOR',
      baseSalary: { currency: 'USD', value: { minValue: 200, maxValue: 400 } },
      jobLocation: { address: { addressLocality: 'Tremont', addressRegion: 'OH' } },
    });
    // Under another city it is no page of that city.
    await t.http().get(`/cleveland/calls/${call.id}`).expect(404);
    const list = await t.http().get('/akron/calls').expect(200);
    expect(structuredData(list.text)).toMatchObject({
      '@type': 'ItemList',
      itemListElement: [expect.objectContaining({ url: `https://creators.example.org/akron/calls/${call.id}` })],
    });

    await eventually(
      async () => (await t.http().get('/akron/sitemap.xml').expect(200)).text,
      (xml) =>
        xml.includes(`<loc>https://creators.example.org/akron/calls/${call.id}</loc>`) &&
        xml.includes('<loc>https://creators.example.org/akron/calls</loc>'),
    );
    const events = await eventually(
      async () => partner.received.filter((e) => e.event === 'call.approved' && e.data.call?.id === call.id),
      (list) => list.length === 1,
    );
    expect(events[0]!.data.call).toMatchObject({
      title: 'Food creators for our opening',
      city_slug: 'akron',
      offer_text: '$200–$400 fee',
    });
    const audit = (
      await t
        .http()
        .get('/api/admin/audit-log')
        .query({ filter: JSON.stringify({ subject_id: call.id }) })
        .set(bearer(admin))
        .expect(200)
    ).body;
    expect(
      audit.map((e: { action: string; actor_email: string; subject_type: string }) => [
        e.subject_type,
        e.action,
        e.actor_email,
      ]),
    ).toEqual([['call', 'approve', akronAdmin.user.email]]);
  });

  it('closes: 410 for the API and the page (noindex), gone from the list and the sitemap; partners hear call.closed', async () => {
    const call = (await post(business, validCall({ city: 'akron', title: 'Closing soon' })).expect(201))
      .body as OwnCall;
    await decide(akronAdmin, call.id, { action: 'approve' }, 200);
    await eventually(
      async () => (await t.http().get('/akron/sitemap.xml').expect(200)).text,
      (xml) => xml.includes(call.id),
    );
    expect((await decide(akronAdmin, call.id, { action: 'close' }, 200)).body).toMatchObject({ status: 'closed' });
    expect((await t.http().get(`/api/calls/${call.id}`).expect(410)).body.message).toBe(CALL_MSG.closed);
    const page = await t.http().get(`/akron/calls/${call.id}`).expect(410);
    expect(page.text).toContain('<meta name="robots" content="noindex">');
    expect(page.text).not.toContain('Closing soon');
    expect(
      (await t.http().get('/api/calls?city=akron').expect(200)).body.calls.map((c: { id: string }) => c.id),
    ).not.toContain(call.id);
    await eventually(
      async () => (await t.http().get('/akron/sitemap.xml').expect(200)).text,
      (xml) => !xml.includes(call.id),
    );
    await eventually(
      async () => partner.received.filter((e) => e.event === 'call.closed' && e.data.call?.id === call.id),
      (list) => list.length === 1,
    );
    const res = await decide(akronAdmin, call.id, { action: 'close' }, 409);
    expect(res.body.message).toBe(CALL_MSG.alreadyClosed);
  });

  it('declines only with a reason, which the business reads; a declined call is never public and tells no partner', async () => {
    const call = (await post(business, validCall({ title: 'Declined call' })).expect(201)).body as OwnCall;
    expect((await decide(admin, call.id, { action: 'decline' }, 400)).body).toMatchObject({
      field: 'reason',
      message: CALL_MSG.declineReasonRequired,
    });
    expect(
      (await decide(admin, call.id, { action: 'decline', reason: 'r'.repeat(CALL_LIMITS.declineReasonMax + 1) }, 400))
        .body.message,
    ).toBe(CALL_MSG.declineReasonTooLong);
    await decide(admin, call.id, { action: 'decline', reason: 'Please name the fee for the reel.' }, 200);
    const mine = (await t.http().get('/api/me/calls').set(bearer(business)).expect(200)).body as OwnCall[];
    expect(mine.find((c) => c.id === call.id)).toMatchObject({
      status: 'declined',
      decline_reason: 'Please name the fee for the reel.',
    });
    await t.http().get(`/api/calls/${call.id}`).expect(404);
    await t.http().get(`/cleveland/calls/${call.id}`).expect(404);
    expect((await decide(admin, call.id, { action: 'approve' }, 409)).body.message).toBe(CALL_MSG.notPending);
    expect((await decide(admin, call.id, { action: 'close' }, 409)).body.message).toBe(CALL_MSG.cannotClose);
    const audit = (
      await t
        .http()
        .get('/api/admin/audit-log')
        .query({ filter: JSON.stringify({ subject_id: call.id }) })
        .set(bearer(admin))
        .expect(200)
    ).body;
    expect(audit.map((e: { action: string; notes: string | null }) => [e.action, e.notes])).toEqual([
      ['decline', 'Please name the fee for the reel.'],
    ]);
    expect(partner.received.filter((e) => e.data.call?.id === call.id)).toEqual([]);
  });

  it("refuses an unknown action, a stale version, another city's admin, and a member", async () => {
    const call = (await post(business, validCall()).expect(201)).body as OwnCall;
    expect((await decide(admin, call.id, { action: 'feature' }, 400)).body.message).toBe(CALL_MSG.actionUnknown);
    const stale = await t
      .http()
      .put(`/api/admin/calls/${call.id}`)
      .set(bearer(admin))
      .send({ action: 'approve', version: 99 })
      .expect(409);
    expect(stale.body.message).toBe(CALL_MSG.changed);
    const other = await t
      .http()
      .put(`/api/admin/calls/${call.id}`)
      .set(bearer(akronAdmin))
      .send({ action: 'approve', version: 1 })
      .expect(403);
    expect(other.body.message).toBe(MSG.otherCity);
    await t.http().put(`/api/admin/calls/${call.id}`).set(bearer(business)).send({ action: 'approve' }).expect(403);
    await t.http().get(`/api/admin/calls/00000000-0000-4000-8000-000000000000`).set(bearer(admin)).expect(404);
    const listed = await t
      .http()
      .get('/api/admin/calls')
      .query({ filter: JSON.stringify({ status: 'pending' }) })
      .set(bearer(akronAdmin))
      .expect(200);
    expect(listed.body.every((c: AdminCall) => c.city_slug === 'akron')).toBe(true);
    await t
      .http()
      .get('/api/admin/calls')
      .query({ filter: JSON.stringify({ status: 'open' }) })
      .set(bearer(admin))
      .expect(400);
  });
});
