import { fetchUtils } from 'react-admin';
import { freshSession } from '../auth/session-store';

/**
 * fetchJson with the shared session's bearer token, refreshed first when it is due. A 401 gets one
 * forced refresh and one retry (the token may have been revoked early or the clocks disagree);
 * what is still refused goes to authProvider.checkError.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const send = (token: string | undefined) =>
    fetchUtils.fetchJson(url, {
      ...options,
      user: token ? { authenticated: true, token: `Bearer ${token}` } : undefined,
    });
  const session = await freshSession();
  try {
    return await send(session?.access_token);
  } catch (error) {
    if ((error as { status?: number }).status !== 401 || !session) throw error;
    const next = await freshSession({ force: true });
    if (!next || next.access_token === session.access_token) throw error;
    return send(next.access_token);
  }
}
