/**
 * The data a page the server drew was drawn from, as the server embeds it after `#root`: the query
 * cache's entries (key and data), so the browser's first render matches the server's.
 */
export type ServerQueries = [queryKey: unknown[], data: unknown][];

export const SERVER_STATE_ID = 'lc-server-state';

export function readServerState(doc: Document): ServerQueries {
  const text = doc.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as { queries?: ServerQueries };
    return Array.isArray(parsed.queries) ? parsed.queries : [];
  } catch {
    return [];
  }
}
