import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ArrowLeft, ChevronLeft, ChevronRight, Search, X } from 'lucide-react';
import { DIRECTORY, MSG, PLATFORM_NAMES, type CreatorSearchQuery, type Niche, type PlatformName } from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCreators } from '../api/get-creators';
import { CreatorGrid, CreatorGridSkeleton, LoadError } from './creator-grid';

type Sort = NonNullable<CreatorSearchQuery['sort']>;
const SORTS: { value: Sort; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest' },
  { value: 'followers', label: 'Most followers' },
  { value: 'name', label: 'Name (A–Z)' },
];
const MIN_FOLLOWERS = [
  { value: '', label: 'Any' },
  { value: '1000', label: '1K+' },
  { value: '10000', label: '10K+' },
  { value: '50000', label: '50K+' },
  { value: '100000', label: '100K+' },
];
const FILTER_KEYS = ['q', 'platform', 'min_followers', 'neighborhood'] as const;

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** Text filters follow the typing after a short pause, so the URL (and the list) do not churn per key. */
function useDebouncedParam(key: 'q' | 'neighborhood', params: URLSearchParams, update: (key: string, value: string) => void) {
  const urlValue = params.get(key) ?? '';
  const [value, setValue] = useState(urlValue);
  // Back/forward or "Clear filters" changed the URL: show it (but keep a trailing space being typed).
  useEffect(() => setValue((v) => (v.trim() === urlValue ? v : urlValue)), [urlValue]);
  useEffect(() => {
    if (value.trim() === urlValue) return;
    const t = setTimeout(() => update(key, value.trim()), 350);
    return () => clearTimeout(t);
  }, [value]); // only the typing restarts the pause
  return [value, setValue] as const;
}

/**
 * "View all N creators": /directory?niche=Food&sort=followers&platform=…&min_followers=…&neighborhood=…&q=…&cursor=…
 * Pages follow the API's cursors (decision 0204): Prev and Next, no page numbers.
 */
