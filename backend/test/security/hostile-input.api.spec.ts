import fc from 'fast-check';
import { MSG, NICHES, PLATFORM_NAMES, type AuthSession } from '@local-creators/common';
import { validProfile } from '../creator/fixtures';
import { AuthService } from '../../src/modules/identity/application/auth.service';
import { registeredRoutes } from '../helpers/routes';
import { bearer, createTestApp, signUp, signUpAdmin, tablesFingerprinter, TestApp } from '../helpers/test-app';

/**
 * Hostile input against every API route the app registers (so a new route is covered without
 * anyone remembering it): arbitrary JSON bodies, the real field names with values of every wrong
 * type, prototype-pollution keys, repeated and overlong query parameters, and junk ids. Never a
 * 5xx, always the JSON error shape, and a refused request writes nothing.
 */

// The field names the app reads anywhere, so generated bodies reach the validators, not just
// the "unknown body" path.
const FIELDS = [
  'email',
  'password',
  'refresh_token',
  'full_name',
  'phone',
  'bio',
  'neighborhood',
  'niches',
  'platforms',
  'content_types',
  'collab_types',
  'media_kit_url',
  'link_hub_url',
  'can_use_name_publicly',
  'profile_image_url',
  'approval_status',
  'approval_notes',
  'phone_verified',
  'is_public',
  'business_name',
  'contact_name',
  'contact_email',
  'category',
  'story',
  'website_social',
  'type_of_help',
  'status',
  'featured',
  'title',
  'description',
  'creator_name',
  'creator_email',
  'creator_links',
  'message',
  'notes',
  '__proto__',
  'constructor',
];
const QUERY_KEYS = [
  'q',
  'niche',
  'platform',
  'sort',
  'page',
  'per_page',
  'min_followers',
  'neighborhood',
  'filter',
  'range',
  'status',
  '_start',
  '_end',
  '_sort',
  '_order',
  'id',
];

const hostileValue = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '{"$gt":""}',
    'a'.repeat(5_000),
  ),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.constantFrom(...FIELDS, 'name', 'handle', 'url', 'followers'), fc.jsonValue({ maxDepth: 2 }), {
    maxKeys: 4,
  }),
);
// Valid requests with one or two fields made hostile reach deeper than pure noise, which the
// first check of a validator refuses: both are generated.
const VALID_BODIES: Record<string, unknown>[] = [
  validProfile() as unknown as Record<string, unknown>,
  {
    business_name: 'Fuzz Bakery',
    contact_name: 'Ada Test',
    contact_email: 'ada@fuzz.test',
    category: 'Food & Drink',
    story: `A bakery that wants local creators to tell its story. ${'More about us. '.repeat(10)}`,
    type_of_help: ['Social media content'],
  },
  { email: 'fuzz@example.com', password: 'Sunny-Lake-42' },
  { approval_status: 'approved', approval_notes: 'Checked by phone' },
  { phone_verified: false },
  { status: 'approved', featured: true, title: 'A title', description: 'A description' },
  {
    creator_name: 'Ada Creator',
    creator_email: 'ada@creator.test',
    creator_links: 'https://instagram.com/ada',
    message: 'Hello from a local creator!',
  },
];
const hostileBody = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...VALID_BODIES),
      fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { minKeys: 1, maxKeys: 2 }),
    )
    .map(([valid, bad]) => ({ ...valid, ...bad })),
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 8 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const VALID_QUERY: Record<string, string[]> = {
  q: ['food', 'Tremont'],
  niche: [...NICHES],
  platform: [...PLATFORM_NAMES],
  sort: ['newest', 'followers', 'name'],
  page: ['1', '2'],
  per_page: ['24', '100'],
  min_followers: ['0', '10000'],
  neighborhood: ['Ohio City'],
  filter: ['{}', '{"status":"pending"}', '{"approval_status":"approved"}'],
  range: ['[0,9]', '[10,19]'],
  status: ['pending', 'approved'],
  _start: ['0'],
  _end: ['10'],
  _sort: ['id', 'created_at'],
  _order: ['ASC', 'DESC'],
  id: ['1'],
};
const hostileQueryValue = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc.array(fc.string({ maxLength: 20 }), { minLength: 2, maxLength: 3 }),
  fc.constantFrom('-1', '1e309', 'NaN', '{', '[1', '{"q":{"$ne":1}}', 'x'.repeat(3_000)),
);
const hostileQuery = fc.record(
  Object.fromEntries(
    QUERY_KEYS.map((k) => [
      k,
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...VALID_QUERY[k]!) },
        { weight: 1, arbitrary: hostileQueryValue },
      ),
    ]),
  ),
  { requiredKeys: [] },
);

const RUNS_PER_ROUTE = 30;

