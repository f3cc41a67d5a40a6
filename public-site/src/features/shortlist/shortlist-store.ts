import { useSyncExternalStore } from 'react';
import type { CreatedShortlist, OwnShortlist } from '@local-creators/common';
import { apiFetch, ApiRequestError } from '@/lib/api';

/**
 * The browser's memory of its shortlist (decision 0700): the owner's secret, the share link's
 * secret once made, and which creators are on it (so every "Save" button knows without asking).
 * The list itself is kept by the server; this is only the key to it.
 */
export interface RememberedShortlist {
  token: string;
  shareToken: string | null;
  ids: string[];
}

const KEY = 'local-creators.shortlist';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: RememberedShortlist | null } = { raw: null, value: null };

function read(): RememberedShortlist | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (raw === cached.raw) return cached.value;
  let value: RememberedShortlist | null = null;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<RememberedShortlist>) : null;
    if (parsed && typeof parsed.token === 'string')
      value = {
        token: parsed.token,
        shareToken: typeof parsed.shareToken === 'string' ? parsed.shareToken : null,
        ids: Array.isArray(parsed.ids) ? parsed.ids.filter((x) => typeof x === 'string') : [],
      };
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

function write(value: RememberedShortlist | null) {
  try {
    if (value) localStorage.setItem(KEY, JSON.stringify(value));
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode without storage: the list lives on the server; only this tab forgets its link.
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The remembered list; null on the server and while hydrating, so the first view matches what the server drew. */
export function useRememberedShortlist(): RememberedShortlist | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

export const ownQuery = (token: string) => `/api/shortlists/own?token=${encodeURIComponent(token)}`;

/** Takes a list's link opened in this browser (its owner's, from another device) as this browser's list. */
export function adopt(token: string) {
  const now = read();
  if (now?.token === token) return;
  write({ token, shareToken: null, ids: [] });
}

/** After the server answered the list: remember who is on it and whether it is shared. */
export function remember(token: string, list: OwnShortlist, shareToken?: string | null) {
  const now = read();
  write({
    token,
    shareToken: list.shared
      ? shareToken !== undefined
        ? shareToken
        : now?.token === token
          ? now.shareToken
          : null
      : null,
    ids: list.entries.map((e) => e.profile_id),
  });
}

export function forget() {
  write(null);
}

async function ensureList(): Promise<string> {
  const now = read();
  if (now) return now.token;
  const created = await apiFetch<CreatedShortlist>('/api/shortlists', {
    method: 'POST',
    body: {},
    auth: false,
    idempotent: true,
  });
  remember(created.token, created);
  return created.token;
}

/** Saves a creator (starting a list when there is none) or takes them off; answers the list. */
export async function toggleSaved(profileId: string): Promise<{ saved: boolean; list: OwnShortlist }> {
  let token = await ensureList();
  const saved = read()?.ids.includes(profileId) ?? false;
  const call = (t: string) =>
    apiFetch<OwnShortlist>(`/api/shortlists/own/creators/${profileId}?token=${encodeURIComponent(t)}`, {
      method: saved ? 'DELETE' : 'PUT',
      body: saved ? undefined : {},
      auth: false,
    });
  let list: OwnShortlist;
  try {
    list = await call(token);
  } catch (error) {
    // The remembered link no longer opens a list (deleted, or half-copied): start a new one.
    if (!(error instanceof ApiRequestError && error.status === 404 && error.message.startsWith('This shortlist link')))
      throw error;
    forget();
    token = await ensureList();
    list = await call(token);
  }
  remember(token, list);
  return { saved: !saved, list };
}
