import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CheckCircle2, MailWarning, MessageCircleReply } from 'lucide-react';
import { MSG, REPLY_MSG } from '@local-creators/common';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { apiFetch, ApiRequestError } from '@/lib/api';

type State = { kind: 'ask' } | { kind: 'sending' } | { kind: 'done'; text: string; brand: string } | { kind: 'failed'; message: string };

/**
 * The relay mail's "I replied" link (/replied#token=…, decision 0710). Opening it records nothing:
 * mail scanners open links too. The creator's click on the button posts the token.
 */
export default function RepliedPage() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [state, setState] = useState<State>({ kind: 'ask' });
  useEffect(() => setToken(new URLSearchParams(window.location.hash.slice(1)).get('token')), []);

  async function record() {
    if (!token) return;
    setState({ kind: 'sending' });
    try {
      const res = await apiFetch<{ status: 'recorded' | 'already_recorded'; brand_name: string }>('/api/contact-replies', {
        method: 'POST',
        body: { token },
        auth: false,
      });
      setState({ kind: 'done', brand: res.brand_name, text: res.status === 'recorded' ? REPLY_MSG.recorded : REPLY_MSG.alreadyRecorded });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiRequestError ? error.message : MSG.somethingWrong });
    }
  }

  const invalid = token === null;
  return (
    <Page className="max-w-xl">
      <div role="status" aria-live="polite" className="text-center">
        {state.kind === 'done' ? (
          <CheckCircle2 className="mx-auto size-14 text-success" aria-hidden />
        ) : state.kind === 'failed' || invalid ? (
          <MailWarning className="mx-auto size-14 text-destructive" aria-hidden />
        ) : (
          <MessageCircleReply className="mx-auto size-14 text-primary" aria-hidden />
        )}
        <h1 className="mt-4 text-3xl font-bold">
          {state.kind === 'done'
            ? `Noted: you replied to ${state.brand}`
            : state.kind === 'failed' || invalid
              ? 'This link did not work'
              : 'Did you reply to this brand?'}
        </h1>
        <p className="mt-3 text-muted-foreground">
          {state.kind === 'done'
            ? state.text
            : state.kind === 'failed'
              ? state.message
              : invalid
                ? REPLY_MSG.linkInvalid
                : 'Tell us with one click. Your profile then shows brands how quickly you usually reply, once a few messages have been answered. Only that is shown: never your messages, who wrote or how many.'}
        </p>
      </div>
      {(state.kind === 'ask' || state.kind === 'sending') && !invalid && (
        <div className="mt-8 text-center">
          <Button size="lg" onClick={record} disabled={!token || state.kind === 'sending'}>
            Yes, I replied
          </Button>
        </div>
      )}
      <div className="mt-8 text-center">
        <Button asChild variant="outline">
          <Link to="/dashboard">Your messages on the dashboard</Link>
        </Button>
      </div>
    </Page>
  );
}
