/**
 * What proxies, CDNs and browsers may keep (decision 0222).
 * - An answer anyone may read without signing in (the directory, a listed profile, the featured
 *   businesses, their pages) may be kept by a proxy or CDN for a few seconds (s-maxage) and served
 *   a little longer while it is asked for again, so it can absorb a crowd. A browser keeps it too
 *   but asks again every time (max-age=0): a creator approved a moment ago must find themselves in
 *   the directory on their next visit. Its ETag makes that ask a 304 when nothing changed.
 * - Every other answer is private and never stored: tokens, a user's own data, admin lists. That
 *   is the default of every response (http-app.ts), so a route must say when it is public.
 */
export const PUBLIC_READ = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';
export const PERSONAL = 'private, no-store';
