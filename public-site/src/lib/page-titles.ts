import {
  CALL_PATH,
  CREATOR_PATH,
  MSG,
  NEIGHBORHOOD_PATH,
  NICHE_PATH,
  OPEN_CALLS_NAME,
  SITE_NAME,
  SITE_PAGES,
  homeTitle,
  normalizePath,
  pageTitle,
} from '@local-creators/common';
import { CITIES, CITY, withoutCitySlug } from './site-config';

/**
 * The title a path starts with: the same table the server writes into the page it sends
 * (common/src/site-pages.ts). A page that knows better once its data arrives (a profile's name, a
 * niche) sets its own afterwards.
 */
export function titleForPath(pathname: string): string {
  let path = normalizePath(pathname);
  if (CITIES && !CITIES.host && path === '/') return `${SITE_NAME} · Verified local creators, free forever`;
  // A city's pages (decision 0620) are titled as the same pages of a one-city site, naming the city.
  path = withoutCitySlug(path);
  const page = SITE_PAGES[path];
  if (page) return page.name ? pageTitle(page.name) : homeTitle(CITY);
  if (CREATOR_PATH.test(path)) return pageTitle('Creator profile');
  if (path === '/calls') return pageTitle(OPEN_CALLS_NAME);
  if (CALL_PATH.test(path)) return pageTitle('Open call');
  if (NICHE_PATH.test(path) || NEIGHBORHOOD_PATH.test(path)) return pageTitle('Creators');
  return pageTitle(MSG.pageNotFound);
}
