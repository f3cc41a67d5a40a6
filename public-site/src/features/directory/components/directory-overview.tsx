import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ArrowRight, BadgeCheck, LayoutGrid, Megaphone, Sparkles } from 'lucide-react';
import { DIRECTORY, formatCount, MSG, nichePath, possessive, type DirectoryResponse } from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDirectory } from '../api/get-directory';
import { CreatorGrid, CreatorGridSkeleton, FeaturedNote, LoadError } from './creator-grid';
import { CITY } from '@/lib/site-config';
import { useCityPath } from '@/lib/use-city';

/** The directory's Featured (spec 5): the first cards of a list, whatever their reach. */
const FEATURED_NOTE = {
  recent: `Featured: the ${DIRECTORY.recentFeaturedCount} newest creators, shown first.`,
  niche: 'Featured: the newest creator in each niche, shown first.',
};

const nicheAnchor = (niche: string) => `niche-${niche.toLowerCase()}`;

/** /directory's heading: what the directory is, and its counts. */
export function OverviewHeader() {
  const { data, isPending } = useDirectory();
  return (
    <header className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
      <div className="max-w-2xl space-y-3">
        <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary">
          <BadgeCheck className="size-4" aria-hidden /> Every creator checked by a human
        </p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{possessive(CITY)} verified local creators</h1>
        <p className="text-muted-foreground">
          Browse for free and reach creators directly. No account, no agency, no middlemen.
        </p>
      </div>
      <dl className="grid shrink-0 grid-cols-2 gap-3" aria-busy={isPending}>
        <Stat label="Verified creators" value={data?.total_creators} />
        <Stat label="Niches" value={data?.total_niches} />
      </dl>
    </header>
  );
}

/** Below the search: the business banner and the two tabs. The tab lives in ?tab= so "back" returns to it. */
export function OverviewBody() {
  const cityLink = useCityPath();
  const { data, isPending, isError, refetch } = useDirectory();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'niche' ? 'niche' : 'recent';

  function onTab(value: string) {
    const next = new URLSearchParams(params);
    if (value === 'niche') next.set('tab', 'niche');
    else next.delete('tab');
    setParams(next, { replace: true });
  }

  return (
    <>
      <Link
        to={cityLink('/amplify')}
        className="group mt-8 flex flex-col gap-3 rounded-xl border border-primary/20 bg-gradient-to-r from-primary/10 via-primary/5 to-transparent p-4 transition hover:border-primary/40 sm:flex-row sm:items-center sm:p-5"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <Megaphone className="size-5" aria-hidden />
        </span>
        <span className="flex-1 text-sm">
          <span className="block font-semibold text-foreground">Own a local business?</span>
          <span className="text-muted-foreground">
            Apply to be featured and let {CITY} creators come to you. It's free.
          </span>
        </span>
        <span className="inline-flex items-center gap-1 text-sm font-semibold text-primary">
          Get featured <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden />
        </span>
      </Link>

      <Tabs value={tab} onValueChange={onTab} className="mt-10">
        <TabsList aria-label="Directory views">
          <TabLink value="recent">
            <Sparkles aria-hidden /> Recently Added
          </TabLink>
          <TabLink value="niche">
            <LayoutGrid aria-hidden /> By Niche
          </TabLink>
        </TabsList>

        {isError && <LoadError what="The directory" onRetry={() => void refetch()} />}

        <TabsContent value="recent" className="mt-6">
          <h2 className="sr-only">Recently added creators</h2>
          {isPending ? (
            <CreatorGridSkeleton count={8} />
          ) : data && data.recent.length === 0 ? (
            <EmptyState />
          ) : data ? (
            <CreatorGrid
              creators={data.recent.slice(0, DIRECTORY.recentCount)}
              isFeatured={(i) => i < DIRECTORY.recentFeaturedCount}
              featuredNote={FEATURED_NOTE.recent}
            />
          ) : null}
        </TabsContent>

        <TabsContent value="niche" className="mt-6">
          {isPending ? (
            <CreatorGridSkeleton count={4} />
          ) : data && data.niches.length === 0 ? (
            <EmptyState />
          ) : data ? (
            <>
              <FeaturedNote>{FEATURED_NOTE.niche}</FeaturedNote>
              <NicheGroups groups={data.niches} />
            </>
          ) : null}
        </TabsContent>
      </Tabs>
    </>
  );
}

/** Where each tab lives: the server draws /directory in that tab, so a link followed before the scripts run lands on it. */
const TAB_HREF = { recent: '/directory', niche: '/directory?tab=niche' } as const;

/**
 * A tab that is also a real link (decision 0251): clicked before the page's scripts run, the
 * browser opens the tab's address and the server draws it; once they run, the tabs switch in place
 * as before (the link is not followed, unless opened in a new tab).
 */
function TabLink({ value, children }: { value: keyof typeof TAB_HREF; children: ReactNode }) {
  return (
    <TabsTrigger value={value} asChild>
      <a
        href={TAB_HREF[value]}
        type={undefined}
        onClick={(e) => {
          if (e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey) e.preventDefault();
        }}
      >
        {children}
      </a>
    </TabsTrigger>
  );
}

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="min-w-32 rounded-xl border border-border bg-background px-4 py-3 shadow-xs">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">
        {value === undefined ? <Skeleton className="mt-1 h-7 w-12" /> : formatCount(value)}
      </dd>
    </div>
  );
}

function EmptyState() {
  return (
    <div className="rounded-xl border border-dashed border-border p-12 text-center">
      <p className="font-medium">{MSG.noCreatorsFound}</p>
      <p className="mt-1 text-sm text-muted-foreground">New creators are verified every week. Check back soon.</p>
    </div>
  );
}

function NicheGroups({ groups }: { groups: DirectoryResponse['niches'] }) {
  const cityLink = useCityPath();
  return (
    <div className="space-y-12">
      <nav aria-label="Jump to a niche" className="-mx-1 flex flex-wrap gap-2">
        {groups.map((g) => (
          <a
            key={g.niche}
            href={`#${nicheAnchor(g.niche)}`}
            className="rounded-full border border-border bg-background px-3 py-1 text-sm font-medium text-muted-foreground transition hover:border-primary/40 hover:text-foreground"
          >
            {g.niche} <span className="tabular-nums text-xs">({g.total})</span>
          </a>
        ))}
      </nav>
      {groups.map((g) => (
        <section
          key={g.niche}
          id={nicheAnchor(g.niche)}
          aria-labelledby={`${nicheAnchor(g.niche)}-title`}
          className="scroll-mt-24"
        >
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3 border-b border-border pb-3">
            <div>
              <h2 id={`${nicheAnchor(g.niche)}-title`} className="text-xl font-bold tracking-tight">
                {g.niche}
              </h2>
              <p className="text-sm text-muted-foreground">
                {g.total} verified {g.total === 1 ? 'creator' : 'creators'}
              </p>
            </div>
            <span className="flex flex-wrap gap-2">
              <Button asChild variant="ghost" size="sm">
                <Link to={cityLink(nichePath(g.niche))}>
                  About {g.niche} creators<span className="sr-only"> in {CITY}</span>
                </Link>
              </Button>
              <Button asChild variant="outline" size="sm">
                <Link to={cityLink(`/directory?niche=${encodeURIComponent(g.niche)}`)}>
                  View all {g.total} creators <ArrowRight aria-hidden />
                </Link>
              </Button>
            </span>
          </div>
          <CreatorGrid creators={g.creators.slice(0, DIRECTORY.nicheGroupSize)} isFeatured={(i) => i === 0} />
        </section>
      ))}
    </div>
  );
}
