import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { CALL_MSG, pageTitle } from '@local-creators/common';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiRequestError } from '@/lib/api';
import { useCityPath } from '@/lib/use-city';
import { LoadError } from '@/features/directory/components/creator-grid';
import { useCall } from './api/calls';
import { AnswerCall } from './answer-call';
import { CallFacts } from './call-facts';

/** /{city}/calls/{id} (issue 40): an approved call; a closed one says so (410, decision 0903). */
export default function CallPage() {
  const { id = '' } = useParams();
  const cityLink = useCityPath();
  const { data, error, isPending, refetch } = useCall(id);
  const notFound = error instanceof ApiRequestError && error.status === 404;
  const title = data
    ? 'closed' in data
      ? pageTitle(CALL_MSG.closed)
      : pageTitle(data.title)
    : notFound
      ? pageTitle(CALL_MSG.notFound)
      : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  const back = (
    <Link
      to={cityLink('/calls')}
      className="inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden /> Open calls
    </Link>
  );
  if (data && 'closed' in data)
    return (
      <Gone
        heading={CALL_MSG.closed}
        text="The business has found its creators or taken the call down."
        back={cityLink('/calls')}
      />
    );
  if (notFound)
    return <Gone heading={CALL_MSG.notFound} text="There is no such open call." back={cityLink('/calls')} />;
  if (error && !isPending)
    return (
      <Page>
        <LoadError what="This call" onRetry={() => void refetch()} />
      </Page>
    );
  if (!data)
    return (
      <Page className="max-w-3xl">
        <div aria-busy="true">
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="mt-4 h-40" />
        </div>
      </Page>
    );
  return (
    <Page className="max-w-3xl">
      {back}
      <header className="mt-4 space-y-1">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">Open call · {data.city_name}</p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{data.title}</h1>
        <p className="text-muted-foreground">{data.business_name}</p>
      </header>
      <Card className="mt-6">
        <CardContent className="p-6">
          <CallFacts call={data} cityName={data.city_name} offerText={data.offer_text} />
        </CardContent>
      </Card>
      <section className="mt-8">
        <h2 className="text-lg font-semibold">What the work is</h2>
        <p className="mt-2 whitespace-pre-line text-foreground/90">{data.description}</p>
      </section>
      <AnswerCall callId={data.id} businessName={data.business_name} />
    </Page>
  );
}

function Gone({ heading, text, back }: { heading: string; text: string; back: string }) {
  return (
    <Page className="flex flex-col items-center py-20 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
      <p className="mt-2 max-w-sm text-muted-foreground">{text}</p>
      <Button asChild className="mt-6">
        <Link to={back}>See open calls</Link>
      </Button>
    </Page>
  );
}
