import { SESSION_STORAGE_KEY, type AuthSession } from '@local-creators/common';
import { freshSession, readSession, serverUser } from './session-store';

/** The shared-session behaviour against a fake localStorage and fetch (node test environment). */
const store = new Map<string, string>();
(globalThis as { localStorage?: unknown }).localStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
};
const fetchMock = jest.fn();
(globalThis as { fetch?: unknown }).fetch = fetchMock;

const now = () => Math.floor(Date.now() / 1000);
const session = (token: string, expires_at: number): AuthSession => ({
  access_token: `access-${token}`,
  refresh_token: `refresh-${token}`,
  token_type: 'bearer',
  expires_in: 3600,
  expires_at,
  user: {
    id: 'u1',
    email: 'admin@example.com',
    created_at: '2025-01-01T00:00:00Z',
    app_metadata: { roles: ['admin'] },
  },
});
const save = (s: AuthSession) => store.set(SESSION_STORAGE_KEY, JSON.stringify(s));
const reply = (status: number, body?: unknown) => ({
  ok: status >= 200 && status < 300,
  status,
  json: async () => body,
});

beforeEach(() => {
  store.clear();
  fetchMock.mockReset();
});

describe('freshSession', () => {
  it('uses a valid session as it is', async () => {
    save(session('1', now() + 3600));
    expect((await freshSession())?.access_token).toBe('access-1');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes a session that expires within the margin and writes the new one back', async () => {
    save(session('1', now() + 10));
    fetchMock.mockResolvedValueOnce(reply(200, session('2', now() + 3600)));
    expect((await freshSession())?.access_token).toBe('access-2');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/refresh',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ refresh_token: 'refresh-1' }) }),
    );
    expect(readSession()?.access_token).toBe('access-2');
  });

  it('refreshes once for concurrent callers', async () => {
    save(session('1', now() - 5));
    fetchMock.mockResolvedValueOnce(reply(200, session('2', now() + 3600)));
    const [a, b] = await Promise.all([freshSession(), freshSession()]);
    expect(a?.access_token).toBe('access-2');
    expect(b?.access_token).toBe('access-2');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('clears the session when the refresh is refused', async () => {
    save(session('1', now() - 5));
    fetchMock.mockResolvedValueOnce(
      reply(401, { statusCode: 401, message: 'Your session has expired. Please sign in again.' }),
    );
    expect(await freshSession()).toBeNull();
    expect(store.has(SESSION_STORAGE_KEY)).toBe(false);
  });

  it('keeps a session another tab has rotated meanwhile', async () => {
    save(session('1', now() - 5));
    fetchMock.mockImplementationOnce(async () => {
      save(session('2', now() + 3600)); // the public site refreshed first
      return reply(401);
    });
    expect((await freshSession())?.access_token).toBe('access-2');
  });

  it('keeps the session on a server error or when offline', async () => {
    save(session('1', now() - 5));
    fetchMock.mockResolvedValueOnce(reply(503));
    expect((await freshSession())?.access_token).toBe('access-1');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await freshSession())?.access_token).toBe('access-1');
    expect(store.has(SESSION_STORAGE_KEY)).toBe(true);
  });

  it('forces a refresh after a 401 even when the token looks valid', async () => {
    save(session('1', now() + 3600));
    fetchMock.mockResolvedValueOnce(reply(200, session('2', now() + 3600)));
    expect((await freshSession({ force: true }))?.access_token).toBe('access-2');
  });
});

describe('serverUser', () => {
  it('asks GET /api/auth/user once per access token', async () => {
    const s = session('9', now() + 3600);
    fetchMock.mockResolvedValue(reply(200, { ...s.user, app_metadata: { roles: [] } }));
    expect((await serverUser(s))?.app_metadata.roles).toEqual([]);
    await serverUser(s);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/user', {
      headers: { Authorization: 'Bearer access-9', Accept: 'application/json' },
    });
  });

  it('answers null for a 401 and undefined when the server cannot be asked (asked again next time)', async () => {
    fetchMock.mockResolvedValueOnce(reply(401));
    expect(await serverUser(session('10', now() + 3600))).toBeNull();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await serverUser(session('11', now() + 3600))).toBeUndefined();
    await new Promise((r) => setTimeout(r, 0));
    fetchMock.mockResolvedValueOnce(reply(200, session('11', 0).user));
    expect(await serverUser(session('11', now() + 3600))).toEqual(session('11', 0).user);
  });
});
