/**
 * The city the console is narrowed to (decision 0601): '' for every city the admin may see. Kept
 * in localStorage so it survives a reload; the data provider adds it to every list it asks for.
 */
const KEY = 'lc.admin.city';
const listeners = new Set<() => void>();
let chosen = typeof localStorage === 'undefined' ? '' : (localStorage.getItem(KEY) ?? '');

export const chosenCity = () => chosen;

export function chooseCity(slug: string) {
  chosen = slug;
  if (typeof localStorage !== 'undefined') {
    if (slug) localStorage.setItem(KEY, slug);
    else localStorage.removeItem(KEY);
  }
  for (const listener of listeners) listener();
}

export function onCityChange(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Resources that hold no city's records: never narrowed. */
const NOT_PER_CITY = new Set(['cities', 'notifications', 'webhooks', 'webhook-attempts']);

/** A list's filter with the chosen city added (unless the list names its own). */
export function withChosenCity<F extends Record<string, unknown>>(resource: string, filter: F | undefined): F {
  const base = (filter ?? {}) as F;
  if (!chosen || NOT_PER_CITY.has(resource) || 'city' in base) return base;
  return { ...base, city: chosen };
}

/**
 * Whether records show their city: not in a one-city install (one city and an admin of every
 * city), where the console looks as it did before cities.
 */
export const showsCities = (cities: readonly { every_city: boolean }[]) =>
  cities.length > 1 || cities.some((c) => !c.every_city);
