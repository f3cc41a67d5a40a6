import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { ArrowLeft, ArrowRight, BarChart3, MapPin, Sparkles, Store, TrendingUp, Users } from 'lucide-react';
import {
  areaDirectoryHref,
  areaHeading,
  areaSlug,
  areaTitle,
  formatCount,
  initials,
  pageTitle,
  type AreaKind,
  type AreaPageResponse,
} from '@local-creators/common';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiRequestError } from '@/lib/api';
import { CITY, withoutCitySlug } from '@/lib/site-config';
import { useCityPath, usePageCity } from '@/lib/use-city';
import { CreatorGrid, CreatorGridSkeleton, LoadError } from '@/features/directory/components/creator-grid';
import { useArea, useFeaturedBusinesses } from './api/get-area';

const container = 'mx-auto w-full max-w-6xl px-4 py-6 sm:py-10';
const NOT_FOUND = { niche: 'Niche not found', neighborhood: 'Neighborhood not found' } as const;

/** /niche/:slug and /neighborhood/:slug (issue 26 point 3, decision 0640): drawn by the server from the same answer. */
export default function AreaPage() {
  const { slug = '' } = useParams();
  const kind: AreaKind = withoutCitySlug(useLocation().pathname).startsWith('/neighborhood/')
    ? 'neighborhood'
    : 'niche';
  const city = usePageCity()?.slug ?? null;
  const cityLink = useCityPath();
  const { data, isPending, error, refetch } = useArea(kind, slug, city);
  const notFound = error instanceof ApiRequestError && error.status === 404;
  const title = data ? areaTitle(data, data.city_name ?? CITY) : notFound ? pageTitle(NOT_FOUND[kind]) : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  if (data) return <Area page={data} />;
  if (notFound) {
    return (
      <div className={`${container} flex flex-col items-center py-20 text-center`}>
        <h1 className="text-2xl font-bold tracking-tight">{NOT_FOUND[kind]}</h1>
        <p className="mt-2 max-w-sm text-muted-foreground">
          There is no such {kind === 'niche' ? 'niche' : 'neighborhood'} in the directory.
        </p>
        <Button asChild className="mt-6">
          <Link to={cityLink('/directory')}>Browse the directory</Link>
        </Button>
      </div>
    );
  }
  if (error && !isPending) {
    return (
      <div className={container}>
        <LoadError what="This page" onRetry={() => void refetch()} />
      </div>
    );
  }
  return (
    <div className={container} aria-busy="true">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="mt-3 h-5 w-1/3" />
      <div className="mt-10">
        <CreatorGridSkeleton count={3} />
      </div>
    </div>
  );
}

function Area({ page }: { page: AreaPageResponse }) {
  const cityLink = useCityPath();
  const n = page.total_creators;
  return (
    <div className={container}>
      <Link
        to={cityLink('/directory')}
        className="inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Directory
      </Link>
      <header className="mt-4 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="max-w-2xl space-y-2">
          <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary">
            {page.kind === 'niche' ? (
              <Sparkles className="size-4" aria-hidden />
            ) : (
              <MapPin className="size-4" aria-hidden />
            )}
            {page.kind === 'niche' ? 'Niche' : 'Neighborhood'}
          </p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{areaHeading(page, page.city_name ?? CITY)}</h1>
          <p className="text-muted-foreground">
            <span className="font-semibold text-foreground tabular-nums">{formatCount(n)}</span> verified{' '}
            {n === 1 ? 'creator' : 'creators'}, each checked by a human.
          </p>
        </div>
        {n > 0 && (
          <Button asChild variant="outline">
            <Link to={cityLink(areaDirectoryHref(page))}>
              See all {formatCount(n)} in the directory <ArrowRight aria-hidden />
            </Link>
          </Button>
        )}
      </header>

      {n === 0 ? (
        <div className="mt-10 rounded-xl border border-dashed border-border p-12 text-center">
          <p className="font-medium">No verified creators here yet.</p>
          <p className="mt-1 text-sm text-muted-foreground">New creators are verified every week. Check back soon.</p>
        </div>
      ) : (
        <>
          <FollowerSpread page={page} />
          <section aria-labelledby="area-newest" className="mt-12">
            <h2 id="area-newest" className="mb-4 flex items-center gap-2 text-xl font-bold tracking-tight">
              <Sparkles className="size-5 text-primary" aria-hidden /> Newest
            </h2>
            <CreatorGrid creators={page.newest} from={page.kind === 'niche' ? 'niche' : 'neighbourhood'} />
          </section>
          <section aria-labelledby="area-most-followed" className="mt-12">
            <h2 id="area-most-followed" className="mb-4 flex items-center gap-2 text-xl font-bold tracking-tight">
              <TrendingUp className="size-5 text-primary" aria-hidden /> Most followed
            </h2>
            <CreatorGrid creators={page.most_followed} from={page.kind === 'niche' ? 'niche' : 'neighbourhood'} />
          </section>
        </>
      )}
      {page.kind === 'neighborhood' ? <NeighborhoodBusinesses name={page.name} slug={page.slug} /> : <BusinessesLink />}
    </div>
  );
}

