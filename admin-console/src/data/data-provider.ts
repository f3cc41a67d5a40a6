import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import type {
  AdminCreator,
  AdminHandleCheck,
  AdminIntroductionCounts,
  AdminLocalAudienceCheck,
  AdminStats,
  CallNumbersByCity,
  CreatorStats,
  MailHealth,
  OutboxMessage,
} from '@local-creators/common';
import { freshSession } from '../auth/session-store';
import { httpClient } from './http-client';
import { chosenCity, withChosenCity } from '../cities/city-choice';

const rest = simpleRestProvider('/api/admin', httpClient);
/** `?city=` for the calls that are not lists, when the console is narrowed to one city. */
const cityQuery = () => (chosenCity() ? `?city=${encodeURIComponent(chosenCity())}` : '');

const API = '/api/admin';

/**
 * ra-data-simple-rest on /api/admin (creators, amplify-submissions, audit-log, notifications),
 * plus the two calls that are not CRUD. react-admin's useDataProvider() wraps these too, so a
 * 401/403 from them reaches authProvider.checkError like any other.
 */
export const dataProvider = {
  ...rest,
  // Every list follows the console's city filter (decision 0601).
  getList: (resource, params) => rest.getList(resource, { ...params, filter: withChosenCity(resource, params.filter) }),
  /** GET /api/admin/stats */
  getStats: async (): Promise<AdminStats> => (await httpClient(`${API}/stats${cityQuery()}`)).json as AdminStats,
  /** GET /api/admin/creators/stats: the creators' numbers summed over the chosen city, else the admin's cities (decision 0820) */
  getCreatorTotals: async (): Promise<CreatorStats> =>
    (await httpClient(`${API}/creators/stats${cityQuery()}`)).json as CreatorStats,
  /** GET /api/admin/calls/numbers: the open calls' numbers per city of the admin's (the chosen one only), and their sum (decision 0922) */
  getCallNumbers: async (): Promise<CallNumbersByCity> =>
    (await httpClient(`${API}/calls/numbers${cityQuery()}`)).json as CallNumbersByCity,
  /** GET /api/admin/creators/:id/stats: one creator's numbers */
  getCreatorStats: async (id: string): Promise<CreatorStats> =>
    (await httpClient(`${API}/creators/${encodeURIComponent(id)}/stats`)).json as CreatorStats,
  /** GET /api/admin/notifications/health: failed and stuck mail, for the dashboard */
  /** GET /api/admin/introduction-requests/by-business: confirmed and unconfirmed requests per business */
  getIntroductionCounts: async (): Promise<AdminIntroductionCounts[]> =>
    (await httpClient(`${API}/introduction-requests/by-business${cityQuery()}`)).json as AdminIntroductionCounts[],
  getMailHealth: async (): Promise<MailHealth> => (await httpClient(`${API}/notifications/health`)).json as MailHealth,
  /** POST /api/admin/notifications/:id/retry (any undelivered message; 409 when sent or being sent) */
  retryNotification: async (id: string): Promise<OutboxMessage> =>
    (await httpClient(`${API}/notifications/${encodeURIComponent(id)}/retry`, { method: 'POST' }))
      .json as OutboxMessage,
  /** POST /api/admin/notifications/:id/resend (a delivered message, as a new one; decision 0116) */
  resendNotification: async (id: string): Promise<OutboxMessage> =>
    (await httpClient(`${API}/notifications/${encodeURIComponent(id)}/resend`, { method: 'POST' }))
      .json as OutboxMessage,
  /** POST /api/admin/creators/:id/acknowledge-changes with the version shown (409 when it moved on) */
  acknowledgeChanges: async (id: string, version: number): Promise<AdminCreator> =>
    (
      await httpClient(`${API}/creators/${encodeURIComponent(id)}/acknowledge-changes`, {
        method: 'POST',
        body: JSON.stringify({ version }),
      })
    ).json as AdminCreator,
  /** GET /api/admin/creators/:id/handle-checks: each handle, its code and confirmation (decision 0502) */
  getHandleChecks: async (id: string): Promise<AdminHandleCheck[]> =>
    (await httpClient(`${API}/creators/${encodeURIComponent(id)}/handle-checks`)).json as AdminHandleCheck[],
  /** PUT /api/admin/creators/:id/handle-checks/:checkId with the check's version (409 when the handle changed) */
  setHandleConfirmed: async (
    id: string,
    checkId: string,
    confirmed: boolean,
    version: number,
  ): Promise<AdminHandleCheck[]> =>
    (
      await httpClient(`${API}/creators/${encodeURIComponent(id)}/handle-checks/${encodeURIComponent(checkId)}`, {
        method: 'PUT',
        body: JSON.stringify({ confirmed, version }),
      })
    ).json as AdminHandleCheck[],
  /**
   * GET /api/admin/local-audience-checks/:id/image: the screenshot as a blob (an <img> cannot send
   * the bearer token, and the image has no public URL; decision 0720).
   */
  getLocalAudienceImage: async (check: Pick<AdminLocalAudienceCheck, 'image_url'>): Promise<Blob> => {
    const session = await freshSession();
    const res = await fetch(check.image_url, {
      headers: session ? { Authorization: `Bearer ${session.access_token}` } : {},
    });
    if (!res.ok) throw new Error(`The screenshot could not be loaded (${res.status})`);
    return res.blob();
  },
  /** PUT /api/admin/local-audience-checks/:id: `{ share, checked_on }` records, `{ reason }` rejects (409 once decided) */
  decideLocalAudience: async (
    id: string,
    body: { share: number; checked_on: string } | { reason: string },
  ): Promise<AdminLocalAudienceCheck> =>
    (
      await httpClient(`${API}/local-audience-checks/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: JSON.stringify(body),
      })
    ).json as AdminLocalAudienceCheck,
} satisfies DataProvider;

export type AppDataProvider = typeof dataProvider;
