/**
 * What proxies, CDNs and browsers may keep (decision 0222).
 * - An answer anyone may read without signing in (the directory, a listed profile, the featured
 *   businesses, their pages) may be kept for a few seconds and served a little longer while it is
 *   asked for again, so a proxy or CDN in front can absorb a crowd; its ETag makes the next ask a
 *   304 when nothing changed.
 * - Every other answer is private and never stored: tokens, a user's own data, admin lists. That
 *   is the default of every response (http-app.ts), so a route must say when it is public.
 */
export const PUBLIC_READ = 'public, max-age=5, stale-while-revalidate=30';
export const PERSONAL = 'private, no-store';
