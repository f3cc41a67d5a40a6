import { useLocation } from 'react-router-dom';
import { cityOfPath, cityPath, type SiteCity } from './site-config';

/** The city whose pages are open (`/akron/…`), on an install of several cities; null elsewhere. */
export function usePageCity(): SiteCity | null {
  return cityOfPath(useLocation().pathname);
}

/**
 * Addresses of city pages (`/directory`, `/creator/{id}`) as this page links them: under its
 * city's slug (else the home city's) on an install of several cities, unchanged on one (decision 0620).
 */
export function useCityPath(): (path: string, slug?: string) => string {
  const here = usePageCity()?.slug;
  return (path, slug) => cityPath(path, slug ?? here);
}
