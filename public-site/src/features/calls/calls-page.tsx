import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Megaphone } from 'lucide-react';
import { pageTitle } from '@local-creators/common';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { CITY } from '@/lib/site-config';
import { useCityPath, usePageCity } from '@/lib/use-city';
import { LoadError } from '@/features/directory/components/creator-grid';
import { useCalls } from './api/calls';
import { CallFacts } from './call-facts';

/** /{city}/calls (issue 40): the city's approved calls, drawn by the server from the same answer. */
export default function CallsPage() {
  const city = usePageCity()?.slug ?? null;
  const cityLink = useCityPath();
  const { data, error, isPending, refetch } = useCalls(city);
  const cityName = data?.city_name ?? CITY;
  useEffect(() => {
    if (data) document.title = pageTitle(`Open calls in ${data.city_name}`);
  }, [data]);

  return (
    <Page>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl space-y-2">
          <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-primary">
            <Megaphone className="size-4" aria-hidden /> Open calls
          </p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Open calls in {cityName}</h1>
          <p className="text-muted-foreground">
            Local businesses looking for creators now: what they need, the dates and what they offer.
          </p>
        </div>
        <Button asChild>
          <Link to={cityLink('/calls/new')}>Post a call</Link>
        </Button>
      </div>
      <div className="mt-8">
        {data ? (
          data.calls.length === 0 ? (
            <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
              No open calls in {data.city_name} right now.
            </p>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2" aria-label="Open calls">
              {data.calls.map((call) => (
                <li key={call.id}>
                  <Card className="h-full">
                    <CardContent className="space-y-3 p-5">
                      <div>
                        <h2 className="text-lg font-semibold leading-snug">
                          <Link to={cityLink(`/calls/${call.id}`)} className="hover:underline">
                            {call.title}
                          </Link>
                        </h2>
                        <p className="text-sm text-muted-foreground">{call.business_name}</p>
                      </div>
                      <CallFacts call={call} cityName={call.city_name} offerText={call.offer_text} />
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          )
        ) : error && !isPending ? (
          <LoadError what="The calls" onRetry={() => void refetch()} />
        ) : (
          <div className="grid gap-4 md:grid-cols-2" aria-busy="true">
            <Skeleton className="h-48" />
            <Skeleton className="h-48" />
          </div>
        )}
      </div>
    </Page>
  );
}
