import { MSG, type AuthSession } from '@local-creators/common';
import { validProfile } from '../creator/fixtures';
import { registeredRoutes } from '../helpers/routes';
import { bearer, createTestApp, signUp, signUpAdmin, tablesFingerprint, TestApp } from '../helpers/test-app';

/**
 * Text PostgreSQL cannot store (a NUL character, a lone UTF-16 surrogate), impossible cursor
 * timestamps and line breaks in one-line fields (decision 0504). Every route that takes a body
 * gets every string of a valid body poisoned in turn, as JSON (and the business form as
 * multipart): 0 answers of 5xx, the clear 400, and nothing written.
 */

const POISONS = { nul: 'Maya\u0000Brooks', highSurrogate: 'Maya \ud83d Brooks', lowSurrogate: '\ude00Maya' };

const BUSINESS = {
  business_name: 'Fuzz Bakery',
  contact_name: 'Ada Test',
  contact_email: 'ada@fuzz.test',
  category: 'Food & Drink',
  story: 'A bakery that wants local creators to tell its story.',
  type_of_help: ['Social media content'],
};
const INTRODUCTION = {
  creator_name: 'Ada Creator',
  creator_email: 'ada@creator.test',
  creator_links: 'https://instagram.com/ada',
  message: 'Hello!',
};
const CONTACT = { brand_name: 'Fuzz Brand', email: 'brand@fuzz.test', message: 'We would love to work with you.' };
const VALID_BODIES: Record<string, unknown>[] = [
  validProfile() as unknown as Record<string, unknown>,
  BUSINESS,
  INTRODUCTION,
  CONTACT,
  { email: 'fuzz@example.com', password: 'Sunny-Lake-42' },
  { refresh_token: 'x'.repeat(40), token: 'y'.repeat(43) },
  {
    approval_status: 'approved',
    approval_notes: 'Checked by phone',
    status: 'approved',
    title: 'A title',
    description: 'A description',
  },
];

/** Every copy of `body` with one of its strings (at any depth, keys too) replaced by `poison`. */
function poisoned(body: unknown, poison: string): unknown[] {
  if (typeof body === 'string') return [poison];
  if (Array.isArray(body))
    return body.flatMap((item, i) => poisoned(item, poison).map((p) => body.map((x, j) => (j === i ? p : x))));
  if (body === null || typeof body !== 'object') return [];
  const entries = Object.entries(body);
  return [
    { ...body, [poison]: 'x' },
    ...entries.flatMap(([key, value]) => poisoned(value, poison).map((p) => ({ ...body, [key]: p }))),
  ];
}

