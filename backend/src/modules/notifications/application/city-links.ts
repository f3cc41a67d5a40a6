import { cityPagePath } from '@local-creators/common';
import type { City } from '../../city';

/**
 * Where a city's page is, for a mail about a record of that city (decision 0654): on an install
 * of several cities under its slug (`/akron/amplify/featured`, decision 0620) or at its own host
 * name (decision 0623); on a one-city install, or for a record without a known city, the address
 * as it always was (`/amplify/featured`, which leads to the home city's).
 */
export function cityPagesOf(
  cities: readonly City[],
  publicUrl: string,
): (citySlug: string | undefined, path: string) => string {
  return (citySlug, path) => {
    const city = cities.length > 1 ? cities.find((c) => c.slug === citySlug) : undefined;
    if (!city) return `${publicUrl}${path}`;
    if (city.host) return `${new URL(publicUrl).protocol}//${city.host}${path}`;
    return `${publicUrl}${cityPagePath(city.slug, path)}`;
  };
}
