import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { BUSINESS_CATEGORIES, LIMITS, MSG, TYPES_OF_HELP, type AuthSession } from '@local-creators/common';
import { bearer, createTestApp, signUpAdmin, TestApp } from '../helpers/test-app';

const business = (overrides: Record<string, unknown> = {}) => ({
  business_name: 'Lakeside Bakery',
  contact_name: 'Rosa Jablonski',
  contact_email: 'rosa@lakesidebakery.test',
  category: 'Food & Drink',
  story: `We have baked paczki in Slavic Village since 1952 and want young creators to tell our story. ${'More about us. '.repeat(10)}`,
  website_social: 'https://instagram.com/lakesidebakery',
  neighborhood: 'Slavic Village',
  type_of_help: ['Social media content'],
  ...overrides,
});

const PUBLIC_KEYS = [
  'business_name',
  'category',
  'created_at',
  'description',
  'id',
  'logo_url',
  'neighborhood',
  'title',
  'type_of_help',
  'website_social',
];

describe('amplify API', () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp({ worker: true });
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  const submit = async (overrides: Record<string, unknown> = {}) =>
    (await t.http().post('/api/amplify/submissions').send(business(overrides)).expect(201)).body;
  const put = (id: string, body: unknown) =>
    t
      .http()
      .put(`/api/admin/amplify-submissions/${id}`)
      .set(bearer(admin))
      .send(body as object);
  const rowsNamed = (name: string) =>
    t.sql<{
      status: string;
      featured: boolean;
      title: string;
      description: string;
      logo_url: string | null;
      type_of_help: string[];
    }>(
      'select status, featured, title, description, logo_url, type_of_help from amplify_submissions where business_name = $1',
      [name],
    );
  const count = async (table: string) => Number((await t.sql<{ n: string }>(`select count(*) n from ${table}`))[0]!.n);
  const auditOf = async (id: string) =>
    (
      await t
        .http()
        .get('/api/admin/audit-log')
        .query({ filter: JSON.stringify({ subject_id: id }) })
        .set(bearer(admin))
        .expect(200)
    ).body as {
      action: string;
      from_value: string | null;
      to_value: string | null;
      notes: string | null;
      subject_type: string;
      actor_email: string;
    }[];
  const featureIt = async (id: string) => {
    await put(id, { status: 'approved' }).expect(200);
    await put(id, { featured: true }).expect(200);
  };

  describe('business form', () => {
    it.each([
      ['business_name', MSG.businessNameRequired, { business_name: ' ' }],
      ['business_name', MSG.businessNameTooLong, { business_name: 'b'.repeat(LIMITS.businessNameMax + 1) }],
      ['contact_name', MSG.contactNameRequired, { contact_name: '' }],
      ['contact_name', MSG.contactNameRequired, { contact_name: undefined }],
      ['contact_email', MSG.emailInvalid, { contact_email: 'nope' }],
      ['contact_email', MSG.emailTooLong, { contact_email: `${'a'.repeat(250)}@x.test` }],
      ['category', MSG.categoryRequired, { category: 'Crypto' }],
      ['category', MSG.categoryRequired, { category: '' }],
      ['story', MSG.storyRequired, { story: '' }],
      ['story', MSG.storyTooLong, { story: 's'.repeat(LIMITS.storyMax + 1) }],
      ['neighborhood', MSG.neighborhoodTooLong, { neighborhood: 'n'.repeat(LIMITS.neighborhoodMax + 1) }],
      ['type_of_help', MSG.typeOfHelpUnknown, { type_of_help: ['World domination'] }],
      ['type_of_help', MSG.typeOfHelpUnknown, { type_of_help: '["Other"' }],
    ])('refuses a bad %s with %j and stores nothing', async (field, message, override) => {
      const before = await count('amplify_submissions');
      const res = await t.http().post('/api/amplify/submissions').send(business(override)).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, message, field });
      expect(await count('amplify_submissions')).toBe(before);
    });

    it('refuses an empty or malformed body with 400', async () => {
      await t.http().post('/api/amplify/submissions').send({}).expect(400);
      await t.http().post('/api/amplify/submissions').send([]).expect(400);
      await t
        .http()
        .post('/api/amplify/submissions')
        .set('Content-Type', 'application/json')
        .send('{"business_name":')
        .expect(400);
    });

    it('accepts every category and type of help', async () => {
      for (const category of BUSINESS_CATEGORIES) {
        const s = await submit({ business_name: `Category ${category}`, category, type_of_help: [...TYPES_OF_HELP] });
        expect(s).toMatchObject({ category, type_of_help: [...TYPES_OF_HELP] });
      }
    });

    it('stores a pending, unfeatured submission titled by the first 100 characters, and mails the founder', async () => {
      const story = business().story;
      const outboxBefore = await count('outbox_messages');
      const s = await submit({ business_name: 'Title Bakery' });
      expect(s).toMatchObject({
        status: 'pending',
        featured: false,
        business_name: 'Title Bakery',
        contact_name: 'Rosa Jablonski',
        type_of_help: ['Social media content'],
        logo_url: null,
        description: story.trim(),
      });
      expect(s.title).toBe(story.slice(0, 100));
      expect(s.title).toHaveLength(100);
      expect(await rowsNamed('Title Bakery')).toEqual([
        {
          status: 'pending',
          featured: false,
          title: story.slice(0, 100),
          description: story.trim(),
          logo_url: null,
          type_of_help: ['Social media content'],
        },
      ]);
      const [outbox] = await t.sql<{ kind: string; payload: Record<string, unknown> }>(
        "select kind, payload from outbox_messages where payload->>'submissionId' = $1 and kind = 'notify-amplify-submission'",
        [s.id],
      );
      expect(outbox).toMatchObject({
        kind: 'notify-amplify-submission',
        payload: {
          businessName: 'Title Bakery',
          contactName: 'Rosa Jablonski',
          contactEmail: 'rosa@lakesidebakery.test',
          title: s.title,
          category: 'Food & Drink',
          websiteSocial: 'https://instagram.com/lakesidebakery',
        },
      });
      // The founder's mail and the business's confirmation (decision 0119).
      expect(await count('outbox_messages')).toBe(outboxBefore + 2);
      const mail = await t.mailbox.waitFor((m) => m.subject === 'New business application: Title Bakery');
      expect(mail.to).toEqual(['founder@localcreators.test']);
      expect(mail.replyTo).toBe('rosa@lakesidebakery.test');

      const short = await submit({
        business_name: 'Short Story',
        story: '  Tiny shop.  ',
        website_social: '',
        neighborhood: '',
      });
      expect(short).toMatchObject({
        title: 'Tiny shop.',
        description: 'Tiny shop.',
        website_social: null,
        neighborhood: null,
      });
    });

    it('accepts multipart with type_of_help as JSON, as repeated fields, or as one plain field', async () => {
      const form = (name: string) =>
        t
          .http()
          .post('/api/amplify/submissions')
          .field('business_name', name)
          .field('contact_name', 'Al')
          .field('contact_email', 'al@form.test')
          .field('category', 'Services')
          .field('story', 'We fix bikes in Ohio City.');
      const json = await form('Form JSON')
        .field('type_of_help', JSON.stringify(['Event promotion', 'Other']))
        .expect(201);
      expect(json.body.type_of_help).toEqual(['Event promotion', 'Other']);
      const repeated = await form('Form Repeated')
        .field('type_of_help', 'Event promotion')
        .field('type_of_help', 'Grand opening')
        .expect(201);
      expect(repeated.body.type_of_help).toEqual(['Event promotion', 'Grand opening']);
      const brackets = await form('Form Brackets')
        .field('type_of_help[]', 'Product reviews')
        .field('type_of_help[]', 'Other')
        .expect(201);
      expect(brackets.body.type_of_help).toEqual(['Product reviews', 'Other']);
      const single = await form('Form Single').field('type_of_help', 'Brand awareness').expect(201);
      expect(single.body.type_of_help).toEqual(['Brand awareness']);
      const none = await form('Form None').field('website_social', '').expect(201);
      expect(none.body).toMatchObject({ type_of_help: [], website_social: null });
      const bad = await form('Form Bad').field('type_of_help', 'Mystery').expect(400);
      expect(bad.body.message).toBe(MSG.typeOfHelpUnknown);
      expect(await rowsNamed('Form Bad')).toEqual([]);
    });

    it('stores a logo re-encoded as WebP, served from /storage', async () => {
      const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#c0392b' } })
        .png()
        .toBuffer();
      const res = await t
        .http()
        .post('/api/amplify/submissions')
        .field('business_name', 'Logo Shop')
        .field('contact_name', 'Al')
        .field('contact_email', 'al@logo.test')
        .field('category', 'Retail & Shopping')
        .field('story', 'Vintage records.')
        .attach('logo', png, { filename: 'logo.png', contentType: 'image/png' })
        .expect(201);
      expect(res.body.logo_url).toMatch(new RegExp(`^/storage/business-logos/${res.body.id}/logo\\.webp\\?v=`));
      const stored = await t.http().get(res.body.logo_url.split('?')[0]).expect(200);
      const meta = await sharp(stored.body).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(400);
      expect((await rowsNamed('Logo Shop'))[0]!.logo_url).toBe(res.body.logo_url);
    });

    it('refuses a non-image logo (400) and a logo of 5 MB or more (413), storing nothing', async () => {
      const form = (name: string) =>
        t
          .http()
          .post('/api/amplify/submissions')
          .field('business_name', name)
          .field('contact_name', 'Al')
          .field('contact_email', 'al@logo.test')
          .field('category', 'Other')
          .field('story', 'A story.');
      const fake = await form('Fake Logo')
        .attach('logo', Buffer.from('%PDF-1.4 not a picture'), { filename: 'logo.png', contentType: 'image/png' })
        .expect(400);
      expect(fake.body.message).toBe(MSG.imageNotImage);
      const big = await form('Big Logo').attach('logo', Buffer.alloc(LIMITS.imageMaxBytes, 1), {
        filename: 'logo.jpg',
        contentType: 'image/jpeg',
      });
      expect(big.status).toBe(413);
      expect(big.body.message).toBe(MSG.imageTooLarge);
      const wrongField = await form('Wrong Field').attach('file', Buffer.from('x'), {
        filename: 'x.png',
        contentType: 'image/png',
      });
      expect(wrongField.status).toBe(400);
      for (const name of ['Fake Logo', 'Big Logo', 'Wrong Field']) expect(await rowsNamed(name)).toEqual([]);
      const dir = join(t.env.STORAGE_DIR!, 'business-logos');
      const stored = existsSync(dir) ? readdirSync(dir) : [];
      const ids = (await t.sql<{ id: string }>('select id from amplify_submissions where logo_url is not null')).map(
        (r) => r.id,
      );
      expect(stored.sort()).toEqual(ids.sort()); // no orphan logo folders
    });

    it('answers a filled honeypot like a success but stores and mails nothing', async () => {
      const rows = await count('amplify_submissions');
      const outbox = await count('outbox_messages');
      const res = await t
        .http()
        .post('/api/amplify/submissions')
        .send(business({ business_name: 'Spam Bot Inc', company_website: 'http://spam.test' }))
        .expect(201);
      expect(res.body).toMatchObject({ business_name: 'Spam Bot Inc', status: 'pending', featured: false });
      expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
      const multipart = await t
        .http()
        .post('/api/amplify/submissions')
        .field('business_name', 'Spam Form Inc')
        .field('contact_name', 'Bot')
        .field('contact_email', 'bot@spam.test')
        .field('category', 'Other')
        .field('story', 'Buy now')
        .field('company_website', 'spam.test')
        .expect(201);
      expect(multipart.body.status).toBe('pending');
      expect(await count('amplify_submissions')).toBe(rows);
      expect(await count('outbox_messages')).toBe(outbox);
      await t.http().get(`/api/admin/amplify-submissions/${res.body.id}`).set(bearer(admin)).expect(404);
      // An empty honeypot is a person.
      await submit({ business_name: 'Honest Shop', company_website: '' });
      expect(await rowsNamed('Honest Shop')).toHaveLength(1);
    });
  });

  describe('moderation and the featured page', () => {
    it('features only approved submissions (409 otherwise) and un-features on decline, audited', async () => {
      const s = await submit({ business_name: 'Feature Rules' });
      for (const status of ['pending', 'declined'] as const) {
        if (status === 'declined') await put(s.id, { status: 'declined' }).expect(200);
        const refused = await put(s.id, { featured: true }).expect(409);
        expect(refused.body.message).toBe(MSG.featureNeedsApproval);
        expect((await rowsNamed('Feature Rules'))[0]).toMatchObject({ status, featured: false });
      }
      const approved = await put(s.id, { status: 'approved' }).expect(200);
      expect(approved.body).toMatchObject({ status: 'approved', featured: false });
      const featured = await put(s.id, { featured: true }).expect(200);
      expect(featured.body).toMatchObject({ status: 'approved', featured: true });
      const declined = await put(s.id, { status: 'declined' }).expect(200);
      expect(declined.body).toMatchObject({ status: 'declined', featured: false });
      expect((await rowsNamed('Feature Rules'))[0]).toMatchObject({ status: 'declined', featured: false });
      await put(s.id, { status: 'approved' }).expect(200);
      expect((await rowsNamed('Feature Rules'))[0]).toMatchObject({ status: 'approved', featured: false }); // the feature does not come back
      await put(s.id, { status: 'pending' }).expect(200); // any change from any state
      expect((await auditOf(s.id)).reverse().map((a) => [a.action, a.from_value, a.to_value, a.notes])).toEqual([
        ['status', 'pending', 'declined', null],
        ['status', 'declined', 'approved', null],
        ['feature', 'false', 'true', null],
        ['status', 'approved', 'declined', 'Removed from featured'],
        ['status', 'declined', 'approved', null],
        ['status', 'approved', 'pending', null],
      ]);
      expect(
        (await auditOf(s.id)).every(
          (a) => a.subject_type === 'amplify_submission' && a.actor_email === admin.user.email,
        ),
      ).toBe(true);
    });

    it('un-features with the switch, and a repeated click writes nothing', async () => {
      const s = await submit({ business_name: 'Switch Shop' });
      await featureIt(s.id);
      await put(s.id, { featured: true }).expect(200);
      await put(s.id, { status: 'approved' }).expect(200);
      const off = await put(s.id, { featured: false }).expect(200);
      expect(off.body).toMatchObject({ status: 'approved', featured: false });
      expect((await auditOf(s.id)).map((a) => a.action)).toEqual(['unfeature', 'feature', 'status']);
    });

    it('takes the whole record react-admin sends and ignores fields that are not editable', async () => {
      const s = await submit({ business_name: 'Whole Record' });
      const approved = (
        await put(s.id, { ...s, status: 'approved', business_name: 'Renamed', contact_email: 'evil@x.test' }).expect(
          200,
        )
      ).body;
      expect(approved).toMatchObject({
        status: 'approved',
        business_name: 'Whole Record',
        contact_email: 'rosa@lakesidebakery.test',
      });
      const featured = (await put(s.id, { ...approved, featured: true }).expect(200)).body;
      expect(featured).toMatchObject({ status: 'approved', featured: true });
      expect((await put(s.id, { ...featured, status: 'declined' }).expect(200)).body).toMatchObject({
        status: 'declined',
        featured: false,
      });
    });

    it('lists approved and featured businesses newest first, without contact details or status', async () => {
      const older = await submit({ business_name: 'Older Shop', contact_email: 'older@shop.test' });
      const newer = await submit({ business_name: 'Newer Shop', contact_email: 'newer@shop.test' });
      const approvedOnly = await submit({ business_name: 'Approved Only' });
      await put(approvedOnly.id, { status: 'approved' }).expect(200);
      await featureIt(newer.id);
      await featureIt(older.id); // featured later, still listed by creation time
      const featured = (await t.http().get('/api/amplify/featured').expect(200)).body as {
        id: string;
        business_name: string;
        created_at: string;
      }[];
      const names = featured.map((f) => f.business_name);
      expect(names).toEqual(expect.arrayContaining(['Newer Shop', 'Older Shop']));
      expect(names.indexOf('Newer Shop')).toBeLessThan(names.indexOf('Older Shop'));
      expect(names).not.toContain('Approved Only');
      const times = featured.map((f) => Date.parse(f.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      for (const f of featured) expect(Object.keys(f).sort()).toEqual(PUBLIC_KEYS);
      expect(JSON.stringify(featured)).not.toMatch(/older@shop\.test|newer@shop\.test|Rosa Jablonski/);

      await put(older.id, { status: 'declined' }).expect(200);
      expect((await t.http().get('/api/amplify/featured')).body.map((f: { id: string }) => f.id)).not.toContain(
        older.id,
      );
    });
  });

  describe('introduction requests', () => {
    const interest = (id: string, body: unknown) =>
      t
        .http()
        .post(`/api/amplify/submissions/${id}/interest`)
        .send(body as object);
    const maya = {
      creator_name: 'Maya Brooks',
      creator_email: 'maya@example.com',
      creator_links: 'https://instagram.com/maya',
      message: 'Love your lattes!',
    };

    it('is refused (404) unless the business is approved and featured', async () => {
      const s = await submit({ business_name: 'Not Yet Cafe' });
      const expect404 = async (id: string) =>
        expect((await interest(id, maya).expect(404)).body.message).toBe(MSG.submissionNotFeatured);
      await expect404(s.id); // pending
      await put(s.id, { status: 'approved' }).expect(200);
      await expect404(s.id); // approved, not featured
      await put(s.id, { featured: true }).expect(200);
      await put(s.id, { status: 'declined' }).expect(200);
      await expect404(s.id); // declined (and so un-featured)
      await expect404('00000000-0000-4000-8000-000000000000');
      await expect404('not-an-id');
      expect(await t.sql('select 1 from amplify_interest_requests where submission_id = $1', [s.id])).toEqual([]);
    });

    it.each([
      ['creator_name', MSG.interestNameRequired, { creator_name: '' }],
      ['creator_name', MSG.nameTooLong, { creator_name: 'n'.repeat(LIMITS.nameMax + 1) }],
      ['creator_email', MSG.emailInvalid, { creator_email: 'nope' }],
      ['creator_links', MSG.linksTooLong, { creator_links: 'l'.repeat(LIMITS.interestLinksMax + 1) }],
      ['message', MSG.messageTooLong, { message: 'm'.repeat(LIMITS.interestMessageMax + 1) }],
    ])('refuses a bad %s with %j', async (field, message, override) => {
      const s = await submit({ business_name: 'Validation Cafe' });
      await featureIt(s.id);
      const res = await interest(s.id, { ...maya, ...override }).expect(400);
      expect(res.body).toMatchObject({ message, field });
      expect(await t.sql('select 1 from amplify_interest_requests where submission_id = $1', [s.id])).toEqual([]);
    });

    it('stores the request, mails the business contact once the creator confirms, reply-to the creator', async () => {
      const s = await submit({ business_name: 'Intro Cafe', contact_email: 'owner@introcafe.test' });
      await featureIt(s.id);
      const res = await interest(s.id, maya).expect(201);
      expect(res.body).toEqual({ status: 'confirmation_sent' });
      expect(
        await t.sql(
          'select creator_name, creator_email, creator_links, message from amplify_interest_requests where submission_id = $1',
          [s.id],
        ),
      ).toEqual([
        {
          creator_name: 'Maya Brooks',
          creator_email: 'maya@example.com',
          creator_links: 'https://instagram.com/maya',
          message: 'Love your lattes!',
        },
      ]);
      const confirmation = await t.mailbox.waitFor(
        (m) => m.to.includes('maya@example.com') && m.subject === 'Confirm your introduction to Intro Cafe',
      );
      const token = /\/amplify\/confirm\?token=([\w-]+)/.exec(confirmation.text)![1];
      expect((await t.http().post('/api/amplify/interest/confirm').send({ token }).expect(200)).body).toEqual({
        business_name: 'Intro Cafe',
      });
      const mail = await t.mailbox.waitFor(
        (m) => m.to.includes('owner@introcafe.test') && m.subject === 'A local creator wants to work with Intro Cafe',
      );
      expect(mail.to).toEqual(['owner@introcafe.test']);
      expect(mail.replyTo).toBe('maya@example.com');
      expect(mail.subject).toBe('A local creator wants to work with Intro Cafe');
      expect(mail.text).toContain('Love your lattes!');

      await interest(s.id, { creator_name: ' Sam ', creator_email: 'sam@example.com' }).expect(201);
      expect(
        await t.sql('select creator_links, message from amplify_interest_requests where creator_name = $1', ['Sam']),
      ).toEqual([{ creator_links: null, message: null }]);
    });
  });

  describe('admin list', () => {
    const list = (query: Record<string, unknown>) =>
      t
        .http()
        .get('/api/admin/amplify-submissions')
        .query(
          Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])),
        )
        .set(bearer(admin));

    it('serves the tabs with counts in Content-Range, sorting, search and getMany', async () => {
      const a = await submit({ business_name: 'Tab Alpha', contact_email: 'alpha@tabs.test' });
      const b = await submit({ business_name: 'Tab Beta' });
      await put(b.id, { status: 'declined' }).expect(200);
      for (const status of ['pending', 'approved', 'declined']) {
        const res = await list({ filter: { status }, range: [0, 0] }).expect(200);
        const [n] = await t.sql<{ n: string }>('select count(*) n from amplify_submissions where status = $1', [
          status,
        ]);
        expect(res.headers['content-range']).toBe(`amplify-submissions 0-0/${n!.n}`);
        expect(res.body.every((s: { status: string }) => s.status === status)).toBe(true);
      }
      const newest = await list({ sort: ['created_at', 'DESC'], range: [0, 1] }).expect(200);
      expect(newest.body.map((s: { id: string }) => s.id)).toEqual([b.id, a.id]);
      const byName = await list({ sort: ['business_name', 'ASC'], range: [0, 999] }).expect(200);
      const names = byName.body.map((s: { business_name: string }) => s.business_name);
      expect(names).toEqual([...names].sort((x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)));
      await list({ sort: ['status', 'DESC'] }).expect(200);
      await list({ sort: ['id', 'ASC'] }).expect(200);
      expect((await list({ filter: { q: 'tab alpha' } }).expect(200)).body.map((s: { id: string }) => s.id)).toEqual([
        a.id,
      ]);
      expect((await list({ filter: { q: 'alpha@tabs' } }).expect(200)).body.map((s: { id: string }) => s.id)).toEqual([
        a.id,
      ]);
      expect((await list({ filter: { q: '%' } }).expect(200)).body).toEqual([]);
      const many = await list({ filter: { id: [a.id, b.id, 'junk'] } }).expect(200);
      expect(many.body.map((s: { id: string }) => s.id).sort()).toEqual([a.id, b.id].sort());
      expect((await list({ filter: { id: ['junk'] } }).expect(200)).body).toEqual([]);
      const one = await t.http().get(`/api/admin/amplify-submissions/${a.id}`).set(bearer(admin)).expect(200);
      expect(one.body).toMatchObject({ id: a.id, contact_email: 'alpha@tabs.test', status: 'pending' });
    });

    it('answers bad admin input with 4xx, never 500, and changes nothing', async () => {
      const s = await submit({ business_name: 'Bad Admin Input' });
      const bodies: unknown[] = [
        { status: 'bogus' },
        {},
        { business_name: 'x' },
        { featured: 'yes' },
        { status: null },
        { status: 'approved', featured: true },
        [{ status: 'approved' }],
      ];
      for (const body of bodies) {
        const res = await put(s.id, body);
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
      }
      await t
        .http()
        .put(`/api/admin/amplify-submissions/${s.id}`)
        .set(bearer(admin))
        .set('Content-Type', 'application/json')
        .send('{"status":')
        .expect(400);
      await put('00000000-0000-4000-8000-000000000000', { status: 'approved' }).expect(404);
      await put('not-an-id', { status: 'approved' }).expect(400);
      await t
        .http()
        .get('/api/admin/amplify-submissions/00000000-0000-4000-8000-000000000000')
        .set(bearer(admin))
        .expect(404);
      await t.http().get('/api/admin/amplify-submissions/not-an-id').set(bearer(admin)).expect(400);
      for (const query of [
        { filter: { status: 'weird' } },
        { filter: { status: ['pending'] } },
        { filter: { q: { $ne: 1 } } },
        { filter: '{' },
        { filter: '[1]' },
        { sort: ['contact_email', 'ASC'] },
        { sort: '[' },
        { range: 'nope' },
        { range: [3, 1] },
        { range: [0, 1.5] },
      ]) {
        const res = await list(query);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
      }
      expect((await rowsNamed('Bad Admin Input'))[0]).toMatchObject({ status: 'pending', featured: false });
      expect(await auditOf(s.id)).toEqual([]);
    });
  });
});
