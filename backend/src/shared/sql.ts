/** Small helpers for hand-written SQL, shared by every module's adapters. */

/** `text` as a literal inside an ILIKE pattern: its `%`, `_` and `\` match only themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The valid UUIDs of `ids`, for a typed statement's `= any($n::uuid[])`: anything else would fail the cast. */
export const validUuids = (ids: readonly string[]) => ids.filter((id) => UUID.test(id));

/**
 * The valid UUIDs of `ids` as one PostgreSQL array literal, for `= any(?::uuid[])` (the driver
 * would expand a JS array into separate values); anything else is dropped, so it never fails a cast.
 */
export const uuidArray = (ids: readonly string[]) => `{${validUuids(ids).join(',')}}`;

/**
 * City slugs as one PostgreSQL array literal, for `= any(?::text[])`; null (every city) stays
 * null. Only slug characters pass, so the literal needs no quoting.
 */
export const slugArray = (slugs: readonly string[] | null) =>
  slugs === null ? null : `{${slugs.filter((s) => /^[a-z0-9-]+$/.test(s)).join(',')}}`;
