import { SESSION_REFRESH_MARGIN_S, type AuthSession, type AuthUser } from '@local-creators/common';
import {
  canAccess,
  isAdmin,
  isBusinessPage,
  needsRefresh,
  parseSession,
  redirectFor,
  redirectForStatus,
} from './access';

const user = (roles: string[]): AuthUser =>
  ({ id: 'u1', email: 'e@example.com', created_at: '2025-01-01T00:00:00Z', app_metadata: { roles } }) as AuthUser;
const session = (roles: string[], expires_at = 2_000_000_000): AuthSession => ({
  access_token: 'a',
  refresh_token: 'r',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at,
  user: user(roles),
});

describe('redirectFor: where a console visitor belongs (spec point 6)', () => {
  it.each([
    // signed out
    [null, '/admin', '/login?next=%2Fadmin'],
    [null, '/admin/review', '/login?next=%2Fadmin%2Freview'],
    [null, '/admin/all', '/login?next=%2Fadmin%2Fall'],
    [null, '/admin/creators/1/show', '/login?next=%2Fadmin%2Fcreators%2F1%2Fshow'],
    [null, '/admin/amplify', '/'],
    // signed in, not an admin
    [session([]), '/admin', '/dashboard'],
    [session([]), '/admin/review', '/dashboard'],
    [session([]), '/admin/all', '/dashboard'],
    [session([]), '/admin/amplify', '/'],
    // admin
    [session(['admin']), '/admin', null],
    [session(['admin']), '/admin/review', null],
    [session(['admin']), '/admin/amplify', null],
  ])('%j on %s goes to %s', (s, path, expected) => {
    expect(redirectFor(s, path)).toBe(expected);
  });

  it('needs the server to agree: a revoked role sends the admin away', () => {
    expect(redirectFor(session(['admin']), '/admin/review', user([]))).toBe('/dashboard');
    expect(redirectFor(session(['admin']), '/admin/amplify', user([]))).toBe('/');
    expect(redirectFor(session(['admin']), '/admin/review', user(['admin']))).toBeNull();
  });

  it('treats a 401 from the server (null) as signed out', () => {
    expect(redirectFor(session(['admin']), '/admin', null)).toBe('/login?next=%2Fadmin');
    expect(redirectFor(session(['admin']), '/admin/amplify', null)).toBe('/');
  });

  it('lets in a user the server says was granted admin after signing in (the stored roles are stale)', () => {
    expect(redirectFor(session([]), '/admin', user(['admin']))).toBeNull();
    expect(redirectFor(session([]), '/admin', user([]))).toBe('/dashboard');
  });

  it('lets the stored roles decide when the server could not be asked (undefined)', () => {
    expect(redirectFor(session(['admin']), '/admin', undefined)).toBeNull();
  });
});

describe('redirectForStatus: API errors', () => {
  it.each([
    [401, '/admin/review', '/login?next=%2Fadmin%2Freview'],
    [401, '/admin/amplify', '/'],
    [403, '/admin/all', '/dashboard'],
    [403, '/admin/amplify', '/'],
    [404, '/admin/all', null],
    [409, '/admin/all', null],
    [500, '/admin/all', null],
    [undefined, '/admin/all', null],
  ])('%s on %s goes to %s', (status, path, expected) => {
    expect(redirectForStatus(status, path)).toBe(expected);
  });
});

describe('business pages', () => {
  it.each([
    ['/admin/amplify', true],
    ['/admin/amplify/', true],
    ['/admin/amplify/x', true],
    ['/admin/amplifyx', false],
    ['/admin', false],
    ['/amplify', false],
  ])('%s → %s', (path, expected) => expect(isBusinessPage(path)).toBe(expected));
});

describe('needsRefresh', () => {
  it(`refreshes within ${SESSION_REFRESH_MARGIN_S}s of expiry, and after it`, () => {
    const expires = 10_000;
    expect(needsRefresh({ expires_at: expires }, expires - SESSION_REFRESH_MARGIN_S - 1)).toBe(false);
    expect(needsRefresh({ expires_at: expires }, expires - SESSION_REFRESH_MARGIN_S)).toBe(true);
    expect(needsRefresh({ expires_at: expires }, expires + 5)).toBe(true);
  });
});

describe('parseSession', () => {
  it('reads a stored GoTrue session', () => {
    expect(parseSession(JSON.stringify(session(['admin'])))).toEqual(session(['admin']));
  });
  it.each([
    null,
    '',
    'not json',
    'null',
    '{}',
    JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 1 }),
  ])('ignores %j', (raw) => {
    expect(parseSession(raw)).toBeNull();
  });
});

describe('isAdmin', () => {
  it('needs the admin role', () => {
    expect(isAdmin(user(['admin']))).toBe(true);
    expect(isAdmin(user([]))).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin({ app_metadata: {} })).toBe(false);
  });
});

describe('canAccess (react-admin access control by role)', () => {
  it.each([
    ['creators', 'list', true],
    ['creators', 'show', true],
    ['creators', 'edit', true],
    ['creators', 'delete', false],
    ['creators', 'create', false],
    ['amplify-submissions', 'edit', true],
    ['amplify-submissions', 'delete', false],
    ['calls', 'list', true],
    ['calls', 'edit', true],
    ['calls', 'delete', false],
    ['audit-log', 'list', true],
    ['audit-log', 'edit', false],
    ['notifications', 'list', true],
    ['webhooks', 'create', true],
    ['webhooks', 'delete', true],
    ['webhook-attempts', 'delete', false],
    ['unknown', 'list', false],
  ])('an admin of every city on %s/%s: %s', (resource, action, expected) => {
    expect(canAccess(['admin'], resource, action, null)).toBe(expected);
  });

  it('keeps what spans every city from a city admin, and from an admin whose scope the server has not said (decision 0661)', () => {
    for (const scope of [['akron'], undefined]) {
      expect(canAccess(['admin'], 'notifications', 'list', scope)).toBe(false);
      expect(canAccess(['admin'], 'webhooks', 'list', scope)).toBe(false);
      expect(canAccess(['admin'], 'webhooks', 'create', scope)).toBe(false);
      expect(canAccess(['admin'], 'creators', 'list', scope)).toBe(true);
    }
  });

  it('denies everything to anyone else', () => {
    expect(canAccess([], 'creators', 'list')).toBe(false);
    expect(canAccess(undefined, 'creators', 'list')).toBe(false);
  });
});
