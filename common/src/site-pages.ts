import { possessive } from './text-format';

/**
 * The public site's pages with a fixed path: the name in their browser title, what a search
 * result or a shared link says of them, and whether search engines should list them. The server
 * writes these into the page it sends (title, description, canonical link, preview tags) and the
 * site sets the same title when it navigates, so both read this one table.
 */
export const SITE_NAME = 'Local Creators';

export const pageTitle = (name: string) => `${name} · ${SITE_NAME}`;

/**
 * Fewer listed creators than this: a page of them is thin, `noindex` and out of the sitemap (no
 * empty pages in search engines). One threshold for a city's pages (decision 0653) and its pages
 * per niche and neighbourhood (AREA_PAGES.minIndexed, decision 0640).
 */
export const MIN_INDEXED_CREATORS = 3;

export interface SitePage {
  /** The title; `null` for the home page, whose title is the site's name and tagline. */
  name: string | null;
  description: (city: string) => string;
  /** In the sitemap, and no `noindex`: pages worth finding from a search engine. */
  listed: boolean;
  /**
   * The public site's module that draws the page, when it loads on demand (public-site/src/app/app.tsx):
   * the server preloads its chunks with the page, a round trip less before it shows.
   */
  view?: string;
}

const siteDescription = (city: string) =>
  `A free directory of human-verified local creators in ${city}. Brands browse and contact creators directly, no middlemen.`;

export const homeTitle = (city: string) => `${SITE_NAME} · Verified ${city} creators, free forever`;

/** A city's list of open calls (issue 40), and a business's own: their titles and the header's entries to them (decision 0935). */
export const OPEN_CALLS_NAME = 'Open calls';
export const MY_CALLS_NAME = 'My calls';

export const SITE_PAGES: Readonly<Record<string, SitePage>> = {
  '/': { name: null, description: siteDescription, listed: true },
  '/directory': {
    name: 'Directory',
    description: (city) =>
      `Browse ${possessive(city)} verified local creators by niche, platform and reach. Free, no account needed.`,
    listed: true,
    view: 'src/features/directory/directory-page.tsx',
  },
  '/about': {
    name: 'About',
    description: (city) => `Why Local Creators exists: a free, human-checked directory of ${city} creators.`,
    listed: true,
    view: 'src/features/marketing/about-page.tsx',
  },
  '/playbook': {
    name: 'Pricing Playbook',
    description: () =>
      'What to charge for sponsored posts, UGC and appearances: a free rate calculator for local creators.',
    listed: true,
    view: 'src/features/playbook/playbook-page.tsx',
  },
  '/amplify': {
    name: 'Promote your business',
    description: (city) => `Local businesses apply free to be featured to ${city} creators.`,
    listed: true,
    view: 'src/features/amplify/amplify-page.tsx',
  },
  '/amplify/featured': {
    name: 'Featured businesses',
    description: (city) => `${city} businesses that want to work with local creators.`,
    listed: true,
    view: 'src/features/amplify/featured-page.tsx',
  },
  '/amplify/confirm': {
    name: 'Confirm your introduction',
    description: siteDescription,
    listed: false,
    view: 'src/features/amplify/confirm-page.tsx',
  },
  '/signup': {
    name: 'Join Free',
    description: (city) => `Join ${possessive(city)} directory of verified local creators. Free forever.`,
    listed: false,
    view: 'src/features/auth/sign-up-page.tsx',
  },
  '/login': { name: 'Sign In', description: siteDescription, listed: false, view: 'src/features/auth/login-page.tsx' },
  '/confirm-email': {
    name: 'Confirm your e-mail address',
    description: siteDescription,
    listed: false,
    view: 'src/features/auth/confirm-email-page.tsx',
  },
  '/apply': { name: 'Apply', description: siteDescription, listed: false, view: 'src/features/apply/apply-page.tsx' },
  '/dashboard': {
    name: 'Dashboard',
    description: siteDescription,
    listed: false,
    view: 'src/features/dashboard/dashboard-page.tsx',
  },
  // A shortlist's key is in the link's #fragment or the browser's memory: the server draws no list (decision 0700).
  '/shortlist': {
    name: 'Your shortlist',
    description: siteDescription,
    listed: false,
    view: 'src/features/shortlist/shortlist-page.tsx',
  },
  '/shortlist/shared': {
    name: 'Shared shortlist',
    description: siteDescription,
    listed: false,
    view: 'src/features/shortlist/shared-shortlist-page.tsx',
  },
  '/shortlist/confirm': {
    name: 'Confirm your message',
    description: siteDescription,
    listed: false,
    view: 'src/features/shortlist/confirm-message-page.tsx',
  },
  // The relay mail's "I replied" link: its key is in the #fragment, recorded only by the page's button (decision 0710).
  '/replied': {
    name: 'You replied',
    description: siteDescription,
    listed: false,
    view: 'src/features/replies/replied-page.tsx',
  },
  // The brand's copy's "They replied" link: the reply that counts (decision 0841); also recorded only by the button.
  '/they-replied': {
    name: 'They replied',
    description: siteDescription,
    listed: false,
    view: 'src/features/replies/they-replied-page.tsx',
  },
  // Open calls (issue 40): the form (signed in, address proven) and the business's own calls; `/calls` and a call's page are the calls module's (registered pages).
  '/calls/new': {
    name: 'Post a call',
    description: siteDescription,
    listed: false,
    view: 'src/features/calls/new-call-page.tsx',
  },
  '/calls/mine': {
    name: MY_CALLS_NAME,
    description: siteDescription,
    listed: false,
    view: 'src/features/calls/my-calls-page.tsx',
  },
};

