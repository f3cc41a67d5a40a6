import { DEFAULT_CITY, defaultCityCopy, type CityCopy } from '@local-creators/common';

/** The lines of copy with a local flavour (decision 0215): the city's own (decision 0600) over the derived ones. */
export type CityFlavor = CityCopy;
const flavorOf = defaultCityCopy;

const metaOf = (name: string) =>
  typeof document !== 'undefined' ? document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') : null;

/** The city's own lines, when its operator wrote them (`<meta name="lc-city-copy">`, decision 0600). */
function ownCopy(): Partial<CityFlavor> {
  try {
    return JSON.parse(metaOf('lc-city-copy') ?? '{}') as Partial<CityFlavor>;
  } catch {
    return {};
  }
}

/**
 * The city the site serves (the server's CITY). In the browser it is read from the page the server
 * sent (`<meta name="lc-city">`, backend/src/web/page-head.ts); the server's renderer sets it once
 * (entry-server.tsx). Every text that names the city reads it here; the Vite dev server's page
 * has no such tag and shows the default.
 */
export let CITY: string = metaOf('lc-city') || DEFAULT_CITY;
export let FLAVOR: CityFlavor = { ...flavorOf(CITY), ...ownCopy() };

/** The server's renderer: the configured city and its own lines, before the first page is drawn. */
export function setCity(city: string, copy: Partial<CityFlavor> = {}) {
  CITY = city;
  FLAVOR = { ...flavorOf(city), ...copy };
}

/** A city of an install of several cities (`<meta name="lc-cities">`, decision 0620). */
export interface SiteCity {
  slug: string;
  name: string;
  state: string;
  copy?: Partial<CityFlavor>;
}
export interface SiteCities {
  home: string;
  list: SiteCity[];
  /** The city whose own host name the page came from (decision 0623): its pages are at the root paths here. */
  host?: string;
}

function readCities(): SiteCities | null {
  try {
    const parsed = JSON.parse(metaOf('lc-cities') ?? 'null') as SiteCities | null;
    return parsed && Array.isArray(parsed.list) && parsed.list.length > 1 ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Every city, on an install of several cities; null on a one-city install, whose pages and
 * addresses are as they always were. Read from the page the server sent; the server's renderer
 * sets it for each page it draws (entry-server.tsx).
 */
export let CITIES: SiteCities | null = readCities();

/** The server's renderer, for one page of an install of several cities (null: back to the one-city site). */
export function setCities(cities: SiteCities | null) {
  CITIES = cities;
}

/** The city whose pages `pathname` is under (`/akron/directory`), if any. */
export function cityOfPath(pathname: string): SiteCity | null {
  if (!CITIES) return null;
  const first = pathname.split('/')[1];
  return CITIES.list.find((c) => c.slug === first) ?? CITIES.list.find((c) => c.slug === CITIES!.host) ?? null;
}

/** The path's city page without its city's slug (`/akron/directory` → `/directory`), if it has one. */
export function withoutCitySlug(pathname: string): string {
  if (!CITIES) return pathname;
  const first = pathname.split('/')[1];
  return CITIES.list.some((c) => c.slug === first) ? pathname.slice(first!.length + 1) || '/' : pathname;
}

/**
 * The city the site speaks of while `pathname` shows: the city whose pages these are, else the
 * home city. Set before the page's views draw (the layout), so CITY and FLAVOR name it.
 */
export function enterCityOf(pathname: string, visitorCity?: string | null) {
  if (!CITIES) return;
  // On the site's own pages (sign-up, About…), the city the visitor came from (decision 0654).
  const city =
    cityOfPath(pathname) ??
    CITIES.list.find((c) => c.slug === visitorCity) ??
    CITIES.list.find((c) => c.slug === CITIES!.home);
  if (city && CITY !== city.name) setCity(city.name, city.copy);
}

const LAST_CITY_KEY = 'lc-city';

/** The city whose pages the visitor last opened (their apply form joins it), else none. */
export function lastCity(): SiteCity | null {
  if (!CITIES) return null;
  let slug: string | null = null;
  try {
    slug = typeof localStorage !== 'undefined' ? localStorage.getItem(LAST_CITY_KEY) : null;
  } catch {
    slug = null;
  }
  return CITIES.list.find((c) => c.slug === slug) ?? null;
}

const rememberedListeners = new Set<() => void>();

export function rememberCity(slug: string) {
  try {
    if (localStorage.getItem(LAST_CITY_KEY) === slug) return;
    localStorage.setItem(LAST_CITY_KEY, slug);
  } catch {
    // A browser that keeps nothing: the home city's pages then.
    return;
  }
  for (const listener of rememberedListeners) listener();
}

/** Hears when the remembered city changes (here or in another tab): useRememberedCity. */
export function subscribeToRememberedCity(listener: () => void): () => void {
  rememberedListeners.add(listener);
  const onStorage = (e: StorageEvent) => void (e.key === LAST_CITY_KEY && listener());
  window.addEventListener('storage', onStorage);
  return () => {
    rememberedListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * A city page's address (decision 0620): under `slug`'s (the page's own city, else the home
 * city: the same on the server and in the browser) on an install of several cities; unchanged on
 * a one-city install.
 */
export function cityPath(path: string, slug?: string | null): string {
  if (!CITIES) return path;
  const at = path.search(/[?#]/);
  const pathname = at < 0 ? path : path.slice(0, at);
  const rest = at < 0 ? '' : path.slice(at);
  const city = slug ?? CITIES.host ?? CITIES.home;
  // The city of this host name has its pages at the root paths (decision 0623).
  if (city === CITIES.host) return path;
  return `/${city}${pathname === '/' ? '' : pathname}${rest}`;
}
