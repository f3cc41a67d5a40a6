import { SESSION_STORAGE_KEY, type AuthSession, type AuthUser } from '@local-creators/common';
import { needsRefresh, parseSession } from './access';

/**
 * The session the public site stored (same origin, same localStorage key). The console never
 * signs anyone in; it reads that entry, refreshes it when it is due and writes the new one back.
 */
export const readSession = (): AuthSession | null => parseSession(localStorage.getItem(SESSION_STORAGE_KEY));

export function clearSession() {
  localStorage.removeItem(SESSION_STORAGE_KEY);
  verified.clear();
}

let refreshing: Promise<AuthSession | null> | null = null;

/**
 * The stored session with an access token valid for at least the refresh margin, refreshing
 * first when it is due (or when `force` is set after a 401). One refresh at a time.
 */
export async function freshSession({ force = false } = {}): Promise<AuthSession | null> {
  const session = readSession();
  if (!session || (!force && !needsRefresh(session))) return session;
  refreshing ??= refresh(session).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function refresh(session: AuthSession): Promise<AuthSession | null> {
  let res: Response;
  try {
    res = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
  } catch {
    return session; // offline: keep it; the next call tries again
  }
  if (res.status === 400 || res.status === 401) {
    // Refused. Another tab (or the public site) may have rotated the token and stored the new one.
    const stored = readSession();
    if (stored && stored.refresh_token !== session.refresh_token) return stored;
    clearSession();
    return null;
  }
  if (!res.ok) return session; // a server hiccup is not a sign-out
  const next = (await res.json()) as AuthSession;
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
  return next;
}

/**
 * What the server says about the bearer of `session` (GET /api/auth/user), asked once per access
 * token: the user, null for a 401 (signed out), undefined when the server could not be asked.
 */
const verified = new Map<string, Promise<AuthUser | null | undefined>>();

/**
 * The admin's cities as the server last said them (decision 0661): their slugs, null for every
 * city, undefined until the server has answered. Kept across token refreshes: the auth check
 * asks again on the next page load (decision 0112).
 */
let scope: readonly string[] | null | undefined;
export const adminScope = () => scope;

export function serverUser(session: AuthSession): Promise<AuthUser | null | undefined> {
  let answer = verified.get(session.access_token);
  if (!answer) {
    answer = fetch('/api/auth/user', {
      headers: { Authorization: `Bearer ${session.access_token}`, Accept: 'application/json' },
    })
      .then(async (res) => (res.ok ? ((await res.json()) as AuthUser) : res.status === 401 ? null : undefined))
      .then((user) => {
        if (user) scope = user.app_metadata.admin_cities;
        return user;
      })
      .catch(() => undefined);
    verified.set(session.access_token, answer);
    // An unknown answer is not remembered: ask again next time.
    void answer.then((user) => user === undefined && verified.delete(session.access_token));
  }
  return answer;
}

/** Forget what the server said (after a 403: the role may have been revoked). */
export const forgetVerification = () => verified.clear();
