import { Link } from 'react-router-dom';
import {
  CALL_NUMBER_HINTS,
  CALL_NUMBER_KEYS,
  CALL_NUMBER_LABELS,
  CALL_NUMBERS_TEXT,
  formatCount,
  type CallNumbers,
  type CallStatus,
  type OwnCall,
} from '@local-creators/common';
import { Page } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cityPath, CITIES } from '@/lib/site-config';
import { useCityPath } from '@/lib/use-city';
import { LoadError } from '@/features/directory/components/creator-grid';
import { useMyCalls } from './api/calls';
import { CallAnswersList } from './call-answers-list';
import { CallFacts } from './call-facts';

const STATUS: Record<CallStatus, string> = {
  pending: 'Waiting for review',
  approved: 'Open',
  declined: 'Declined',
  closed: 'Closed',
};
const cityName = (slug: string) => CITIES?.list.find((c) => c.slug === slug)?.name ?? '';

/** /calls/mine (issue 40): the business's calls, each with its review and a declined one's reason. */
export default function MyCallsPage() {
  const { data, error, isPending, refetch } = useMyCalls();
  // The city the visitor last opened (decision 0654), else the home city.
  const cityLink = useCityPath();
  return (
    <Page className="max-w-3xl">
      <div className="flex items-end justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">My calls</h1>
        <Button asChild variant="outline">
          <Link to={cityLink('/calls/new')}>Post a call</Link>
        </Button>
      </div>
      <div className="mt-6 space-y-4">
        {data ? (
          data.length === 0 ? (
            <p className="text-muted-foreground">You have not posted a call yet.</p>
          ) : (
            data.map((call) => <MyCall key={call.id} call={call} />)
          )
        ) : error && !isPending ? (
          <LoadError what="Your calls" onRetry={() => void refetch()} />
        ) : (
          <Skeleton className="h-40" />
        )}
      </div>
    </Page>
  );
}

function MyCall({ call }: { call: OwnCall }) {
  return (
    <Card data-testid="my-call">
      <CardContent className="space-y-3 p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-lg font-semibold">
            {call.status === 'approved' ? (
              <Link to={cityPath(`/calls/${call.id}`, call.city_slug)} className="hover:underline">
                {call.title}
              </Link>
            ) : (
              call.title
            )}
          </h2>
          <Badge variant={call.status === 'approved' ? 'default' : 'secondary'}>{STATUS[call.status]}</Badge>
        </div>
        {call.status === 'declined' && call.decline_reason && (
          <p className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm">
            <span className="font-medium">Why it was declined:</span> {call.decline_reason}
          </p>
        )}
        <CallFacts call={call} cityName={cityName(call.city_slug) || 'the city'} offerText={call.offer_text} />
        {call.approved_at && <CallNumbersRow numbers={call.numbers} />}
        {(call.status === 'approved' || (call.status === 'closed' && call.approved_at)) && (
          <CallAnswersList call={call} />
        )}
      </CardContent>
    </Card>
  );
}

/** The call's numbers so far (decision 0921): views of people, creators mailed, answers, picks; each explained on hover and to screen readers. */
function CallNumbersRow({ numbers }: { numbers: CallNumbers }) {
  return (
    <section aria-label={CALL_NUMBERS_TEXT.heading}>
      <dl
        className="grid grid-cols-2 gap-3 rounded-lg border border-border bg-muted/30 p-3 sm:grid-cols-4"
        data-testid="my-call-numbers"
      >
        {CALL_NUMBER_KEYS.map((key) => (
          <div key={key} title={CALL_NUMBER_HINTS[key]}>
            <dt className="text-xs text-muted-foreground">
              {CALL_NUMBER_LABELS[key]}
              <span className="sr-only">: {CALL_NUMBER_HINTS[key]}</span>
            </dt>
            <dd className="text-lg font-semibold tabular-nums">{formatCount(numbers[key])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