/** How many creators have how many followers: one bar per bucket, its number written beside it. */
function FollowerSpread({ page }: { page: AreaPageResponse }) {
  const most = Math.max(1, ...page.follower_spread.map((b) => b.count));
  return (
    <section
      aria-labelledby="area-spread"
      className="mt-10 rounded-xl border border-border bg-background p-5 shadow-xs"
    >
      <h2 id="area-spread" className="flex items-center gap-2 text-lg font-bold tracking-tight">
        <BarChart3 className="size-5 text-primary" aria-hidden /> Follower spread
      </h2>
      <p className="text-sm text-muted-foreground">Total followers across their platforms.</p>
      <ul className="mt-4 space-y-3">
        {page.follower_spread.map((b) => (
          <li
            key={b.label}
            className="grid grid-cols-[5.5rem_1fr_auto] items-center gap-3 text-sm sm:grid-cols-[7rem_1fr_7rem]"
          >
            <span className="font-medium">{b.label}</span>
            <span className="h-3 rounded-full bg-muted" aria-hidden>
              <span className="block h-3 rounded-full bg-primary" style={{ width: `${(b.count / most) * 100}%` }} />
            </span>
            <span className="tabular-nums text-muted-foreground">
              {formatCount(b.count)} {b.count === 1 ? 'creator' : 'creators'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The featured businesses that said they are in this neighbourhood (same spelling up to case and spaces). */
function NeighborhoodBusinesses({ name, slug }: { name: string; slug: string }) {
  const cityLink = useCityPath();
  const { data, isPending } = useFeaturedBusinesses(usePageCity()?.slug ?? null);
  const here = (data ?? []).filter((b) => b.neighborhood && areaSlug(b.neighborhood) === slug);
  return (
    <section aria-labelledby="area-businesses" className="mt-12">
      <h2 id="area-businesses" className="mb-4 flex items-center gap-2 text-xl font-bold tracking-tight">
        <Store className="size-5 text-primary" aria-hidden /> Featured businesses in {name}
      </h2>
      {isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : here.length === 0 ? (
        <p className="text-muted-foreground">
          No featured businesses in {name} yet.{' '}
          <Link to={cityLink('/amplify')} className="font-medium text-primary underline-offset-4 hover:underline">
            Own a business here? Apply to be featured.
          </Link>
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {here.map((b) => (
            <li key={b.id}>
              <article
                aria-label={b.business_name}
                className="flex h-full flex-col rounded-xl border border-border p-5 shadow-xs"
              >
                <div className="flex items-center gap-3">
                  <Avatar className="rounded-lg">
                    {b.logo_url && <AvatarImage src={b.logo_url} alt={`Logo of ${b.business_name}`} loading="lazy" />}
                    <AvatarFallback>{initials(b.business_name)}</AvatarFallback>
                  </Avatar>
                  <div>
                    <h3 className="font-semibold">{b.business_name}</h3>
                    <Badge variant="secondary">{b.category}</Badge>
                  </div>
                </div>
                <p className="mt-3 line-clamp-3 text-sm">{b.description}</p>
                <Link
                  to={cityLink('/amplify/featured')}
                  className="mt-auto pt-4 text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  Request an introduction<span className="sr-only"> to {b.business_name}</span>
                </Link>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A niche page: businesses say a category and a neighbourhood, not a niche, so it points to all of them (decision 0640). */
function BusinessesLink() {
  const cityLink = useCityPath();
  const here = usePageCity();
  return (
    <section aria-labelledby="area-businesses" className="mt-12 rounded-xl border border-border p-5">
      <h2 id="area-businesses" className="flex items-center gap-2 text-lg font-bold tracking-tight">
        <Users className="size-5 text-primary" aria-hidden /> Local businesses looking for creators
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {here?.name ?? CITY} businesses that want to work with local creators.
      </p>
      <Button asChild variant="outline" size="sm" className="mt-3">
        <Link to={cityLink('/amplify/featured')}>
          See featured businesses <ArrowRight aria-hidden />
        </Link>
      </Button>
    </section>
  );
}
