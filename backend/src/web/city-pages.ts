import { CREATOR_PATH, cityPagePath, defaultCityCopy, isCityPagePath, type CityCopy } from '@local-creators/common';
import type { City } from '../modules/city';

/** How long the site keeps the list of cities it read: a city added by the CLI shows within this. */
export const CITIES_KEPT_MS = 5_000;

/** The city whose own host name (`cities.host`, decision 0623) a request came to, on an install of several cities. */
export function cityOfHost(hostname: string, cities: City[]): City | undefined {
  const host = hostname.toLowerCase();
  return cities.length > 1 ? cities.find((c) => !!c.host && c.host.toLowerCase() === host) : undefined;
}

/** A city as the site's pages name it (`<meta name="lc-cities">`, decision 0620): its own lines of copy only when it has them. */
export interface SiteCity {
  slug: string;
  name: string;
  state: string;
  copy?: CityCopy;
}

/** The city's own lines, when they are not the ones the site derives from its name (decision 0600). */
export function ownCopyOf(city: City): CityCopy | undefined {
  const derived = defaultCityCopy(city.name);
  const own = (Object.keys(derived) as (keyof CityCopy)[]).some((k) => city.copy[k] !== derived[k]);
  return own ? { ...city.copy } : undefined;
}

export const siteCityOf = (city: City): SiteCity => {
  const copy = ownCopyOf(city);
  return { slug: city.slug, name: city.name, state: city.state, ...(copy ? { copy } : {}) };
};

/**
 * Where a public path leads on an install of several cities (decisions 0620, 0621):
 * - `root`: `/`, the list of cities;
 * - `city`: a city page under a known slug (`/akron/directory`: `rest` is `/directory`);
 * - `redirect`: an old one-city address of a city page, to the home city's (`/directory`);
 * - `profile`: an old `/creator/{id}`, to its creator's own city once the profile is read;
 * - `site`: a page of the site's own (About, sign-in…), or a path no city has (a 404).
 */
export type CityRoute =
  | { kind: 'root' }
  | { kind: 'city'; city: City; rest: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'profile' }
  | { kind: 'site' };

export function cityRouteOf(path: string, cities: City[], homeSlug: string, hostCity?: City): CityRoute {
  // On a city's own host name (decision 0623) the city's pages are at the root paths.
  if (hostCity && isCityPagePath(path)) return { kind: 'city', city: hostCity, rest: path };
  if (path === '/') return { kind: 'root' };
  const [, first, ...more] = path.split('/');
  const city = cities.find((c) => c.slug === first);
  if (city) {
    const rest = more.length ? `/${more.join('/')}` : '/';
    // Under a city only its pages; `/akron/about` is not a page (the 404).
    return isCityPagePath(rest) ? { kind: 'city', city, rest } : { kind: 'site' };
  }
  if (CREATOR_PATH.test(path)) return { kind: 'profile' };
  if (isCityPagePath(path)) return { kind: 'redirect', to: cityPagePath(homeSlug, path) };
  return { kind: 'site' };
}
