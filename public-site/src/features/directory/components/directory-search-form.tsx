import { useEffect, useRef, useState } from 'react';
import { Search, SlidersHorizontal } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import {
  ALL_CITIES,
  COLLAB_TYPES,
  CONTENT_TYPES,
  DIRECTORY,
  NICHES,
  PLATFORM_NAMES,
  REPLY_TIMES,
} from '@local-creators/common';
import { CITIES, cityPath } from '@/lib/site-config';
import { usePageCity } from '@/lib/use-city';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useTypedBeforeHydration } from '@/lib/typed-before-hydration';
import { FILTER_KEYS, type Sort, type useDirectorySearch } from './search-params';

const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  followers: 'Most followers',
  name: 'Name (A–Z)',
};
const MIN_FOLLOWERS = [
  { value: '', label: 'Any' },
  { value: '1000', label: '1K+' },
  { value: '10000', label: '10K+' },
  { value: '50000', label: '50K+' },
  { value: '100000', label: '100K+' },
];

/** "Replies within N days" (decision 0710): creators whose profile says they usually reply that fast. */
const REPLIES_WITHIN = [
  { value: '', label: 'Any' },
  ...REPLY_TIMES.filterDays.map((d) => ({ value: String(d), label: d === 1 ? 'Within 1 day' : `Within ${d} days` })),
];

