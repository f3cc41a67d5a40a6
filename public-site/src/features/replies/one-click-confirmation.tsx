import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CheckCircle2, MailWarning, MessageCircleReply } from 'lucide-react';
import { MSG } from '@local-creators/common';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api';

type State =
  | { kind: 'ask' }
  | { kind: 'sending' }
  | { kind: 'done'; title: string; text: string }
  | { kind: 'failed'; message: string };

/**
 * A mailed link's page that records one fact with one click (/replied, /they-replied: decisions
 * 0710, 0841). Opening it records nothing, as mail scanners open links too: the person's click on
 * the button posts the link's token (from the address's #token=…), and `record` says what was
 * recorded.
 */
export function OneClickConfirmation(props: {
  question: string;
  explanation: string;
  button: string;
  invalidLink: string;
  /** Posts the token; the title and text of the page once it is recorded. */
  record: (token: string) => Promise<{ title: string; text: string }>;
  back: { to: string; label: string };
}) {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [state, setState] = useState<State>({ kind: 'ask' });
  useEffect(() => setToken(new URLSearchParams(window.location.hash.slice(1)).get('token')), []);

  async function record() {
    if (!token) return;
    setState({ kind: 'sending' });
    try {
      setState({ kind: 'done', ...(await props.record(token)) });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiRequestError ? error.message : MSG.somethingWrong });
    }
  }

  const invalid = token === null;
  const failed = state.kind === 'failed' || invalid;
  return (
    <Page className="max-w-xl">
      <div role="status" aria-live="polite" className="text-center">
        {state.kind === 'done' ? (
          <CheckCircle2 className="mx-auto size-14 text-success" aria-hidden />
        ) : failed ? (
          <MailWarning className="mx-auto size-14 text-destructive" aria-hidden />
        ) : (
          <MessageCircleReply className="mx-auto size-14 text-primary" aria-hidden />
        )}
        <h1 className="mt-4 text-3xl font-bold">
          {state.kind === 'done' ? state.title : failed ? 'This link did not work' : props.question}
        </h1>
        <p className="mt-3 text-muted-foreground">
          {state.kind === 'done'
            ? state.text
            : state.kind === 'failed'
              ? state.message
              : invalid
                ? props.invalidLink
                : props.explanation}
        </p>
      </div>
      {(state.kind === 'ask' || state.kind === 'sending') && !invalid && (
        <div className="mt-8 text-center">
          <Button size="lg" onClick={record} disabled={!token || state.kind === 'sending'}>
            {props.button}
          </Button>
        </div>
      )}
      <div className="mt-8 text-center">
        <Button asChild variant="outline">
          <Link to={props.back.to}>{props.back.label}</Link>
        </Button>
      </div>
    </Page>
  );
}
