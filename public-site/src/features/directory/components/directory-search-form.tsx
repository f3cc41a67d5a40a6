import { useEffect, useState, type ReactNode } from 'react';
import { Search, SlidersHorizontal } from 'lucide-react';
import { COLLAB_TYPES, CONTENT_TYPES, NICHES, PLATFORM_NAMES } from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { FILTER_KEYS, type Sort, type useDirectorySearch } from './search-params';

const SORT_LABELS: Record<Sort, string> = { relevance: 'Best match', newest: 'Newest', followers: 'Most followers', name: 'Name (A–Z)' };
const MIN_FOLLOWERS = [
  { value: '', label: 'Any' },
  { value: '1000', label: '1K+' },
  { value: '10000', label: '10K+' },
  { value: '50000', label: '50K+' },
  { value: '100000', label: '100K+' },
];

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

type DirectorySearch = ReturnType<typeof useDirectorySearch>;

/** Text filters follow the typing after a short pause, so the URL (and the list) do not churn per key. */
function useDebouncedParam(key: 'q' | 'neighborhood', search: DirectorySearch) {
  const urlValue = search.params.get(key) ?? '';
  const [value, setValue] = useState(urlValue);
  // Back/forward or "Clear filters" changed the URL: show it (but keep a trailing space being typed).
  useEffect(() => setValue((v) => (v.trim() === urlValue ? v : urlValue)), [urlValue]);
  useEffect(() => {
    if (value.trim() === urlValue) return;
    const t = setTimeout(() => search.update(key, value.trim()), 350);
    return () => clearTimeout(t);
  }, [value]); // only the typing restarts the pause
  return [value, setValue] as const;
}

function Choice({
  id,
  label,
  value,
  options,
  onChange,
  className,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly string[];
  onChange: (v: string) => void;
  className?: string;
}) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The directory's search: words (a name, @handle, niche, neighborhood or bio) and every filter the
 * API knows. The page keeps this form in one place whether it shows the overview or results, so
 * typing the first letters never loses focus. On a phone the filters fold behind a button.
 */
export function DirectorySearchForm({ search, children }: { search: DirectorySearch; children?: ReactNode }) {
  const { query, update, searching } = search;
  const [q, setQ] = useDebouncedParam('q', search);
  const [neighborhood, setNeighborhood] = useDebouncedParam('neighborhood', search);
  const filtersSet = FILTER_KEYS.filter((k) => k !== 'q' && search.params.get(k)).length;
  const [open, setOpen] = useState(false);
  // Folded only on phones; from `sm` up every filter shows.
  const foldable = open ? '' : 'hidden sm:block';

  return (
    <form
      id="directory-search"
      role="search"
      aria-label="Search the directory"
      className="mt-8 grid gap-4 rounded-xl border border-border bg-background p-4 shadow-xs sm:grid-cols-2 lg:grid-cols-12"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="space-y-1.5 sm:col-span-2 lg:col-span-6">
        <Label htmlFor="filter-q">Search</Label>
        <div className="flex gap-2">
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input id="filter-q" type="search" className="pl-9" placeholder="Name, @handle, niche or bio" value={q} onChange={(e) => setQ(e.target.value)} />
          </div>
          <Button
            type="button"
            variant="outline"
            className="sm:hidden"
            aria-expanded={open}
            aria-controls="directory-search"
            onClick={() => setOpen((o) => !o)}
          >
            <SlidersHorizontal aria-hidden /> Filters{filtersSet ? ` (${filtersSet})` : ''}
          </Button>
        </div>
      </div>
      <Choice
        id="filter-niche"
        label="Niche"
        value={query.niche ?? ''}
        options={NICHES}
        onChange={(v) => update('niche', v)}
        className={cn(foldable, 'lg:col-span-3')}
      />
      <Choice
        id="filter-platform"
        label="Platform"
        value={query.platform ?? ''}
        options={PLATFORM_NAMES}
        onChange={(v) => update('platform', v)}
        className={cn(foldable, 'lg:col-span-3')}
      />
      <div className={cn(foldable, 'space-y-1.5 lg:col-span-2')}>
        <Label htmlFor="filter-min-followers">Min. followers</Label>
        <select
          id="filter-min-followers"
          className={selectClass}
          value={String(query.min_followers ?? '')}
          onChange={(e) => update('min_followers', e.target.value)}
        >
          {MIN_FOLLOWERS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <Choice
        id="filter-content-type"
        label="Content type"
        value={query.content_type ?? ''}
        options={CONTENT_TYPES}
        onChange={(v) => update('content_type', v)}
        className={cn(foldable, 'lg:col-span-3')}
      />
      <Choice
        id="filter-collab-type"
        label="Collaboration"
        value={query.collab_type ?? ''}
        options={COLLAB_TYPES}
        onChange={(v) => update('collab_type', v)}
        className={cn(foldable, 'lg:col-span-3')}
      />
      <div className={cn(foldable, 'space-y-1.5 lg:col-span-2')}>
        <Label htmlFor="filter-neighborhood">Neighborhood</Label>
        <Input id="filter-neighborhood" placeholder="e.g. Downtown" value={neighborhood} onChange={(e) => setNeighborhood(e.target.value)} />
      </div>
      {searching && (
        <div className="space-y-1.5 lg:col-span-2">
          <Label htmlFor="filter-sort">Sort by</Label>
          <select
            id="filter-sort"
            className={selectClass}
            value={query.sort}
            onChange={(e) => update('sort', e.target.value === search.defaultSort ? '' : e.target.value)}
          >
            {search.sorts.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      )}
      {children}
    </form>
  );
}
