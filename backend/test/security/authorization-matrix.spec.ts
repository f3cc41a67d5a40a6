import type { AuthSession } from '@local-creators/common';
import { registeredRoutes } from '../helpers/routes';
import { bearer, createTestApp, signUp, signUpAdmin, TestApp } from '../helpers/test-app';

/**
 * Every route the app registers x {signed out, creator, other creator, admin}. The table is the
 * source of truth: a route missing from it fails the test, so a new route cannot be forgotten.
 *
 * `access` says who may call it:
 *  - public: anyone (the expected status is the route's own answer to an empty call)
 *  - signed-in: 401 signed out, allowed for every account
 *  - admin: 401 signed out, 403 for creators, allowed for admins
 */
type Access = 'public' | 'signed-in' | 'admin';
interface RouteRule {
  access: Access;
  /** Status an allowed caller gets for the probe request (empty body, placeholder ids). */
  allowed: number[];
}

const ID = '00000000-0000-4000-8000-000000000000';

const ROUTES: Record<string, RouteRule> = {
  'POST /api/auth/signup': { access: 'public', allowed: [400] },
  'POST /api/auth/login': { access: 'public', allowed: [400] },
  'POST /api/auth/refresh': { access: 'public', allowed: [401] },
  'POST /api/auth/logout': { access: 'signed-in', allowed: [204] },
  'POST /api/auth/recover': { access: 'public', allowed: [400] },
  'GET /api/auth/recovery': { access: 'public', allowed: [401] },
  'POST /api/auth/confirm-email': { access: 'public', allowed: [404] },
  'POST /api/auth/confirm-email/resend': { access: 'signed-in', allowed: [200] },
  'GET /api/auth/user': { access: 'signed-in', allowed: [200] },
  'PUT /api/auth/user': { access: 'signed-in', allowed: [400] },
  'GET /api/config': { access: 'public', allowed: [200] },
  'GET /api/health': { access: 'public', allowed: [200] },
  'GET /api/admin/notifications': { access: 'admin', allowed: [200] },
  'GET /api/admin/notifications/health': { access: 'admin', allowed: [200] },
  'GET /api/admin/notifications/:id': { access: 'admin', allowed: [404] },
  'POST /api/admin/notifications/:id/retry': { access: 'admin', allowed: [404] },
  'POST /api/admin/notifications/:id/resend': { access: 'admin', allowed: [404] },
  'GET /api/admin/webhooks': { access: 'admin', allowed: [200] },
  'POST /api/admin/webhooks': { access: 'admin', allowed: [400] },
  'GET /api/admin/webhooks/:id': { access: 'admin', allowed: [404] },
  'PUT /api/admin/webhooks/:id': { access: 'admin', allowed: [400] },
  'DELETE /api/admin/webhooks/:id': { access: 'admin', allowed: [404] },
  'GET /api/admin/webhook-attempts': { access: 'admin', allowed: [200] },
  'POST /api/calls': { access: 'signed-in', allowed: [400, 403] }, // 403 for an address not yet proven (decision 0900)
  'GET /api/me/calls': { access: 'signed-in', allowed: [200] },
  'GET /api/calls': { access: 'public', allowed: [200] },
  'GET /api/calls/:id': { access: 'public', allowed: [404] },
  'GET /api/admin/calls': { access: 'admin', allowed: [200] },
  'GET /api/admin/calls/numbers': { access: 'admin', allowed: [200] },
  'GET /api/admin/calls/:id': { access: 'admin', allowed: [404] },
  'PUT /api/admin/calls/:id': { access: 'admin', allowed: [404] },
  'GET /api/me/matching-calls': { access: 'signed-in', allowed: [200] },
  'PUT /api/me/call-mail': { access: 'signed-in', allowed: [400] },
  'POST /api/calls/mail/unsubscribe': { access: 'public', allowed: [404] }, // the token is the proof (decision 0912)
  'POST /api/calls/:id/answers': { access: 'signed-in', allowed: [403] }, // a proven address, then a listed profile (decision 0914)
  'GET /api/calls/:id/my-answer': { access: 'signed-in', allowed: [404] },
  'GET /api/me/calls/:id/answers': { access: 'signed-in', allowed: [404] }, // the call's own business only
  'POST /api/me/calls/:id/answers/finish': { access: 'signed-in', allowed: [404] },
  'POST /api/me/calls/:id/answers/:answerId/pick': { access: 'signed-in', allowed: [404] },
  'GET /api/me/profile': { access: 'signed-in', allowed: [200] },
  'PUT /api/me/profile': { access: 'signed-in', allowed: [400] },
  'PUT /api/me/profile/image': { access: 'signed-in', allowed: [400] },
  'DELETE /api/me/profile/image': { access: 'signed-in', allowed: [204] },
  'POST /api/me/profile/crew': { access: 'signed-in', allowed: [200, 404] },
  'PUT /api/me/profile/contact': { access: 'signed-in', allowed: [404] },
  'GET /api/me/profile/handle-checks': { access: 'signed-in', allowed: [200] },
  'GET /api/me/profile/followers': { access: 'signed-in', allowed: [200] },
  'POST /api/me/profile/followers/confirm': { access: 'signed-in', allowed: [200] },
  'GET /api/me/contact-requests': { access: 'signed-in', allowed: [200] },
  'GET /api/me/stats': { access: 'signed-in', allowed: [404] },
  'POST /api/creators/:id/contact': { access: 'public', allowed: [400] },
  'POST /api/contact-replies': { access: 'public', allowed: [400] },
  'POST /api/contact-replies/brand': { access: 'public', allowed: [400] },
  'GET /api/directory': { access: 'public', allowed: [200] },
  'GET /api/directory/cities': { access: 'public', allowed: [200] },
  'GET /api/directory/niches/:slug': { access: 'public', allowed: [404] },
  'GET /api/directory/neighborhoods/:slug': { access: 'public', allowed: [404] },
  'GET /api/creators': { access: 'public', allowed: [200] },
  'GET /api/feed/creators': { access: 'public', allowed: [200] },
  'GET /api/creators/:id': { access: 'public', allowed: [404] },
  'GET /api/admin/cities': { access: 'admin', allowed: [200] },
  'GET /api/admin/stats': { access: 'admin', allowed: [200] },
  'GET /api/admin/creators': { access: 'admin', allowed: [200] },
  'GET /api/admin/creators/:id': { access: 'admin', allowed: [404] },
  'PUT /api/admin/creators/:id': { access: 'admin', allowed: [404] },
  'POST /api/admin/creators/:id/acknowledge-changes': { access: 'admin', allowed: [404] },
  'GET /api/admin/creators/:id/handle-checks': { access: 'admin', allowed: [404] },
  'GET /api/admin/creators/:id/stats': { access: 'admin', allowed: [404] },
  'GET /api/admin/creators/stats': { access: 'admin', allowed: [200] },
  'PUT /api/admin/creators/:id/handle-checks/:checkId': { access: 'admin', allowed: [404] },
  'GET /api/admin/contact-requests': { access: 'admin', allowed: [200] },
  // Shortlists (decision 0700): public, held by the secret in ?token= (none here: 404), never by an account.
  'POST /api/shortlists': { access: 'public', allowed: [201] },
  'GET /api/shortlists/own': { access: 'public', allowed: [404] },
  'PATCH /api/shortlists/own': { access: 'public', allowed: [404] },
  'PUT /api/shortlists/own/creators/:profileId': { access: 'public', allowed: [404] },
  'DELETE /api/shortlists/own/creators/:profileId': { access: 'public', allowed: [404] },
  'POST /api/shortlists/own/share': { access: 'public', allowed: [404] },
  'DELETE /api/shortlists/own/share': { access: 'public', allowed: [404] },
  'GET /api/shortlists/own/export.csv': { access: 'public', allowed: [404] },
  'POST /api/shortlists/own/messages': { access: 'public', allowed: [400] },
  'POST /api/shortlists/messages/confirm': { access: 'public', allowed: [404] },
  'GET /api/shortlists/shared': { access: 'public', allowed: [404] },
  'GET /api/shortlists/shared/export.csv': { access: 'public', allowed: [404] },
  'GET /api/admin/follower-counts': { access: 'admin', allowed: [200] },
  'PUT /api/admin/follower-counts/:id': { access: 'admin', allowed: [400, 404] },
  'GET /api/me/local-audience': { access: 'signed-in', allowed: [200] },
  'POST /api/me/local-audience': { access: 'signed-in', allowed: [400] },
  'GET /api/admin/local-audience-checks': { access: 'admin', allowed: [200] },
  'GET /api/admin/local-audience-checks/:id': { access: 'admin', allowed: [404] },
  'GET /api/admin/local-audience-checks/:id/image': { access: 'admin', allowed: [404] },
  'PUT /api/admin/local-audience-checks/:id': { access: 'admin', allowed: [400, 404] },
  'GET /api/admin/audit-log': { access: 'admin', allowed: [200] },
  'POST /api/amplify/submissions': { access: 'public', allowed: [400] },
  'GET /api/amplify/featured': { access: 'public', allowed: [200] },
  'POST /api/amplify/submissions/:id/interest': { access: 'public', allowed: [400] },
  'POST /api/amplify/interest/confirm': { access: 'public', allowed: [404] },
  'GET /api/admin/amplify-submissions': { access: 'admin', allowed: [200] },
  'GET /api/admin/amplify-submissions/:id': { access: 'admin', allowed: [404] },
  'PUT /api/admin/amplify-submissions/:id': { access: 'admin', allowed: [404] },
  'GET /api/admin/introduction-requests': { access: 'admin', allowed: [200] },
  'GET /api/admin/introduction-requests/by-business': { access: 'admin', allowed: [200] },
};

