/**
 * What the creator's numbers count (issue 28 point 1, decision 0820), and how a request is read:
 * whether a known robot made it and which of the site's own links sent the visitor (decision
 * 0850). Nothing about the visitor is kept.
 */
import { VIEW_REFS, type VisitSource } from '@local-creators/common';

export const MEASURES = ['views', 'appearances', 'contacts', 'introductions', 'shortlist_saves'] as const;
export type Measure = (typeof MEASURES)[number];

/** Where a profile's visitor came from; '' for a measure that has no source. */
export type Source = VisitSource;

/**
 * Where a view came from (decision 0850): only what the site's own links said, in their `ref`
 * parameter (`/creator/{id}?ref=search`), checked against a fixed list. A Referer is never read:
 * anyone can send any. No `ref`, or one not on the list, is a direct visit.
 */
export function visitSource(ref: unknown): Source {
  return typeof ref === 'string' && (VIEW_REFS as readonly string[]).includes(ref) ? (ref as Source) : 'direct';
}