/** A share of followers in the metro area an admin checked, still fresh (decision 0721). */
const MIN_LOCAL_SHARE = [
  { value: '', label: 'Any' },
  { value: '25', label: '25%+' },
  { value: '50', label: '50%+' },
  { value: '75', label: '75%+' },
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

type Option = string | { value: string; label: string };

/** A labelled select of a fixed list; plain strings get an "Any" first. */
function Choice(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (v: string) => void;
  className?: string;
}) {
  const options = props.options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
  const withAny = props.options.every((o) => typeof o === 'string')
    ? [{ value: '', label: 'Any' }, ...options]
    : options;
  return (
    <div className={cn('space-y-1.5', props.className)}>
      <Label htmlFor={props.id}>{props.label}</Label>
      <select
        id={props.id}
        name={props.name}
        className={selectClass}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {withAny.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The filters that pick from a fixed list, in the form's order (the neighborhood is typed). */
const LIST_FILTERS: {
  key: 'niche' | 'platform' | 'min_followers' | 'content_type' | 'collab_type' | 'replies_within';
  label: string;
  options: readonly Option[];
  span: string;
}[] = [
  { key: 'niche', label: 'Niche', options: NICHES, span: 'lg:col-span-3' },
  { key: 'platform', label: 'Platform', options: PLATFORM_NAMES, span: 'lg:col-span-3' },
  { key: 'min_followers', label: 'Min. followers', options: MIN_FOLLOWERS, span: 'lg:col-span-2' },
  { key: 'content_type', label: 'Content type', options: CONTENT_TYPES, span: 'lg:col-span-3' },
  { key: 'collab_type', label: 'Collaboration', options: COLLAB_TYPES, span: 'lg:col-span-3' },
  { key: 'replies_within', label: 'Usually replies', options: REPLIES_WITHIN, span: 'lg:col-span-3' },
];

/**
 * The directory's search: words (a name, @handle, niche, neighborhood or bio) and every filter the
 * API knows. The page keeps this form in one place whether it shows the overview or results, so
 * typing the first letters never loses focus. On a phone the filters fold behind a button.
 */
export function DirectorySearchForm({ search }: { search: DirectorySearch }) {
  const { query, update, searching } = search;
  const [q, setQ] = useDebouncedParam('q', search);
  const [neighborhood, setNeighborhood] = useDebouncedParam('neighborhood', search);
  const filtersSet = FILTER_KEYS.filter((k) => k !== 'q' && search.params.get(k)).length;
  const [open, setOpen] = useState(false);
  // On an install of several cities (decision 0620): this city's creators, another city's, or every city's.
  const city = usePageCity();
  const navigate = useNavigate();
  const cityChoice = city && CITIES ? (search.params.get('city') === ALL_CITIES ? ALL_CITIES : city.slug) : null;
  function onCity(value: string) {
    if (value === ALL_CITIES || value === city?.slug) return update('city', value === ALL_CITIES ? ALL_CITIES : '');
    const next = new URLSearchParams(search.params);
    for (const k of ['city', 'cursor']) next.delete(k);
    const rest = next.toString();
    navigate(cityPath(`/directory${rest ? `?${rest}` : ''}`, value));
  }
  // Folded only on phones; from `sm` up every filter shows.
  const foldable = open ? '' : 'hidden sm:block';
  // Typed or chosen on the drawn page before its scripts ran: searched for now (decision 0251).
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, value) => {
    if (name === 'q') setQ(value);
    else if (name === 'neighborhood') setNeighborhood(value);
    else if (name === 'sort' || name === 'min_local_share' || LIST_FILTERS.some((f) => f.key === name))
      update(name as 'sort', value);
  });

  const choiceOf = (f: (typeof LIST_FILTERS)[number]) => (
    <Choice
      key={f.key}
      name={f.key}
      id={`filter-${f.key.replace('_', '-')}`}
      label={f.label}
      value={String(query[f.key] ?? '')}
      options={f.options}
      onChange={(v) => update(f.key, v)}
      className={cn(foldable, f.span)}
    />
  );

  return (
    // A real GET form: sent before the scripts run (Enter in the box), it opens /directory?q=… and
    // the server answers it. Once the page works, the fields search as they change instead.
    <form
      ref={formRef}
      id="directory-search"
      role="search"
      aria-label="Search the directory"
      method="get"
      action={cityPath('/directory', city?.slug)}
      className="mt-8 grid gap-4 rounded-xl border border-border bg-background p-4 shadow-xs sm:grid-cols-2 lg:grid-cols-12"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className={cn('space-y-1.5 sm:col-span-2', cityChoice ? 'lg:col-span-4' : 'lg:col-span-6')}>
        <Label htmlFor="filter-q">Search</Label>
        {/* On a phone the Filters button goes under the box, which keeps the whole width for its placeholder. */}
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="relative flex-1">
            <Input
              id="filter-q"
              name="q"
              type="search"
              className="pl-9"
              placeholder="Name, @handle, niche or bio"
              maxLength={DIRECTORY.searchTextMax}
              value={q}
              onChange={(e) => setQ(e.target.value)}
            />
            {/* The form's submit button (after the box in tab order): with two text boxes, Enter sends a form only when it has one. */}
            <button
              type="submit"
              aria-label="Search"
              className="absolute top-1/2 left-1 flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Search className="size-4" aria-hidden />
            </button>
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
      {cityChoice && CITIES && (
        <Choice
          id="filter-city"
          name="city"
          label="City"
          value={cityChoice}
          options={[
            ...CITIES.list.map((c) => ({ value: c.slug, label: c.name })),
            { value: ALL_CITIES, label: 'All cities' },
          ]}
          onChange={onCity}
          className="sm:col-span-2 lg:col-span-2"
        />
      )}
      {LIST_FILTERS.filter((f) => f.key !== 'replies_within').map(choiceOf)}
      <div className={cn(foldable, 'space-y-1.5 lg:col-span-4')}>
        <Label htmlFor="filter-neighborhood">Neighborhood</Label>
        <Input
          id="filter-neighborhood"
          name="neighborhood"
          placeholder="e.g. Downtown"
          maxLength={DIRECTORY.searchTextMax}
          value={neighborhood}
          onChange={(e) => setNeighborhood(e.target.value)}
        />
      </div>
      {/* At lg these two open the last row, beside the handles box and "Sort by". */}
      {LIST_FILTERS.filter((f) => f.key === 'replies_within').map(choiceOf)}
      <Choice
        id="filter-min-local-share"
        name="min_local_share"
        label="Followers in the area"
        value={String(query.min_local_share ?? '')}
        options={MIN_LOCAL_SHARE}
        onChange={(v) => update('min_local_share', v)}
        className={cn(foldable, 'lg:col-span-3')}
      />
      {/* Every handle, not any (decision 0244): the filter vouches for every account a card shows. */}
      {/* Folded like the other filters: 'flex' after `foldable` would override its 'hidden'. */}
      {/* At lg the twelve columns close every row: the handles box fills what "Sort by" leaves (issue 25). */}
      <div
        className={cn(
          open ? 'flex' : 'hidden sm:flex',
          'flex-col justify-end gap-1 pb-2 sm:col-span-2',
          searching ? 'lg:col-span-3' : 'lg:col-span-6',
        )}
      >
        <label htmlFor="filter-handles" className="flex items-center gap-2 text-sm font-medium">
          <input
            id="filter-handles"
            name="handles"
            value="confirmed"
            type="checkbox"
            className="size-4 accent-primary"
            aria-describedby="filter-handles-hint"
            checked={query.handles === 'confirmed'}
            onChange={(e) => update('handles', e.target.checked ? 'confirmed' : '')}
          />
          Only creators with every handle confirmed
        </label>
        <p id="filter-handles-hint" className="pl-6 text-xs text-muted-foreground">
          A creator with a handle we have not confirmed yet, such as one added since our check, is left out until we
          confirm it.
        </p>
      </div>
      {searching && (
        <Choice
          id="filter-sort"
          name="sort"
          label="Sort by"
          value={query.sort ?? search.defaultSort}
          options={search.sorts.map((value) => ({ value, label: SORT_LABELS[value] }))}
          onChange={(v) => update('sort', v === search.defaultSort ? '' : v)}
          className="lg:col-span-3"
        />
      )}
    </form>
  );
}
