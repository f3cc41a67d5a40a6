import type { AuthProvider } from 'react-admin';
import type { AuthUser } from '@local-creators/common';
import { canAccess, isAdmin, redirectFor, redirectForStatus } from './access';
import { adminScope, clearSession, forgetVerification, freshSession, readSession, serverUser } from './session-store';

/** /login, /dashboard and / belong to the public site: absolute URLs make react-admin do a full page load. */
const absolute = (path: string) => new URL(path, window.location.origin).href;

/** Leave the console for good; the promise never settles, so nothing renders meanwhile. */
const leaveTo = (path: string) => {
  window.location.replace(absolute(path));
  return new Promise<never>(() => undefined);
};

/**
 * A real auth provider over the session the public site keeps (STYLE.md 15). There is no login
 * page here: signed-out visitors go to /login, signed-in non-admins to /dashboard (or to / on
 * /admin/amplify). Admin means the server says so (asked on every check; the stored session is
 * refreshed when its roles are stale).
 */
export const authProvider: AuthProvider = {
  async login() {
    return leaveTo('/login');
  },

  async checkAuth() {
    const pathname = window.location.pathname;
    let session = await freshSession();
    let user: AuthUser | null | undefined;
    if (session) {
      // Always ask the server: roles are read per request there, the stored ones may be stale.
      user = await serverUser(session);
      if (user === null) {
        // The token was refused although it looked valid (revoked, clock skew): one forced refresh.
        session = await freshSession({ force: true });
        user = session ? await serverUser(session) : null;
      } else if (user && isAdmin(user) !== isAdmin(session.user)) {
        // Granted (or revoked) since signing in: a refresh stores the current roles, which the
        // menu and access control read, and the public site sees them too.
        session = (await freshSession({ force: true })) ?? session;
      }
    }
    const target = redirectFor(session, pathname, user);
    if (target) await leaveTo(target);
  },

  /**
   * Rejects on 401 and 403 (the data provider has already tried a refresh on a 401). A 401 means
   * the session is dead: log out (clears it) and go to /login. A 403 means signed in but not an
   * admin (any more): keep the session, go to the dashboard (or / on the business pages).
   */
  async checkError(error: { status?: number }) {
    const target = redirectForStatus(error?.status, window.location.pathname);
    if (!target) return;
    if (error.status === 403) forgetVerification();
    throw { redirectTo: absolute(target), logoutUser: error.status === 401, message: false };
  },

  /** Clears the shared session (the public site sees it through the storage event), tells the server, goes to /login. */
  async logout() {
    const session = readSession();
    clearSession();
    if (session) {
      await fetch('/api/auth/logout', {
        method: 'POST',
        headers: { Authorization: `Bearer ${session.access_token}` },
      }).catch(() => undefined);
    }
    return absolute('/login');
  },

  async getIdentity() {
    const session = readSession();
    if (!session) throw new Error('Not authenticated');
    return { id: session.user.id, fullName: session.user.email };
  },

  async getPermissions() {
    return readSession()?.user.app_metadata.roles ?? [];
  },

  async canAccess({ resource, action }) {
    return canAccess(readSession()?.user.app_metadata.roles, resource, action, adminScope());
  },
};
