/**
 * A platform's link names that platform and that handle (issue 23, decision 0509): a confirmed
 * handle cannot point people at `https://evil.example/phish`.
 */
import type { PlatformName } from './constants';

type Profiled = Exclude<PlatformName, 'Blog'>;

/** Where each platform keeps its profiles, and the paths that name a handle. */
const PROFILE_LINKS: Record<Profiled, { hosts: readonly string[]; paths: readonly ((handle: string) => string)[] }> = {
  Instagram: { hosts: ['instagram.com'], paths: [(h) => `/${h}`] },
  TikTok: { hosts: ['tiktok.com'], paths: [(h) => `/@${h}`] },
  YouTube: { hosts: ['youtube.com'], paths: [(h) => `/@${h}`, (h) => `/c/${h}`, (h) => `/user/${h}`] },
  Facebook: { hosts: ['facebook.com', 'fb.com'], paths: [(h) => `/${h}`] },
  X: { hosts: ['x.com', 'twitter.com'], paths: [(h) => `/${h}`] },
};

/** A handle as people read it: without spaces, case or leading '@'. */
export const bareHandle = (handle: string) => handle.trim().replace(/^@+/, '').toLowerCase();

/** A handle as text, with one leading '@' however it was typed ("@maya.eats", "maya.eats" → "@maya.eats"). */
export const atHandle = (handle: string) => `@${handle.trim().replace(/^@+/, '')}`;

/** The usual address of a handle on its platform (the example an error shows; demo data). */
export function platformProfileUrl(name: PlatformName, handle: string): string {
  const h = handle.trim().replace(/^@+/, '');
  if (name === 'Blog') return `https://${h.toLowerCase().replace(/[^a-z0-9.-]/g, '')}.blog`;
  return `https://${PROFILE_LINKS[name].hosts[0]}${PROFILE_LINKS[name].paths[0]!(h)}`;
}

const parse = (url: string) => {
  try {
    const u = new URL(url);
    return {
      host: u.hostname.toLowerCase().replace(/^(www|m|mobile)\./, ''),
      path: decodeURIComponent(u.pathname).replace(/\/+$/, '').toLowerCase(),
    };
  } catch {
    return null;
  }
};

/**
 * Whether `url` (already a valid http(s) link, or empty) is that platform's address of `handle`.
 * A blog is its own site: any link. Without a handle, any profile address on the platform.
 */
export function linkMatchesHandle(name: PlatformName, handle: string, url: string): boolean {
  if (!url || name === 'Blog') return true;
  const link = parse(url);
  const rule = PROFILE_LINKS[name];
  if (!link || !rule.hosts.includes(link.host)) return false;
  const h = bareHandle(handle);
  return rule.paths.some((make) => (h ? link.path === make(h) : namesSomeHandle(link.path, make)));
}

/** A path of the platform's profile shape with any one handle in it (a link given without a handle). */
function namesSomeHandle(path: string, make: (handle: string) => string) {
  const prefix = make('');
  const rest = path.slice(prefix.length);
  return path.startsWith(prefix) && rest.length > 0 && !rest.includes('/');
}

/** The same address however written (www., case, a trailing '/', a query): a change of it clears a confirmation. */
export function linkKey(url: string): string {
  if (!url) return '';
  const link = parse(url);
  return link ? `${link.host}${link.path}` : url.trim();
}