export function NicheCreatorsList({ niche }: { niche: string }) {
  const [params, setParams] = useSearchParams();
  const cursor = params.get('cursor') ?? undefined;
  const hasWords = !!params.get('q');
  // With words, the default order is the best match; "Best match" is offered only then.
  const defaultSort: Sort = hasWords ? 'relevance' : 'newest';
  const sorts = SORTS.filter((s) => hasWords || s.value !== 'relevance');
  const sort = (sorts.some((s) => s.value === params.get('sort')) ? params.get('sort') : defaultSort) as Sort;
  const platform = (PLATFORM_NAMES as readonly string[]).includes(params.get('platform') ?? '') ? (params.get('platform') as PlatformName) : undefined;
  const minFollowers = params.get('min_followers') ?? '';

  function update(key: string, value: string) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'cursor') next.delete('cursor');
        return next;
      },
      { replace: key !== 'cursor' },
    );
  }
  const [q, setQ] = useDebouncedParam('q', params, update);
  const [neighborhood, setNeighborhood] = useDebouncedParam('neighborhood', params, update);

  const query: CreatorSearchQuery = {
    niche: niche as Niche,
    platform,
    min_followers: minFollowers ? Number(minFollowers) : undefined,
    neighborhood: params.get('neighborhood') ?? undefined,
    q: params.get('q') ?? undefined,
    sort,
    cursor,
    per_page: DIRECTORY.pageSizeDefault,
  };
  const { data, isPending, isError, isPlaceholderData, refetch } = useCreators(query);
  // Past the count's cap the API says "at least": 1,000+.
  const count = data ? `${data.total.toLocaleString('en-US')}${data.total_exact ? '' : '+'}` : '';
  const filtered = FILTER_KEYS.some((k) => params.get(k));

  useEffect(() => {
    document.title = `${niche} creators · Local Creators`;
  }, [niche]);

  function goToPage(to: string | null) {
    if (!to) return;
    update('cursor', to);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  function clearFilters() {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const k of [...FILTER_KEYS, 'cursor']) next.delete(k);
      return next;
    });
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <Button asChild variant="ghost" size="sm" className="-ml-3 text-muted-foreground">
        <Link to="/directory?tab=niche">
          <ArrowLeft aria-hidden /> All niches
        </Link>
      </Button>
      <header className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{niche} creators</h1>
          <p className="mt-1 text-muted-foreground" aria-live="polite">
            {data ? `${count} verified ${data.total === 1 && data.total_exact ? 'creator' : 'creators'}${filtered ? ' match your filters' : ''}` : '\u00a0'}
          </p>
        </div>
      </header>

      <form
        role="search"
        aria-label={`Filter ${niche} creators`}
        className="mt-6 grid gap-4 rounded-xl border border-border bg-background p-4 shadow-xs sm:grid-cols-2 lg:grid-cols-12"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="space-y-1.5 sm:col-span-2 lg:col-span-4">
          <Label htmlFor="filter-q">Search</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input id="filter-q" type="search" className="pl-9" placeholder="Name, @handle or bio" value={q} onChange={(e) => setQ(e.target.value)} />
          </div>
        </div>
        <div className="space-y-1.5 lg:col-span-2">
          <Label htmlFor="filter-platform">Platform</Label>
          <select id="filter-platform" className={selectClass} value={platform ?? ''} onChange={(e) => update('platform', e.target.value)}>
            <option value="">Any</option>
            {PLATFORM_NAMES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5 lg:col-span-2">
          <Label htmlFor="filter-min-followers">Min. followers</Label>
          <select id="filter-min-followers" className={selectClass} value={minFollowers} onChange={(e) => update('min_followers', e.target.value)}>
            {MIN_FOLLOWERS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5 lg:col-span-2">
          <Label htmlFor="filter-neighborhood">Neighborhood</Label>
          <Input id="filter-neighborhood" placeholder="e.g. Tremont" value={neighborhood} onChange={(e) => setNeighborhood(e.target.value)} />
        </div>
        <div className="space-y-1.5 lg:col-span-2">
          <Label htmlFor="filter-sort">Sort by</Label>
          <select id="filter-sort" className={selectClass} value={sort} onChange={(e) => update('sort', e.target.value === defaultSort ? '' : e.target.value)}>
            {sorts.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </form>

      {filtered && (
        <Button type="button" variant="link" size="sm" className="mt-2 px-0" onClick={clearFilters}>
          <X aria-hidden /> Clear filters
        </Button>
      )}

      {isError && <LoadError what="The creators" onRetry={() => void refetch()} />}
      {isPending && <CreatorGridSkeleton count={8} className="mt-6" />}
      {data && data.items.length === 0 && (
        <div className="mt-6 rounded-xl border border-dashed border-border p-12 text-center">
          <p className="font-medium">{MSG.noCreatorsFound}</p>
          <p className="mt-1 text-sm text-muted-foreground">{filtered ? 'Try fewer filters.' : 'Check back soon: new creators are verified every week.'}</p>
        </div>
      )}
      <h2 className="sr-only">Results</h2>
      {data && data.items.length > 0 && <CreatorGrid creators={data.items} className={`mt-6 transition-opacity ${isPlaceholderData ? 'opacity-60' : ''}`} />}

      {data && (data.next_cursor || data.prev_cursor) && (
        <nav aria-label="Pagination" className="mt-10 flex items-center justify-between gap-3 border-t border-border pt-6">
          <Button type="button" variant="outline" disabled={!data.prev_cursor} onClick={() => goToPage(data.prev_cursor)}>
            <ChevronLeft aria-hidden /> Prev
          </Button>
          <Button type="button" variant="outline" disabled={!data.next_cursor} onClick={() => goToPage(data.next_cursor)}>
            Next <ChevronRight aria-hidden />
          </Button>
        </nav>
      )}
    </div>
  );
}
