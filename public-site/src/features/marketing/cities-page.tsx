import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, MapPin, Search, Sparkles } from 'lucide-react';
import { ALL_CITIES, DIRECTORY, formatCount, possessive, type PublicCity } from '@local-creators/common';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { apiFetch } from '@/lib/api';
import { cityPath } from '@/lib/site-config';

/** GET /api/directory/cities, keyed as the server draws the root (decision 0620). */
const useCities = () =>
  useQuery({ queryKey: ['cities'], queryFn: () => apiFetch<PublicCity[]>('/api/directory/cities', { auth: false }) });

const creatorsText = (n: number) => (n === 1 ? '1 verified creator' : `${formatCount(n)} verified creators`);

/**
 * `/` of an install of several cities (decision 0620): each city with its state, how many creators
 * it lists and a link to its pages; and a search across every city (the home city's directory
 * with `?city=all`, a plain GET form that works before the scripts run).
 */
export default function CitiesPage() {
  const { data, isPending, isError, refetch } = useCities();
  return (
    <>
      <section className="bg-gradient-to-b from-primary-soft to-background">
        <div className="mx-auto max-w-6xl px-4 pb-12 pt-16 text-center md:pt-20">
          <Badge variant="accent" className="mb-6 px-3 py-1 text-sm">
            <Sparkles aria-hidden /> 100% free for creators
          </Badge>
          <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight md:text-5xl">
            <span className="text-primary">Verified local creators</span>, city by city
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            Brands find real, human-verified creators from their own city and contact them directly. Pick your city, or
            search them all.
          </p>
          <form
            method="get"
            action={cityPath('/directory')}
            role="search"
            aria-label="Search every city"
            className="mx-auto mt-8 flex max-w-xl flex-col gap-2 text-left sm:flex-row sm:items-end"
          >
            <input type="hidden" name="city" value={ALL_CITIES} />
            <div className="flex-1 space-y-1.5">
              <Label htmlFor="cities-q">Search every city</Label>
              <Input
                id="cities-q"
                name="q"
                type="search"
                placeholder="Name, @handle, niche or bio"
                maxLength={DIRECTORY.searchTextMax}
              />
            </div>
            <Button type="submit">
              <Search aria-hidden /> Search
            </Button>
          </form>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 pb-20" aria-labelledby="cities-heading">
        <h2 id="cities-heading" className="text-2xl font-bold tracking-tight">
          Our cities
        </h2>
        {isError ? (
          <div className="mt-6 rounded-xl border border-border p-6 text-center">
            <p className="text-muted-foreground">The cities could not be loaded.</p>
            <Button variant="outline" className="mt-4" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={isPending}>
            {isPending
              ? [0, 1].map((i) => (
                  <li key={i}>
                    <Skeleton className="h-36 rounded-xl" />
                  </li>
                ))
              : data.map((c) => (
                  <li key={c.slug}>
                    <Link
                      to={`/${c.slug}`}
                      className="group flex h-full flex-col rounded-xl border border-border bg-background p-5 shadow-xs transition hover:-translate-y-0.5 hover:border-primary/30 hover:shadow-md"
                    >
                      <span className="flex items-center gap-2 text-xl font-bold tracking-tight">
                        <MapPin className="size-5 text-primary" aria-hidden />
                        {c.name}, {c.state}
                      </span>
                      <span className="mt-2 text-muted-foreground">{creatorsText(c.total_creators)}</span>
                      <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary">
                        Browse {possessive(c.name)} creators{' '}
                        <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden />
                      </span>
                    </Link>
                  </li>
                ))}
          </ul>
        )}
      </section>
    </>
  );
}
