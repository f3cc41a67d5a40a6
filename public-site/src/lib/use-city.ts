import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { CITIES, cityOfPath, cityPath, lastCity, subscribeToRememberedCity, type SiteCity } from './site-config';

/** The city whose pages are open (`/akron/…`), on an install of several cities; null elsewhere. */
export function usePageCity(): SiteCity | null {
  return cityOfPath(useLocation().pathname);
}

/**
 * The city whose pages the visitor last opened (decision 0654), on an install of several cities.
 * Null on the server and while the browser takes a drawn page over (the server cannot know it), so
 * the page hydrates as drawn and then names the visitor's city.
 */
export function useRememberedCity(): SiteCity | null {
  const slug = useSyncExternalStore(
    subscribeToRememberedCity,
    () => lastCity()?.slug ?? null,
    () => null,
  );
  return CITIES?.list.find((c) => c.slug === slug) ?? null;
}

/**
 * Addresses of city pages (`/directory`, `/creator/{id}`) as this page links them: under its
 * city's slug on an install of several cities, on the site's own pages (sign-up, About…) under the
 * visitor's city, else the home city's; unchanged on a one-city install (decisions 0620, 0654).
 */
export function useCityPath(): (path: string, slug?: string) => string {
  const here = usePageCity()?.slug;
  const visitors = useRememberedCity()?.slug;
  return (path, slug) => cityPath(path, slug ?? here ?? visitors);
}
