import { Link } from 'react-router-dom';
import { ArrowLeft, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { formatCount, MSG } from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { useCreators } from '../api/get-creators';
import { CreatorGrid, CreatorGridSkeleton, LoadError } from './creator-grid';
import type { useDirectorySearch } from './search-params';
import { useCityPath } from '@/lib/use-city';

type DirectorySearch = ReturnType<typeof useDirectorySearch>;

/** The results' heading: a niche's own list ("View all N creators") or a search. */
export function SearchHeader({ search }: { search: DirectorySearch }) {
  const cityLink = useCityPath();
  // While the new answer loads the last one stays on screen (dimmed); its count is not this
  // search's, so the line stays empty rather than read out a number that is about to change.
  const { data: shown, isPlaceholderData } = useCreators(search.query, !search.unknownNiche);
  const data = isPlaceholderData ? undefined : shown;
  const niche = search.query.niche;
  // Only a niche is set: this is that niche's whole list.
  const onlyNiche = !!niche && [...search.params.keys()].every((k) => ['niche', 'sort', 'cursor'].includes(k));
  // Past the count's cap the API says "at least": 1,000+.
  const count = data ? `${formatCount(data.total)}${data.total_exact ? '' : '+'}` : '';
  const one = data?.total === 1 && data.total_exact;
  return (
    <header>
      <Button asChild variant="ghost" size="sm" className="-ml-3 text-muted-foreground">
        <Link to={cityLink(niche ? '/directory?tab=niche' : '/directory')}>
          <ArrowLeft aria-hidden /> {niche ? 'All niches' : 'Directory'}
        </Link>
      </Button>
      <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
        {niche ? `${niche} creators` : 'Search results'}
      </h1>
      <p className="mt-1 text-muted-foreground" aria-live="polite">
        {search.unknownNiche
          ? '\u00a0'
          : data
            ? `${count} verified ${one ? 'creator' : 'creators'}${onlyNiche ? '' : one ? ' matches your search' : ' match your search'}`
            : '\u00a0'}
      </p>
    </header>
  );
}

/**
 * "Did you mean …?" under an empty search (decision 0250): each close name or @handle the API
 * offers is a link to its own search, so it can be opened, shared or opened in a new tab.
 */
function DidYouMean({ suggestions }: { suggestions: string[] }) {
  const cityLink = useCityPath();
  return (
    <p className="mt-3">
      Did you mean{' '}
      {suggestions.map((s, i) => (
        <span key={s}>
          {i > 0 && (i === suggestions.length - 1 ? ' or ' : ', ')}
          <Link
            to={cityLink(`/directory?q=${encodeURIComponent(s)}`)}
            className="font-medium text-primary underline underline-offset-4"
          >
            {s}
          </Link>
        </span>
      ))}
      ?
    </p>
  );
}

/** One page of matching creators, paged by the API's cursors (decision 0204): Prev and Next, no page numbers. */
export function SearchResults({ search }: { search: DirectorySearch }) {
  const cityLink = useCityPath();
  const { data, isPending, isError, isPlaceholderData, refetch } = useCreators(search.query, !search.unknownNiche);

  if (search.unknownNiche) {
    return (
      <div className="mt-6 rounded-xl border border-dashed border-border p-12 text-center" role="status">
        <p className="font-medium">There is no niche called “{search.unknownNiche}”.</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Choose one above, or{' '}
          <Link to={cityLink('/directory?tab=niche')} className="font-medium text-primary underline underline-offset-4">
            see every niche
          </Link>
          .
        </p>
      </div>
    );
  }

  function goToPage(to: string | null) {
    if (!to) return;
    search.update('cursor', to);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  // A niche's own list has its way back above; a search can be cleared.
  const narrowed = [...search.params.keys()].some((k) => k !== 'niche' && k !== 'cursor');
  return (
    <>
      {narrowed && (
        <Button type="button" variant="link" size="sm" className="mt-2 px-0" onClick={search.clear}>
          <X aria-hidden /> Clear search
        </Button>
      )}
      {isError && <LoadError what="The creators" onRetry={() => void refetch()} />}
      {isPending && <CreatorGridSkeleton count={8} className="mt-6" />}
      {data && data.items.length === 0 && (
        <div className="mt-6 rounded-xl border border-dashed border-border p-12 text-center">
          <p className="font-medium">{MSG.noCreatorsFound}</p>
          {data.suggestions.length > 0 && <DidYouMean suggestions={data.suggestions} />}
          <p className="mt-1 text-sm text-muted-foreground">Try other words or fewer filters.</p>
        </div>
      )}
      <h2 className="sr-only">Results</h2>
      {data && data.items.length > 0 && (
        <CreatorGrid
          creators={data.items}
          from={search.query.q?.trim() ? 'search' : search.query.niche ? 'niche' : 'directory'}
          className={`mt-6 transition-opacity ${isPlaceholderData ? 'opacity-60' : ''}`}
          busy={isPlaceholderData}
        />
      )}
      {data && (data.next_cursor || data.prev_cursor) && (
        <nav
          aria-label="Pagination"
          className="mt-10 flex items-center justify-between gap-3 border-t border-border pt-6"
        >
          <Button
            type="button"
            variant="outline"
            disabled={!data.prev_cursor}
            onClick={() => goToPage(data.prev_cursor)}
          >
            <ChevronLeft aria-hidden /> Prev
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={!data.next_cursor}
            onClick={() => goToPage(data.next_cursor)}
          >
            Next <ChevronRight aria-hidden />
          </Button>
        </nav>
      )}
    </>
  );
}
