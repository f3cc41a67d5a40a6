import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CheckCircle2, MailWarning } from 'lucide-react';
import { MSG, SHORTLIST_MSG, type ShortlistDelivery } from '@local-creators/common';
import { Page, PageLoading } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { apiFetch, ApiRequestError } from '@/lib/api';

type Outcome = { kind: 'sent'; deliveries: ShortlistDelivery[] } | { kind: 'used' | 'failed'; message: string };

/** One request per token for the page's lifetime: the link works once (a second mount must not spend it again). */
const attempts = new Map<string, Promise<Outcome>>();
function confirmOnce(token: string): Promise<Outcome> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = apiFetch<{ deliveries: ShortlistDelivery[] }>('/api/shortlists/messages/confirm', {
      method: 'POST',
      body: { token },
      auth: false,
    }).then(
      (res): Outcome => ({ kind: 'sent', deliveries: res.deliveries }),
      (error): Outcome => {
        const message = error instanceof ApiRequestError ? error.message : MSG.somethingWrong;
        return { kind: error instanceof ApiRequestError && error.status === 409 ? 'used' : 'failed', message };
      },
    );
    attempts.set(token, attempt);
  }
  return attempt;
}

/** The page the brand's confirmation mail links to (#token=…): opening it sends the message to each creator on the list. */
export default function ConfirmShortlistMessagePage() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    if (!token) return setOutcome({ kind: 'failed', message: SHORTLIST_MSG.linkInvalid });
    let live = true;
    void confirmOnce(token).then((o) => live && setOutcome(o));
    return () => {
      live = false;
    };
  }, []);
  if (!outcome) return <PageLoading />;
  const sent = outcome.kind === 'sent' ? outcome.deliveries.filter((d) => d.status === 'sent') : [];
  return (
    <Page className="max-w-xl">
      <div role="status" aria-live="polite" className="text-center">
        {outcome.kind === 'failed' ? (
          <MailWarning className="mx-auto size-14 text-destructive" aria-hidden />
        ) : (
          <CheckCircle2 className="mx-auto size-14 text-success" aria-hidden />
        )}
        <h1 className="mt-4 text-3xl font-bold">
          {outcome.kind === 'sent'
            ? `Sent to ${sent.length} ${sent.length === 1 ? 'creator' : 'creators'}`
            : outcome.kind === 'used'
              ? 'Already confirmed'
              : 'Your message was not sent'}
        </h1>
        <p className="mt-3 text-muted-foreground">
          {outcome.kind === 'sent'
            ? 'Each creator got a separate e-mail and will reply to you directly.'
            : outcome.message}
        </p>
      </div>
      {outcome.kind === 'sent' && (
        <ul className="mt-6 divide-y divide-border rounded-xl border border-border" aria-label="Who got your message">
          {outcome.deliveries.map((d) => (
            <li key={d.profile_id} className="p-3 text-sm">
              <span className="font-medium">{d.name}</span>:{' '}
              {d.status === 'sent' ? 'sent' : `not sent. ${d.reason ?? ''}`}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-8 text-center">
        <Button asChild variant="outline">
          <Link to="/shortlist">Back to your shortlist</Link>
        </Button>
      </div>
    </Page>
  );
}
