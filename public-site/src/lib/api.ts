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
  /**
   * A POST that creates something: sent with an Idempotency-Key (one per call, so per user action)
   * and sent again with the same key when no answer came back or the proxy answered 502/503/504,
   * since the server then answers a repeat with the first answer instead of acting twice (decision 0340).
   */
  idempotent?: boolean;
  /** A page of the site to send as the Referer (a move inside the site, decision 0820). */
  referrer?: string;
  /** More request headers. */
  headers?: Record<string, string>;
}

/**
 * Waits before each resend of an idempotent POST: 7.5 s in all, since a proxy can have no healthy
 * upstream for a few seconds after a replica dies on a busy host (test:swarm saw 3.5 s run out).
 */
const RESEND_AFTER_MS = [500, 1000, 2000, 4000];
const RESENDABLE = new Set([502, 503, 504]);

/** A random UUID, also where crypto.randomUUID is missing (plain http on another host than localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** JSON over fetch with the session's bearer token; one refresh-and-retry on 401. */
export async function apiFetch<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const idempotencyKey = opts.idempotent ? newIdempotencyKey() : null;
  const sendOnce = async (token: string | null) => {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    return fetch(path, {
      method: opts.method ?? 'GET',
      // A public read may be stale-while-revalidate in the browser's cache too: ask again each time
      // (a 304 when nothing changed), so what was just approved or taken back shows at once.
      cache: 'no-cache',
      headers,
      ...(opts.referrer ? { referrer: opts.referrer } : {}),
      body: opts.formData ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
    });
  };
  const send = async (token: string | null) => {
    for (let attempt = 0; ; attempt++) {
      const wait = idempotencyKey ? RESEND_AFTER_MS[attempt] : undefined;
      try {
        const res = await sendOnce(token);
        if (wait === undefined || !RESENDABLE.has(res.status)) return res;
      } catch (error) {
        if (wait === undefined) throw error; // offline, or the connection dropped: no answer at all
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
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
