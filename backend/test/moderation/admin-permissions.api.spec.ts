import { MSG, type AuthSession } from '@local-creators/common';
import { bearer, createTestApp, signUp, signUpAdmin, TestApp } from '../helpers/test-app';
import { validProfile } from '../creator/fixtures';
import { registeredRoutes } from '../helpers/routes';

/** Every /api/admin route the app registers (a new one cannot be forgotten). */
function adminRoutes(t: TestApp): string[] {
  return registeredRoutes(t)
    .filter((r) => / \/api\/admin(\/|$)/.test(r))
    .sort();
}

describe('admin routes: 401 signed out, 403 for creators, on every call', () => {
  let t: TestApp;
  let creator: AuthSession;
  let admin: AuthSession;
  let profileId: string;
  let submissionId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpAdmin(t);
    creator = await signUp(t);
    profileId = (await t.http().put('/api/me/profile').set(bearer(creator)).send(validProfile()).expect(201)).body.id;
    submissionId = (
      await t
        .http()
        .post('/api/amplify/submissions')
        .send({
          business_name: 'Perm Shop',
          contact_name: 'Al',
          contact_email: 'al@perm.test',
          category: 'Services',
          story: 'We fix bikes.',
        })
        .expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  it('finds the moderation and amplify admin routes', () => {
    expect(adminRoutes(t)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/stats',
        'GET /api/admin/creators',
        'GET /api/admin/creators/:id',
        'PUT /api/admin/creators/:id',
        'POST /api/admin/creators/:id/acknowledge-changes',
        'GET /api/admin/audit-log',
        'GET /api/admin/amplify-submissions',
        'GET /api/admin/amplify-submissions/:id',
        'PUT /api/admin/amplify-submissions/:id',
      ]),
    );
  });

  const call = (route: string, session: AuthSession | null) => {
    const [method, path] = route.split(' ') as [string, string];
    const url = path.replace(
      ':id',
      path.includes('amplify')
        ? submissionId
        : path.includes('creators')
          ? profileId
          : '00000000-0000-4000-8000-000000000000',
    );
    const body = path.includes('amplify')
      ? { status: 'approved', featured: true }
      : { approval_status: 'approved', phone_verified: true };
    const req = t.http()[method.toLowerCase() as 'get'](url);
    return (session ? req.set(bearer(session)) : req).send(body);
  };

  it('refuses every admin route signed out (401), with a forged token (401), and for a creator (403)', async () => {
    const routes = adminRoutes(t);
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const forged = { ...creator, access_token: `${creator.access_token.slice(0, -4)}AAAA` };
    for (const route of routes) {
      const out = await call(route, null);
      expect({ route, status: out.status, message: out.body.message }).toEqual({
        route,
        status: 401,
        message: MSG.notAuthenticated,
      });
      const bad = await call(route, forged);
      expect({ route, status: bad.status }).toEqual({ route, status: 401 });
      const res = await call(route, creator);
      expect({ route, status: res.status }).toEqual({ route, status: 403 });
      expect(res.headers['content-range']).toBeUndefined();
    }
  });

  it('changed nothing on the way, and the same calls work for an admin', async () => {
    const [profile] = await t.sql(
      'select approval_status, is_public, phone_verified from creator_profiles where id = $1',
      [profileId],
    );
    expect(profile).toEqual({ approval_status: 'pending', is_public: false, phone_verified: false });
    const [submission] = await t.sql('select status, featured from amplify_submissions where id = $1', [submissionId]);
    expect(submission).toEqual({ status: 'pending', featured: false });
    expect(await t.sql('select 1 from moderation_audit_log')).toEqual([]);

    await t
      .http()
      .put(`/api/admin/creators/${profileId}`)
      .set(bearer(admin))
      .send({ approval_status: 'approved' })
      .expect(200);
    await t
      .http()
      .put(`/api/admin/amplify-submissions/${submissionId}`)
      .set(bearer(admin))
      .send({ status: 'approved' })
      .expect(200);
    for (const route of adminRoutes(t).filter((r) => r.startsWith('GET '))) {
      const res = await call(route, admin);
      // A route whose :id is the placeholder (no such record) answers 404; the others 200.
      const placeholder = route.includes(':id') && !/amplify|creators/.test(route);
      expect({ route, status: res.status }).toEqual({ route, status: placeholder ? 404 : 200 });
    }
  });
});
