import { SESSION_REFRESH_MARGIN_S, signInPathFor, type AuthSession, type AuthUser } from '@local-creators/common';

/**
 * The console's access rules as pure functions (spec point 6). The auth provider only performs
 * what these decide: read the stored session, ask the server, navigate.
 */

type WithRoles = { app_metadata?: { roles?: readonly string[] } } | null | undefined;

export const isAdmin = (user: WithRoles): boolean => !!user?.app_metadata?.roles?.includes('admin');

/** /admin/amplify (and anything below it): the business pages, where every non-admin goes to /. */
export const isBusinessPage = (pathname: string) => /^\/admin\/amplify(\/|$)/.test(pathname);

/**
 * Signed out: /login, except on the business pages (spec 6: "on /admin/amplify non-admins go to /").
 * The sign-in page brings the admin back to this page afterwards (decision 0242).
 */
const redirectForSignedOut = (pathname: string) => (isBusinessPage(pathname) ? '/' : signInPathFor(pathname));

/** Signed in but not an admin: their own dashboard, except on the business pages. */
const redirectForNonAdmin = (pathname: string) => (isBusinessPage(pathname) ? '/' : '/dashboard');

/**
 * Where a visitor of `pathname` must go, or null to let them in.
 * `serverUser`: what GET /api/auth/user answered — an AuthUser, null for a 401 (the server says
 * signed out), undefined when not asked yet or unreachable (the stored roles decide alone).
 */
export function redirectFor(
  session: AuthSession | null,
  pathname: string,
  serverUser?: AuthUser | null,
): string | null {
  if (!session || serverUser === null) return redirectForSignedOut(pathname);
  // The server reads roles per request: when it was asked, its answer wins over the stored roles
  // (a role granted or revoked while signed in counts at once).
  if (serverUser !== undefined) return isAdmin(serverUser) ? null : redirectForNonAdmin(pathname);
  return isAdmin(session.user) ? null : redirectForNonAdmin(pathname);
}

/** What an API error status means for the visitor: 401 signed out, 403 not (or no longer) an admin. */
export function redirectForStatus(status: number | undefined, pathname: string): string | null {
  if (status === 401) return redirectForSignedOut(pathname);
  if (status === 403) return redirectForNonAdmin(pathname);
  return null;
}

/** True when the access token expires within the refresh margin (or already has). */
export const needsRefresh = (session: Pick<AuthSession, 'expires_at'>, nowSeconds = Date.now() / 1000) =>
  session.expires_at - SESSION_REFRESH_MARGIN_S <= nowSeconds;

/** A stored value is usable only with both tokens, an expiry and a user. */
export function parseSession(raw: string | null): AuthSession | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Partial<AuthSession> | null;
    return s &&
      typeof s.access_token === 'string' &&
      typeof s.refresh_token === 'string' &&
      typeof s.expires_at === 'number' &&
      s.user?.id
      ? (s as AuthSession)
      : null;
  } catch {
    return null;
  }
}

/**
 * Role-based access control (react-admin's canAccess): what an admin may do per resource.
 * Nobody creates or deletes through the console, except partners' webhooks (decision 0810);
 * non-admins may do nothing.
 */
const ADMIN_ACTIONS: Record<string, readonly string[]> = {
  creators: ['list', 'show', 'edit'],
  'amplify-submissions': ['list', 'show', 'edit'],
  calls: ['list', 'edit'],
  'audit-log': ['list', 'export'],
  notifications: ['list', 'edit', 'export'],
  'introduction-requests': ['list'],
  'contact-requests': ['list'],
  'follower-counts': ['list'],
  'local-audience-checks': ['list'],
  webhooks: ['list', 'show', 'create', 'edit', 'delete'],
  'webhook-attempts': ['list'],
};

/** What spans every city (the mail queue, partners' webhooks): admins of every city only (decision 0601). */
export const EVERY_CITY_RESOURCES: ReadonlySet<string> = new Set(['notifications', 'webhooks', 'webhook-attempts']);

/**
 * True when the server has said this admin is an admin of every city (decision 0661): `scope` is
 * the admin's cities from GET /api/auth/user, null for every city, undefined when not known (then
 * nothing of every city is shown; the server decides anyway).
 */
export const isEveryCityAdmin = (scope: readonly string[] | null | undefined): boolean => scope === null;

export function canAccess(
  roles: readonly string[] | undefined,
  resource: string,
  action: string,
  scope?: readonly string[] | null,
): boolean {
  if (!roles?.includes('admin')) return false;
  if (EVERY_CITY_RESOURCES.has(resource) && !isEveryCityAdmin(scope)) return false;
  return ADMIN_ACTIONS[resource]?.includes(action) ?? false;
}
