/**
 * Text the server can store and mail as it was typed. PostgreSQL's text cannot hold a NUL
 * character, and a lone UTF-16 surrogate (half of an emoji, as a broken client or a hand-written
 * request may send) has no UTF-8 form: both are refused with a 400, before any query.
 */

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds a NUL character or a lone surrogate. */
export const isUnstorableText = (value: string): boolean => value.includes('\u0000') || LONE_SURROGATE.test(value);

/**
 * The path (`platforms.0.handle`) of the first string in a request's body or query, at any depth
 * and keys included, that cannot be stored; null when every string can.
 */
export function firstUnstorableText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isUnstorableText(value) ? path || 'body' : null;
  if (value === null || typeof value !== 'object' || depth > 20) return null;
  if (ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (isUnstorableText(key)) return at;
    const found = firstUnstorableText(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Line breaks of any kind: a name, a handle or a link is one line (it heads a mail's lines). */
export const hasLineBreak = (value: string): boolean => /[\r\n\v\f\u0085\u2028\u2029]/.test(value);