describe('authorization matrix', () => {
  let t: TestApp;
  let creator: AuthSession;
  let otherCreator: AuthSession;
  let admin: AuthSession;

  beforeAll(async () => {
    t = await createTestApp();
    creator = await signUp(t);
    otherCreator = await signUp(t);
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  it('covers every route the app registers', () => {
    const missing = registeredRoutes(t).filter((r) => !(r in ROUTES));
    const stale = Object.keys(ROUTES).filter((r) => !registeredRoutes(t).includes(r));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  const probe = (route: string, session: AuthSession | null) => {
    const [method, path] = route.split(' ') as [string, string];
    const url = path.replace(/:[a-zA-Z]+/g, ID);
    const req = t.http()[method.toLowerCase() as 'get'](url);
    return (session ? req.set(bearer(session)) : req).send({});
  };

  it.each(Object.entries(ROUTES))('%s', async (route, rule) => {
    // Sign-out revokes the session it is called with: give it fresh ones.
    const fresh = route === 'POST /api/auth/logout';
    const callers: [string, AuthSession | null][] = [
      ['signed out', null],
      ['creator', fresh ? await signUp(t) : creator],
      ['other creator', fresh ? await signUp(t) : otherCreator],
      ['admin', fresh ? await signUpAdmin(t) : admin],
    ];
    for (const [who, session] of callers) {
      const res = await probe(route, session);
      const expected =
        rule.access === 'public' ||
        (rule.access === 'signed-in' && session) ||
        (rule.access === 'admin' && who === 'admin')
          ? rule.allowed
          : session === null
            ? [401]
            : [403];
      expect({ route, who, status: res.status }).toEqual({ route, who, status: expect.toBeOneOf(expected) });
    }
  });
});

expect.extend({
  toBeOneOf(received: unknown, expected: unknown[]) {
    const pass = expected.includes(received);
    return { pass, message: () => `expected ${String(received)} to be one of ${expected.join(', ')}` };
  },
});
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    interface Expect {
      toBeOneOf(expected: unknown[]): unknown;
    }
  }
}
