import {
  SESSION_REFRESH_MARGIN_S,
  SESSION_STORAGE_KEY,
  type AuthEvent,
  type AuthSession,
} from '@local-creators/common';

type Listener = (event: AuthEvent, session: AuthSession | null) => void;

/**
 * The browser's session: kept in localStorage (shared with the admin console and other tabs),
 * refreshed shortly before it expires, and announced to subscribers with GoTrue's auth events.
 */
class SessionClient {
  private session: AuthSession | null = null;
  private listeners = new Set<Listener>();
  private timer: number | undefined;
  private refreshing: Promise<AuthSession | null> | null = null;

  constructor() {
    // The server's renderer draws pages signed out: no storage, no timers there.
    if (typeof window === 'undefined') return;
    this.session = this.read();
    window.addEventListener('storage', (e) => {
      if (e.key !== SESSION_STORAGE_KEY) return;
      const next = this.read();
      const event: AuthEvent = !next
        ? 'SIGNED_OUT'
        : this.session?.user.id === next.user.id
          ? 'TOKEN_REFRESHED'
          : 'SIGNED_IN';
      this.session = next;
      this.schedule();
      this.emit(event);
    });
    this.schedule();
  }

  get current() {
    return this.session;
  }

  subscribe(listener: Listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  set(session: AuthSession, event: AuthEvent) {
    this.session = session;
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    this.schedule();
    this.emit(event);
  }

  clear() {
    const had = this.session !== null;
    this.session = null;
    localStorage.removeItem(SESSION_STORAGE_KEY);
    window.clearTimeout(this.timer);
    if (had) this.emit('SIGNED_OUT');
  }

  emit(event: AuthEvent) {
    for (const l of this.listeners) l(event, this.session);
  }

  /** An access token valid for at least the refresh margin, refreshing first when needed. */
  async accessToken(): Promise<string | null> {
    if (!this.session) return null;
    if (this.session.expires_at - SESSION_REFRESH_MARGIN_S <= Date.now() / 1000) await this.refresh();
    return this.session?.access_token ?? null;
  }

  /** One refresh at a time; a refused refresh signs the browser out. */
  refresh(): Promise<AuthSession | null> {
    if (this.refreshing) return this.refreshing;
    const token = this.session?.refresh_token;
    if (!token) return Promise.resolve(null);
    this.refreshing = (async () => {
      try {
        const res = await fetch('/api/auth/refresh', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ refresh_token: token }),
        });
        if (res.status === 401 || res.status === 400) {
          // Another tab may have rotated it already and stored the new one.
          const stored = this.read();
          if (stored && stored.refresh_token !== token) {
            this.session = stored;
            return stored;
          }
          this.clear();
          return null;
        }
        if (!res.ok) return this.session;
        const next = (await res.json()) as AuthSession;
        this.set(next, 'TOKEN_REFRESHED');
        return next;
      } catch {
        return this.session; // offline: keep the session, try again later
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  private schedule() {
    window.clearTimeout(this.timer);
    if (!this.session) return;
    const dueMs = (this.session.expires_at - SESSION_REFRESH_MARGIN_S) * 1000 - Date.now();
    this.timer = window.setTimeout(() => void this.refresh(), Math.max(dueMs, 0));
  }

  private read(): AuthSession | null {
    try {
      const raw = localStorage.getItem(SESSION_STORAGE_KEY);
      const parsed = raw ? (JSON.parse(raw) as AuthSession) : null;
      return parsed?.access_token && parsed.refresh_token && parsed.user ? parsed : null;
    } catch {
      return null;
    }
  }
}

export const sessionClient = new SessionClient();