describe('text that cannot be stored, impossible cursors and broken lines', () => {
  let t: TestApp;
  let creator: AuthSession;
  let admin: AuthSession;
  let profileId: string;
  let businessId: string;

  const fingerprint = () => tablesFingerprint(t);

  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_PUBLIC_FORMS: '100000/3600', RATE_LIMIT_SIGNIN: '100000/600', RATE_LIMIT_SIGNUP: '100000/600' },
    });
    creator = await signUp(t);
    admin = await signUpAdmin(t);
    profileId = (await t.http().put('/api/me/profile').set(bearer(creator)).send(validProfile()).expect(201)).body.id;
    await t.sql(
      `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
      [profileId],
    );
    businessId = (await t.http().post('/api/amplify/submissions').send(BUSINESS).expect(201)).body.id;
    await t.sql(`update amplify_submissions set status = 'approved', featured = true where id = $1`, [businessId]);
  });
  afterAll(() => t.close());

  it('answers 400 and writes nothing for every route that takes a body, whichever string is poisoned', async () => {
    // These read no body at all (a body sent is ignored), and sign-out would end the run's session.
    const takesNoBody = [
      'POST /api/auth/logout',
      'DELETE /api/me/profile/image',
      'POST /api/me/profile/crew',
      'POST /api/me/profile/followers/confirm',
      'POST /api/auth/confirm-email/resend',
    ];
    const routes = registeredRoutes(t).filter((r) => !r.startsWith('GET ') && !takesNoBody.includes(r));
    expect(routes.length).toBeGreaterThan(15);
    const before = await fingerprint();
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const [method, template] = route.split(' ') as [string, string];
      const path = template
        .replace(/:id/g, template.includes('amplify') ? businessId : profileId)
        .replace(/:checkId/g, profileId);
      const session = template.startsWith('/api/admin') ? admin : creator;
      for (const [kind, poison] of Object.entries(POISONS)) {
        for (const body of VALID_BODIES.flatMap((b) => poisoned(b, poison))) {
          const res = await t
            .http()
            [method.toLowerCase() as 'post' | 'put' | 'delete'](path)
            .set(bearer(session))
            .set('Content-Type', 'application/json')
            .send(JSON.stringify(body));
          sent++;
          if (res.status >= 500 || (res.status < 400 && res.status !== 404))
            failures.push(
              `${route} (${kind}) → ${res.status} ${JSON.stringify(res.body).slice(0, 160)} for ${JSON.stringify(body).slice(0, 160)}`,
            );
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    expect(await fingerprint()).toBe(before);
  }, 300_000);

  it.each(Object.entries(POISONS))(
    'names the field and says why (%s), on the forms people fill in',
    async (kind, poison) => {
      const cases: [string, () => Promise<{ status: number; body: { message?: string; field?: string } }>, string][] = [
        [
          'own profile',
          () =>
            t
              .http()
              .put('/api/me/profile')
              .set(bearer(creator))
              .send(validProfile({ bio: `${poison} writes about food.` })),
          'bio',
        ],
        [
          'business form (JSON)',
          () =>
            t
              .http()
              .post('/api/amplify/submissions')
              .send({ ...BUSINESS, story: poison }),
          'story',
        ],
        // A lone surrogate cannot even be sent as multipart (its UTF-8 is a replacement character).
        [
          'business form (multipart)',
          () =>
            kind === 'nul'
              ? t
                  .http()
                  .post('/api/amplify/submissions')
                  .field({ ...BUSINESS, type_of_help: JSON.stringify(BUSINESS.type_of_help), contact_name: poison })
              : t
                  .http()
                  .post('/api/amplify/submissions')
                  .send({ ...BUSINESS, contact_name: poison }),
          'contact_name',
        ],
        [
          'introduction request',
          () =>
            t
              .http()
              .post(`/api/amplify/submissions/${businessId}/interest`)
              .send({ ...INTRODUCTION, message: poison }),
          'message',
        ],
        [
          'contact form',
          () =>
            t
              .http()
              .post(`/api/creators/${profileId}/contact`)
              .send({ ...CONTACT, brand_name: poison }),
          'brand_name',
        ],
      ];
      for (const [name, send, field] of cases) {
        const res = await send();
        expect({ name, status: res.status, message: res.body.message, field: res.body.field }).toEqual({
          name,
          status: 400,
          message: MSG.textUnstorable,
          field,
        });
      }
    },
  );

  it('refuses a search cursor with an impossible timestamp with 400, on the search and its pages', async () => {
    const id = '6f1c2a7e-1b7d-4c55-9a43-3f3e5f1b2c9d';
    const cursorOf = (key: string) => Buffer.from(JSON.stringify(['newest', 'a', key, id])).toString('base64url');
    for (const key of [
      '2026-13-45 25:61:61+00',
      '2026-02-30 10:00:00+00',
      '2026-11-26 05:05:47+99',
      '0000-01-01 00:00:00+00',
    ]) {
      for (const query of [{}, { q: 'food' }, { niche: 'Food' }]) {
        const res = await t
          .http()
          .get('/api/creators')
          .query({ ...query, cursor: cursorOf(key) });
        expect({ key, query, status: res.status, message: res.body.message }).toEqual({
          key,
          query,
          status: 400,
          message: 'Invalid cursor',
        });
      }
    }
    // A real one still pages.
    expect(
      (
        await t
          .http()
          .get('/api/creators')
          .query({ cursor: cursorOf('2026-11-26 05:05:47.5+00') })
      ).status,
    ).toBe(200);
  });

  it('keeps names, handles and links on one line: a line break answers 400 and nothing is stored or mailed', async () => {
    const broken = 'Evil Co\r\nBcc: everyone@example.org';
    const before = await fingerprint();
    const cases: [() => Promise<{ status: number; body: { message?: string; field?: string } }>, string][] = [
      [
        () =>
          t
            .http()
            .post(`/api/creators/${profileId}/contact`)
            .send({ ...CONTACT, brand_name: broken }),
        'brand_name',
      ],
      [
        () =>
          t
            .http()
            .post(`/api/amplify/submissions/${businessId}/interest`)
            .send({ ...INTRODUCTION, creator_name: broken }),
        'creator_name',
      ],
      [
        () =>
          t
            .http()
            .post(`/api/amplify/submissions/${businessId}/interest`)
            .send({ ...INTRODUCTION, creator_links: `a\nFrom: x@y.z` }),
        'creator_links',
      ],
      [
        () =>
          t
            .http()
            .post('/api/amplify/submissions')
            .send({ ...BUSINESS, business_name: broken }),
        'business_name',
      ],
      [
        () =>
          t
            .http()
            .post('/api/amplify/submissions')
            .send({ ...BUSINESS, contact_name: 'Ada\nTest' }),
        'contact_name',
      ],
      [
        () =>
          t
            .http()
            .put('/api/me/profile')
            .set(bearer(creator))
            .send(validProfile({ full_name: 'Maya\u2028Brooks' })),
        'full_name',
      ],
      [
        () =>
          t
            .http()
            .put('/api/me/profile')
            .set(bearer(creator))
            .send(validProfile({ phone: '216 555\n0101' })),
        'phone',
      ],
    ];
    for (const [send, field] of cases) {
      const res = await send();
      expect({ field, status: res.status, message: res.body.message, at: res.body.field }).toEqual({
        field,
        status: 400,
        message: MSG.singleLine,
        at: field,
      });
    }
    expect(await fingerprint()).toBe(before);
  });
});
