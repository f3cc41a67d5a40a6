import { useEffect } from 'react';
import { pageTitle } from '@local-creators/common';
import { OverviewBody, OverviewHeader } from './components/directory-overview';
import { DirectorySearchForm } from './components/directory-search-form';
import { SearchHeader, SearchResults } from './components/search-results';
import { useDirectorySearch } from './components/search-params';

/**
 * /directory: the overview (counts, the two tabs) with the search above it; any search word or
 * filter in the URL (`?q=`, `?niche=Food` from "View all N creators", `?platform=`…) shows the
 * matching creators instead. The form stays in the same place in both, so typing into it on the
 * overview keeps the focus while the results replace the tabs.
 */
export default function DirectoryPage() {
  const search = useDirectorySearch();
  const { searching, misspelled, query, update } = search;

  // `?niche=food` (a hand-typed or old link) becomes the list's own spelling.
  useEffect(() => {
    if (misspelled && query.niche) update('niche', query.niche);
  }, [misspelled, query.niche]);

  useEffect(() => {
    document.title = query.niche
      ? pageTitle(`${query.niche} creators`)
      : searching
        ? pageTitle('Search results')
        : pageTitle('Directory');
  }, [query.niche, searching]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      {searching ? <SearchHeader search={search} /> : <OverviewHeader />}
      <DirectorySearchForm search={search} />
      {searching ? <SearchResults search={search} /> : <OverviewBody />}
    </div>
  );
}
