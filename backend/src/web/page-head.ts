import {
  CITY_PAGE_PATHS,
  CREATOR_PATH,
  CREATOR_VIEW,
  MSG,
  NOT_FOUND_VIEW,
  SITE_NAME,
  SITE_PAGES,
  homeTitle,
  cityPagePath,
  isThinCityPage,
  normalizePath,
  pageTitle,
  type PageQueries,
} from '@local-creators/common';
import type { KeptAnswer, PageCity, PageMeta, PageMetaRegistry } from './page-meta';
import type { SiteCity } from './city-pages';

/** What the server knows of the site it serves: its public address and its city (PUBLIC_URL, CITY). */
export interface SiteContext {
  publicUrl: string;
  city: string;
  /** The city's own lines of copy (its `cities` row, decision 0600), when they are not the ones the site derives from its name. */
  copy?: Record<string, string> | null;
  /** On an install of several cities (decision 0620): every city and the home city's slug, named in each page. */
  cities?: { home: string; list: SiteCity[]; host?: string } | null;
}

/** The page a public path answers with: its status, and the head the server writes into the HTML. */
export interface PublicPage {
  status: 200 | 404 | 410 | 503;
  meta: PageMeta;
  /** Search engines may list it (and its canonical link is given). */
  indexable: boolean;
  /** The public site's module that draws it, when loaded on demand (its chunks are preloaded). */
  view?: string;
  /** What the server draws its first view from. */
  data: PageQueries;
  /** The cached answer that data came from: the drawn page is kept with it. */
  kept?: KeptAnswer;
}

/** The default share image (public-site/public/og-default.png, scripts/og-image.mjs). */
const DEFAULT_IMAGE = '/og-default.png';

/**
 * Every public path's page: a fixed page of the site, a page a module registered (a creator's
 * profile), or the 404 page. A registered page that has nothing to show (an unlisted profile) is a
 * 404 too: the same page is sent, so an owner's signed-in preview still opens (decision 0215).
 */
export async function publicPage(
  rawPath: string,
  pages: PageMetaRegistry,
  site: SiteContext,
  query: URLSearchParams = new URLSearchParams(),
  city?: PageCity,
): Promise<PublicPage> {
  const path = normalizePath(rawPath);
  const fixed = SITE_PAGES[path];
  if (fixed) {
    const title = fixed.name ? pageTitle(fixed.name) : homeTitle(site.city);
    // A city's page (decision 0620): its canonical address is under the city's slug.
    const url = city?.prefix
      ? `${site.publicUrl}${cityPagePath(city.slug, path)}`
      : `${site.publicUrl}${path === '/' ? '/' : path}`;
    // A city's page of a city listing fewer than 3 creators keeps its canonical address, with noindex (decision 0653).
    const listed = fixed.listed && CITY_PAGE_PATHS.includes(path) ? await pages.listedCount(city?.slug) : null;
    return {
      status: 200,
      indexable: fixed.listed,
      view: fixed.view,
      ...(await pages.data(path, query, city)),
      meta: {
        title,
        description: fixed.description(site.city),
        url,
        ...(listed !== null && isThinCityPage(path, listed) ? { noindex: true } : {}),
        structuredData:
          path === '/'
            ? {
                '@context': 'https://schema.org',
                '@type': 'WebSite',
                name: SITE_NAME,
                url,
                description: fixed.description(site.city),
              }
            : {
                '@context': 'https://schema.org',
                '@type': 'WebPage',
                name: title,
                url,
                isPartOf: { '@type': 'WebSite', name: SITE_NAME, url: `${site.publicUrl}/` },
              },
      },
    };
  }
  const registered = await pages.page(path, city);
  if (registered)
    return {
      indexable: registered.status === undefined,
      ...registered,
      status: registered.status ?? 200,
      view: registered.view ?? (CREATOR_PATH.test(path) ? CREATOR_VIEW : undefined),
    };
  return {
    status: 404,
    indexable: false,
    data: [],
    // An unlisted profile's owner sees their preview there; anyone else the profile's not-found view.
    view: CREATOR_PATH.test(path) ? CREATOR_VIEW : NOT_FOUND_VIEW,
    meta: { title: pageTitle(MSG.pageNotFound), description: homeTitle(site.city) },
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** JSON inside a script element: `<` escaped so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const absolute = (url: string, site: SiteContext) => (/^https?:\/\//.test(url) ? url : `${site.publicUrl}${url}`);

/** index.html with the page's own head: title, description, canonical link, preview tags, structured data and the city. */
export function withPageHead(
  html: string,
  page: PublicPage,
  site: SiteContext,
  preloads: { scripts: string[]; fonts: string[] },
): string {
  const { meta } = page;
  const image = absolute(meta.image ?? DEFAULT_IMAGE, site);
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    // The site's copy names the configured city (public-site/src/lib/site-config.ts).
    `<meta name="lc-city" content="${escapeHtml(site.city)}">`,
    // Only a city whose operator wrote its own lines: a one-city install's page is as before.
    site.copy ? `<meta name="lc-city-copy" content="${escapeHtml(JSON.stringify(site.copy))}">` : '',
    // Only on an install of several cities: the site's links and city pages read them (decision 0620).
    site.cities ? `<meta name="lc-cities" content="${escapeHtml(JSON.stringify(site.cities))}">` : '',
    page.indexable && meta.url
      ? `<link rel="canonical" href="${escapeHtml(meta.url)}">`
      : `<meta name="robots" content="noindex">`,
    // A thin page (an area or city page of fewer than 3 creators, decisions 0640, 0653) keeps its canonical address.
    page.indexable && meta.url && meta.noindex ? `<meta name="robots" content="noindex">` : '',
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    meta.url ? `<meta property="og:url" content="${escapeHtml(meta.url)}">` : '',
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta name="twitter:card" content="${meta.image ? 'summary' : 'summary_large_image'}">`,
    meta.structuredData ? `<script type="application/ld+json">${scriptJson(meta.structuredData)}</script>` : '',
    ...preloads.fonts.map(
      (href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeHtml(href)}">`,
    ),
    ...preloads.scripts.map(
      (href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${escapeHtml(href)}">`,
    ),
  ].filter(Boolean);
  return html
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}
