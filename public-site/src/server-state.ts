import { SERVER_STATE_ID, type PageQueries } from '@local-creators/common';

/** The data the server drew this page from (common/src/site-pages.ts), or nothing. */
export function readServerState(doc: Document): PageQueries {
  const text = doc.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as { queries?: PageQueries };
    return Array.isArray(parsed.queries) ? parsed.queries : [];
  } catch {
    return [];
  }
}
