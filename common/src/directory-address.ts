import {
  COLLAB_TYPES,
  CONTENT_TYPES,
  DIRECTORY,
  NICHES,
  PLATFORM_NAMES,
  optionNamed,
  type CollabType,
  type ContentType,
  type Niche,
  type PlatformName,
} from './constants';
import type { CreatorSearchQuery } from './types';

export type DirectorySort = NonNullable<CreatorSearchQuery['sort']>;

/** The URL parameters that narrow /directory to a list: any of them shows results instead of the overview. */
export const DIRECTORY_FILTER_KEYS = [
  'q',
  'niche',
  'platform',
  'min_followers',
  'neighborhood',
  'content_type',
  'collab_type',
  'handles',
  'replies_within',
  'min_local_share',
] as const;

/** `?city=all` on a city's directory: the search looks across every city (decision 0620). */
export const ALL_CITIES = 'all';

/** A fixed list's option from the URL, in the list's spelling (`?niche=food` is Food). */
const fromList = <T extends string>(options: readonly T[], value: string | null) =>
  value ? optionNamed(options, value) : undefined;

/**
 * /directory's address (`?q=comedy&niche=Food&sort=…`) read as the search the page asks
 * GET /api/creators for. The page (useDirectorySearch) and the server drawing it (decision 0251)
 * read it here, so the answer the server draws is the one the page would have asked for.
 */
export function directorySearchOf(params: { get(key: string): string | null }, city?: string) {
  const rawNiche = params.get('niche');
  const niche = fromList(NICHES, rawNiche);
  const q = params.get('q') ?? undefined;
  const sorts: DirectorySort[] = q ? ['relevance', 'newest', 'followers', 'name'] : ['newest', 'followers', 'name'];
  const defaultSort: DirectorySort = q ? 'relevance' : 'newest';
  const sort = (sorts as string[]).includes(params.get('sort') ?? '')
    ? (params.get('sort') as DirectorySort)
    : defaultSort;
  const minFollowers = Number(params.get('min_followers'));
  const repliesWithin = Number(params.get('replies_within'));
  const minLocalShare = Number(params.get('min_local_share'));

  const query: CreatorSearchQuery = {
    q,
    niche: niche as Niche | undefined,
    platform: fromList(PLATFORM_NAMES, params.get('platform')) as PlatformName | undefined,
    content_type: fromList(CONTENT_TYPES, params.get('content_type')) as ContentType | undefined,
    collab_type: fromList(COLLAB_TYPES, params.get('collab_type')) as CollabType | undefined,
    min_followers: Number.isInteger(minFollowers) && minFollowers > 0 ? minFollowers : undefined,
    neighborhood: params.get('neighborhood') ?? undefined,
    handles: params.get('handles') === 'confirmed' ? 'confirmed' : undefined,
    replies_within:
      Number.isInteger(repliesWithin) && repliesWithin >= 1 && repliesWithin <= 60 ? repliesWithin : undefined,
    min_local_share:
      Number.isInteger(minLocalShare) && minLocalShare > 0 && minLocalShare <= 100 ? minLocalShare : undefined,
    sort,
    cursor: params.get('cursor') ?? undefined,
    per_page: DIRECTORY.pageSizeDefault,
    // A city's page searches that city (its slug); `?city=all` on it, and a one-city install, every city (decision 0620).
    ...(city && params.get('city') !== ALL_CITIES ? { city } : {}),
  };
  return {
    query,
    /** Some filter is set: the page shows results. */
    searching: DIRECTORY_FILTER_KEYS.some((k) => params.get(k)) || params.get('city') === ALL_CITIES,
    /** The niche the URL names, when it names one that does not exist (shown as such, not as a failed load). */
    unknownNiche: rawNiche && !niche ? rawNiche : null,
    /** The URL spells a list's option differently (`?niche=food`): the form replaces it with the list's spelling. */
    misspelled: rawNiche !== null && !!niche && niche !== rawNiche,
    sorts,
    defaultSort,
  };
}