describe('hostile input', () => {
  let t: TestApp;
  let creator: AuthSession;
  let admin: AuthSession;
  const realIds: string[] = [];

  let fingerprint: () => Promise<string>;

  beforeAll(async () => {
    t = await createTestApp();
    creator = await signUp(t);
    admin = await signUpAdmin(t);
    const profile = await t.http().put('/api/me/profile').set(bearer(creator)).send(validProfile()).expect(201);
    const submission = await t
      .http()
      .post('/api/amplify/submissions')
      .send({
        business_name: 'Fuzz Bakery',
        contact_name: 'Ada Test',
        contact_email: 'ada@fuzz.test',
        category: 'Food & Drink',
        story: `A bakery that wants local creators to tell its story. ${'More about us. '.repeat(10)}`,
        type_of_help: ['Social media content'],
      })
      .expect(201);
    const outbox = await t.sql<{ id: string }>('select id from outbox_messages limit 1');
    realIds.push(profile.body.id, submission.body.id, ...outbox.map((r) => r.id));
    fingerprint = await tablesFingerprinter(t);
  });
  afterAll(() => t.close());

  it('never answers 5xx, and a refused request writes nothing, on every registered route', async () => {
    const routes = registeredRoutes(t).filter((r) => r !== 'POST /api/auth/logout'); // it would end the session the run uses
    expect(routes.length).toBeGreaterThan(25);
    const pathId = fc.oneof(
      fc.constantFrom(...realIds),
      fc.uuid(),
      fc.string({ minLength: 1, maxLength: 80 }),
      fc.constant('x'.repeat(2_000)),
    );
    // The tables as the last refusal left them: a refusal wrote nothing, so they are the next
    // request's "before" too (one reading of every table per request, not two; the run was near its
    // bound on a busy host). Unknown after a request that was let through (it may have written).
    let unchangedSince: string | null = null;
    for (const route of routes) {
      const [method, template] = route.split(' ') as [string, string];
      const session = template.startsWith('/api/admin') ? admin : creator;
      await fc.assert(
        fc.asyncProperty(pathId, hostileBody, hostileQuery, async (id, body, query) => {
          const path = template.replace(/:id/g, encodeURIComponent(id));
          // A reset request writes just after its answer: let earlier ones land before comparing.
          const settled = () => t.app.get(AuthService).linksIssued();
          await settled();
          const before = unchangedSince ?? (await fingerprint());
          unchangedSince = null;
          const req = t
            .http()
            [method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path)
            .set(bearer(session))
            .query(query);
          // Sent as JSON text, so bare numbers, strings and null arrive exactly as generated.
          const res =
            method === 'GET' || method === 'DELETE'
              ? await req
              : await req.set('Content-Type', 'application/json').send(JSON.stringify(body));
          if (res.status >= 500)
            throw new Error(
              `${route} answered ${res.status} ${JSON.stringify(res.body)} to ${JSON.stringify({ path, query, body })}`,
            );
          if (res.status >= 400) {
            expect(res.body).toMatchObject({ statusCode: res.status, message: expect.any(String) });
            await settled();
            const after = await fingerprint();
            if (after !== before)
              throw new Error(
                `${route} refused with ${res.status} but wrote: ${JSON.stringify({ path, query, body })}`,
              );
            unchangedSince = after;
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  }, 240_000);

  it('answers 400, never 500, to out-of-range and malformed list parameters on every list', async () => {
    const lists = [
      '/api/admin/creators',
      '/api/admin/audit-log',
      '/api/admin/amplify-submissions',
      '/api/admin/notifications',
      '/api/admin/introduction-requests',
      '/api/admin/contact-requests',
      '/api/admin/follower-counts',
      '/api/admin/cities',
      '/api/admin/local-audience-checks',
      '/api/admin/webhooks',
      '/api/admin/webhook-attempts',
      '/api/admin/calls',
    ];
    // Every admin list the app registers is covered here (a new one must be added).
    const adminGets = registeredRoutes(t)
      .filter((r) => /^GET \/api\/admin\/[^/:]+$/.test(r) && r !== 'GET /api/admin/stats')
      .map((r) => r.slice(4));
    expect(adminGets.sort()).toEqual([...lists].sort());
    const refused: Record<string, string>[] = [
      ...[
        '[1e20,1e21]',
        '[0,1e20]',
        '[9007199254740993,9007199254740999]',
        '[2147483648,2147483657]',
        '[-1,9]',
        '[0,-1]',
        '[-5,-1]',
        '[1.5,3]',
        '[0,9.5]',
        '[9,0]',
        '[0]',
        '[0,9,10]',
        '["0","9"]',
        '[null,null]',
        '[true,false]',
        '{"0":0,"1":9}',
        'null',
        '1e20',
        '"0-9"',
        '[0,1e309]',
        '[',
        'NaN',
      ].map((range) => ({ range })),
      ...[
        '["created_at","SIDEWAYS"]',
        '["created_at",1]',
        '["created_at",null]',
        '[1e20,"ASC"]',
        '[["id"],"ASC"]',
        '["created_at","ASC","x"]',
        '["no_such_field","ASC"]',
        '{',
      ].map((sort) => ({ sort })),
      ...['[]', '"x"', '1e20', '{', '{"a":"\\u0000"}', '{"status":["a\\u0000"]}'].map((filter) => ({ filter })),
    ];
    // Filters that match nothing are a normal empty list; none of them may fail.
    const tolerated: Record<string, string>[] = [
      'null',
      '{"q":1e20}',
      '{"q":["a"]}',
      '{"zzz":1}',
      '{"id":["not-an-id"]}',
      '{"id":[1e20]}',
      '{"id":[null,{}]}',
      '{"status":"nope"}',
      '{"kind":{"$ne":1}}',
      '{"approval_status":1e20}',
      '{"subject_type":["creator"]}',
      `{"q":"${'x'.repeat(3_000)}"}`,
    ].map((filter) => ({ filter }));
    // The public directory's paging and filters too.
    const publicRefused = [
      'page=1e20',
      'page=0',
      'page=-1',
      'page=1.5',
      'per_page=1e20',
      'per_page=0',
      'per_page=-24',
      'per_page=2.5',
      'min_followers=1e20',
      'min_followers=-1',
      'page=9007199254740993',
    ];
    // PostgreSQL text cannot hold a NUL character: refused as malformed before any query.
    for (const filter of [
      '{"q":"\\u0000"}',
      '{"q":"a\\u0000b"}',
      '{"id":"\\u0000"}',
      '{"status":"\\u0000"}',
      '{"kind":"\\u0000"}',
      '{"subject_id":"\\u0000"}',
    ])
      refused.push({ filter });
    for (const query of ['q=%00', 'q=a%00b', 'neighborhood=%00']) publicRefused.push(query);
    const failures: string[] = [];
    for (const path of lists) {
      for (const query of [...refused, ...tolerated]) {
        const res = await t.http().get(path).set(bearer(admin)).query(query);
        const mustRefuse = refused.includes(query);
        const shapeOk =
          res.status === 200 || (typeof res.body?.message === 'string' && res.body.statusCode === res.status);
        if ((mustRefuse && res.status !== 400) || res.status >= 500 || !shapeOk)
          failures.push(`${path} ${JSON.stringify(query)} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    }
    for (const query of publicRefused) {
      const res = await t.http().get(`/api/creators?${query}`);
      if (res.status !== 400 || typeof res.body?.message !== 'string')
        failures.push(`/api/creators?${query} → ${res.status}`);
    }
    for (const query of ['q=%F0%9F%98%80', 'q=%25%5F%5C']) {
      const res = await t.http().get(`/api/creators?${query}`);
      if (res.status >= 500 || (res.status !== 200 && typeof res.body?.message !== 'string'))
        failures.push(`/api/creators?${query} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses arbitrary bytes as a profile photo with the spec text, and keeps the current photo', async () => {
    const [{ url: before }] = await t.sql<{ url: string | null }>(
      'select profile_image_url as url from creator_profiles where user_id = $1',
      [creator.user.id],
    );
    const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 4_000 }),
          fc.uint8Array({ maxLength: 200 }).map((b) => new Uint8Array([...pngHeader, ...b])),
        ),
        fc.constantFrom(
          'photo.png',
          'photo.jpg',
          'photo.webp',
          'photo.gif',
          'photo.svg',
          '../../etc/passwd',
          'a'.repeat(300),
        ),
        fc.constantFrom(
          'image/png',
          'image/jpeg',
          'image/webp',
          'image/svg+xml',
          'application/octet-stream',
          'text/html',
        ),
        async (bytes, filename, contentType) => {
          const res = await t
            .http()
            .put('/api/me/profile/image')
            .set(bearer(creator))
            .attach('file', Buffer.from(bytes), { filename, contentType });
          expect(res.status).toBe(400);
          expect(res.body.message).toBe(MSG.imageNotImage);
        },
      ),
      { numRuns: 40 },
    );
    const [{ url: after }] = await t.sql<{ url: string | null }>(
      'select profile_image_url as url from creator_profiles where user_id = $1',
      [creator.user.id],
    );
    expect(after).toBe(before);
    // No file under the wrong field, and an empty file: clear 400s too.
    expect(
      (await t.http().put('/api/me/profile/image').set(bearer(creator)).attach('photo', Buffer.from('x'), 'x.png'))
        .status,
    ).toBe(400);
    expect(
      (await t.http().put('/api/me/profile/image').set(bearer(creator)).attach('file', Buffer.alloc(0), 'empty.png'))
        .status,
    ).toBe(400);
  }, 60_000);

  it('refuses oversized bodies early: JSON over 100 kB with 413, a photo over 5 MB with 413 and the spec text', async () => {
    const big = await t
      .http()
      .post('/api/amplify/submissions')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ story: 'x'.repeat(200_000) }));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ statusCode: 413, message: expect.any(String) });
    const photo = await t
      .http()
      .put('/api/me/profile/image')
      .set(bearer(creator))
      .attach('file', Buffer.alloc(6 * 1024 * 1024, 1), { filename: 'huge.png', contentType: 'image/png' });
    expect(photo.status).toBe(413);
    expect(photo.body.message).toBe(MSG.imageTooLarge);
  });
});
