import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CheckCircle2, MailWarning } from 'lucide-react';
import { MSG, type InterestConfirmation } from '@local-creators/common';
import { Page, PageLoading } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { apiFetch, ApiRequestError } from '@/lib/api';
import { useCityPath } from '@/lib/use-city';

type Outcome =
  { kind: 'sent'; business: string } | { kind: 'used'; message: string } | { kind: 'failed'; message: string };

/**
 * One request per token for the page's lifetime: the link works once, so a second mount
 * (React's strict mode, a re-render) must not spend it again and then report "already used".
 */
const attempts = new Map<string, Promise<Outcome>>();

function confirmOnce(token: string): Promise<Outcome> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = apiFetch<InterestConfirmation>('/api/amplify/interest/confirm', {
      method: 'POST',
      body: { token },
      auth: false,
    }).then(
      (res): Outcome => ({ kind: 'sent', business: res.business_name }),
      (error): Outcome => {
        const message = error instanceof ApiRequestError ? error.message : MSG.somethingWrong;
        return error instanceof ApiRequestError && error.status === 409
          ? { kind: 'used', message }
          : { kind: 'failed', message };
      },
    );
    attempts.set(token, attempt);
  }
  return attempt;
}

/** The page the confirmation mail links to: opening it passes the introduction request on to the business. */
export default function ConfirmIntroductionPage() {
  const cityLink = useCityPath();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome | null>(
    token ? null : { kind: 'failed', message: MSG.interestLinkInvalid },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    void confirmOnce(token).then((o) => live && setOutcome(o));
    return () => {
      live = false;
    };
  }, [token]);

  if (!outcome) {
    return (
      <Page className="max-w-xl text-center">
        <p className="text-muted-foreground">{MSG.interestConfirming}</p>
        <PageLoading />
      </Page>
    );
  }
  const ok = outcome.kind !== 'failed';
  return (
    <Page className="max-w-xl text-center">
      <div role="status" aria-live="polite">
        {ok ? (
          <CheckCircle2 className="mx-auto size-14 text-success" aria-hidden />
        ) : (
          <MailWarning className="mx-auto size-14 text-destructive" aria-hidden />
        )}
        <h1 className="mt-4 text-3xl font-bold">
          {outcome.kind === 'sent'
            ? MSG.interestConfirmed
            : outcome.kind === 'used'
              ? MSG.interestAlreadyConfirmed
              : MSG.interestConfirmFailed}
        </h1>
        <p className="mt-3 text-muted-foreground">
          {outcome.kind === 'sent' ? MSG.interestConfirmedDetail(outcome.business) : outcome.message}
        </p>
      </div>
      <Button asChild variant="outline" className="mt-8">
        <Link to={cityLink('/amplify/featured')}>See featured businesses</Link>
      </Button>
    </Page>
  );
}
