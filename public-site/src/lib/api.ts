import type { ApiError } from '@local-creators/common';
import { sessionClient } from './session';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  formData?: FormData;
  /** Send the bearer token when signed in (default true). */
  auth?: boolean;
  /** Use this bearer instead of the session's (the password-recovery token). */
  token?: string;
}

/** JSON over fetch with the session's bearer token; one refresh-and-retry on 401. */
export async function apiFetch<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const send = async (token: string | null) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(path, {
      method: opts.method ?? 'GET',
      // A public read may be stale-while-revalidate in the browser's cache too: ask again each time
      // (a 304 when nothing changed), so what was just approved or taken back shows at once.
      cache: 'no-cache',
      headers,
      body: opts.formData ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
    });
  };
  const useSession = opts.auth !== false && !opts.token;
  let res = await send(opts.token ?? (useSession ? await sessionClient.accessToken() : null));
  if (res.status === 401 && useSession && sessionClient.current) {
    const refreshed = await sessionClient.refresh();
    if (refreshed) res = await send(refreshed.access_token);
  }
  if (res.status === 204) return undefined as T;
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (data ?? {}) as Partial<ApiError>;
    throw new ApiRequestError(res.status, err.message ?? `Request failed (${res.status})`, err.field);
  }
  return data as T;
}

export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError || error instanceof Error ? error.message || fallback : fallback;