/**
 * A call's public page under its city (decision 0620): `/{city}/calls/{id}`; `/calls/{id}` on a
 * one-city install. Here beside the other pages' paths, not in calls.ts: every page's router reads
 * it, and the calls' rules and texts then stay out of the script every page loads (decision 0919).
 */
export const CALL_PATH = /^\/calls\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
export const CALLS_VIEW = 'src/features/calls/calls-page.tsx';
export const CALL_VIEW = 'src/features/calls/call-page.tsx';

/** A creator's public profile: /creator/{id}. */
export const CREATOR_PATH = /^\/creator\/([^/]+)$/;
export const CREATOR_VIEW = 'src/features/creator-profile/creator-profile-page.tsx';
/**
 * On an install of several cities each city's pages live under its slug (decision 0620):
 * `/akron` (its home), `/akron/directory`, `/akron/creator/{id}`, and these. Old addresses of them
 * without a slug answer a permanent redirect (decision 0621). Any other page is the site's own.
 */
export const CITY_PAGE_PATHS: readonly string[] = ['/', '/directory', '/amplify', '/amplify/featured', '/apply'];
/** A city's pages of its creators as a whole (all but a profile and its area pages): thin under MIN_INDEXED_CREATORS listed creators (decision 0653). */
export const isThinCityPage = (path: string, listedCreators: number) =>
  CITY_PAGE_PATHS.includes(path) && listedCreators < MIN_INDEXED_CREATORS;
/** A city's pages: these, a profile, and its pages per niche and per neighbourhood (decision 0640). */
export const isCityPagePath = (path: string) =>
  CITY_PAGE_PATHS.includes(path) ||
  CREATOR_PATH.test(path) ||
  /^\/(niche|neighborhood)\/[^/]+$/.test(path) ||
  path === '/calls' ||
  path === '/calls/new' ||
  CALL_PATH.test(path);
/** A city page's address under its slug: the city's home is `/akron`, not `/akron/`. */
export const cityPagePath = (slug: string, path: string) => `/${slug}${path === '/' ? '' : path}`;

/** The 404 page's module. */
export const NOT_FOUND_VIEW = 'src/features/marketing/not-found-page.tsx';

/**
 * A page the server drew arrives with the data it was drawn from, embedded after `#root` in
 * `<script type="application/json" id="lc-server-state">{"queries": …}</script>`: the query
 * cache's entries (key and data) as the site keys its queries, so the browser's first render
 * matches the server's.
 */
export type PageQueries = [queryKey: unknown[], data: unknown][];
export const SERVER_STATE_ID = 'lc-server-state';

/** A path as the site's router matches it: no trailing slash but for the root. */
export const normalizePath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path);

/** Where sign-in leads when nothing else is asked for (spec 2 and 4). */
export const DEFAULT_PATH_AFTER_SIGN_IN = '/dashboard';

/**
 * A path of this site that sign-in may return to (decisions 0242, 0935), or null: it starts with one
 * `/` (no `//` anywhere, no scheme: a browser would leave the site), has no backslash (browsers read `/\x`
 * as `//x`) and no control character or space (browsers drop tabs and line breaks from addresses,
 * so `/<tab>/x` would be `//x` too). Not /login or /signup: they would ask again.
 */
export function sameSitePath(next: string | null | undefined): string | null {
  if (!next || next.length > 2000) return null;
  // Two slashes anywhere, as before (decision 0242): none of the site's own links has them.
  if (!next.startsWith('/') || next.includes('//')) return null;
  if (/[\\\s\u0000-\u001f\u007f-\u009f]/.test(next)) return null;
  if (/^\/(login|signup)(\/|\?|#|$)/.test(next)) return null;
  return next;
}

/** Where sign-in leads: the same-site path `next` names (the page that sent the person), else /dashboard. */
export const pathAfterSignIn = (next: string | null | undefined): string =>
  sameSitePath(next) ?? DEFAULT_PATH_AFTER_SIGN_IN;

/**
 * The sign-in page for someone on `path`, who comes back there after signing in: the console sends
 * a signed-out admin here (issue 25, decision 0242), the site's pages that need an account too
 * (decision 0935). Plain /login when sign-in would lead to the dashboard anyway.
 */
export const signInPathFor = (path: string) =>
  pathAfterSignIn(path) === DEFAULT_PATH_AFTER_SIGN_IN ? '/login' : `/login?next=${encodeURIComponent(path)}`;

/**
 * First path segments the install answers itself, besides the fixed pages above: the pages with an
 * id or slug after their name, the API, the console, badges, built files and the documents
 * crawlers ask for at the root (backend/src/web, public-site/src/app/app.tsx). A city's slug is
 * its first segment on an install of several cities, so none of these may be one (decision 0625).
 */
export const SERVER_PATHS: readonly string[] = [
  'creator',
  'niche',
  'neighborhood',
  'neighbourhood',
  'api',
  'admin',
  'badge',
  'assets',
  'robots.txt',
  'sitemap.xml',
  'favicon.svg',
  'og-default.png',
  'start-after-paint.js',
];

/** Every first path segment the site or the server owns: the fixed pages' and SERVER_PATHS. */
export const RESERVED_PATH_SEGMENTS: readonly string[] = [
  ...new Set([
    ...Object.keys(SITE_PAGES)
      .map((p) => p.split('/')[1]!)
      .filter(Boolean),
    ...SERVER_PATHS,
  ]),
];

/** Whether `slug` would shadow a path of the site as a city's first segment (`sitemap…` too: its files are `sitemap-<n>.xml`). */
export const isReservedCitySlug = (slug: string) => RESERVED_PATH_SEGMENTS.includes(slug) || slug.startsWith('sitemap');
