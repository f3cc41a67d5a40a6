import { useSearchParams } from 'react-router-dom';
import { usePageCity } from '@/lib/use-city';
import { DIRECTORY_FILTER_KEYS, directorySearchOf, type DirectorySort } from '@local-creators/common';

export type Sort = DirectorySort;

/** The URL parameters that narrow the directory to a list: any of them shows results instead of the overview. */
export const FILTER_KEYS = DIRECTORY_FILTER_KEYS;
type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * /directory's search, read from and written to the URL, so a search can be shared and "back"
 * returns to it. Text filters are written by the form after a pause; every change but paging
 * replaces the history entry and goes back to the first page.
 */
/**
 * The parameters the address bar holds now. react-router hands setSearchParams' updater the last
 * render's parameters, so a second change made before the page redrew would undo the first; the
 * browser's own address is already up to date (the router writes it at once).
 */
function latestParams(rendered: URLSearchParams): URLSearchParams {
  return new URLSearchParams(typeof window === 'undefined' ? rendered : window.location.search);
}

export function useDirectorySearch() {
  const [params, setParams] = useSearchParams();
  // A city's directory searches that city, or every city with ?city=all (decision 0620).
  const city = usePageCity();
  const read = directorySearchOf(params, city?.slug);

  function update(key: FilterKey | 'sort' | 'cursor' | 'city', value: string) {
    setParams(
      (rendered) => {
        const next = latestParams(rendered);
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
    setParams((rendered) => {
      const next = latestParams(rendered);
      for (const k of [...FILTER_KEYS, 'cursor', 'sort']) next.delete(k);
      return next;
    });
  }

  return {
    params,
    ...read,
    update,
    clear,
  };
}
