import { useSearchParams } from 'react-router-dom';
import {
  COLLAB_TYPES,
  CONTENT_TYPES,
  DIRECTORY,
  NICHES,
  PLATFORM_NAMES,
  optionNamed,
  type CollabType,
  type ContentType,
  type CreatorSearchQuery,
  type Niche,
  type PlatformName,
} from '@local-creators/common';

export type Sort = NonNullable<CreatorSearchQuery['sort']>;

/** The URL parameters that narrow the directory to a list: any of them shows results instead of the overview. */
export const FILTER_KEYS = ['q', 'niche', 'platform', 'min_followers', 'neighborhood', 'content_type', 'collab_type', 'handles'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** A fixed list's option from the URL, in the list's spelling (`?niche=food` is Food). */
const fromList = <T extends string>(options: readonly T[], value: string | null) => (value ? optionNamed(options, value) : undefined);

/**
 * /directory's search, read from and written to the URL, so a search can be shared and "back"
 * returns to it. Text filters are written by the form after a pause; every change but paging
 * replaces the history entry and goes back to the first page.
 */
export function useDirectorySearch() {
  const [params, setParams] = useSearchParams();
  const rawNiche = params.get('niche');
  const niche = fromList(NICHES, rawNiche);
  const q = params.get('q') ?? undefined;
  const sorts: Sort[] = q ? ['relevance', 'newest', 'followers', 'name'] : ['newest', 'followers', 'name'];
  const defaultSort: Sort = q ? 'relevance' : 'newest';
  const sort = (sorts as string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as Sort) : defaultSort;
  const minFollowers = Number(params.get('min_followers'));

  const query: CreatorSearchQuery = {
    q,
    niche: niche as Niche | undefined,
    platform: fromList(PLATFORM_NAMES, params.get('platform')) as PlatformName | undefined,
    content_type: fromList(CONTENT_TYPES, params.get('content_type')) as ContentType | undefined,
    collab_type: fromList(COLLAB_TYPES, params.get('collab_type')) as CollabType | undefined,
    min_followers: Number.isInteger(minFollowers) && minFollowers > 0 ? minFollowers : undefined,
    neighborhood: params.get('neighborhood') ?? undefined,
    handles: params.get('handles') === 'confirmed' ? 'confirmed' : undefined,
    sort,
    cursor: params.get('cursor') ?? undefined,
    per_page: DIRECTORY.pageSizeDefault,
  };

  function update(key: FilterKey | 'sort' | 'cursor', value: string) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'cursor') next.delete('cursor');
        if (key !== 'cursor' && key !== 'sort') next.delete('tab');
        return next;
      },
      { replace: key !== 'cursor' },
    );
  }

  function clear() {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const k of [...FILTER_KEYS, 'cursor', 'sort']) next.delete(k);
      return next;
    });
  }

  return {
    params,
    query,
    /** Some filter is set: the page shows results. */
    searching: FILTER_KEYS.some((k) => params.get(k)),
    /** The niche the URL names, when it names one that does not exist (shown as such, not as a failed load). */
    unknownNiche: rawNiche && !niche ? rawNiche : null,
    /** The URL spells a list's option differently (`?niche=food`): the form replaces it with the list's spelling. */
    misspelled: rawNiche !== null && !!niche && niche !== rawNiche,
    sorts,
    defaultSort,
    update,
    clear,
  };
}
