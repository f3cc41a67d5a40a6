import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { CheckCircle2, MailWarning } from 'lucide-react';
import { MSG, type AuthUser } from '@local-creators/common';
import { Page, PageLoading } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { apiFetch, ApiRequestError } from '@/lib/api';
import { sessionClient } from '@/lib/session';

type Outcome = { kind: 'confirmed' | 'already'; email: string } | { kind: 'failed'; message: string };

/** One request per token for the page's lifetime (a second mount must not ask again). */
const attempts = new Map<string, Promise<Outcome>>();

function confirmOnce(token: string): Promise<Outcome> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = apiFetch<{ status: 'confirmed' | 'already_confirmed'; email: string }>('/api/auth/confirm-email', {
      method: 'POST',
      body: { token },
      auth: false,
    }).then(
      (res): Outcome => ({ kind: res.status === 'confirmed' ? 'confirmed' : 'already', email: res.email }),
      (error): Outcome => ({
        kind: 'failed',
        message: error instanceof ApiRequestError ? error.message : MSG.somethingWrong,
      }),
    );
    attempts.set(token, attempt);
  }
  return attempt;
}

/** A session kept in this browser learns the news too (USER_UPDATED), so the pages stop asking. */
async function refreshStoredUser() {
  const session = sessionClient.current;
  if (!session) return;
  try {
    const user = await apiFetch<AuthUser>('/api/auth/user');
    if (sessionClient.current?.user.id === user.id)
      sessionClient.set({ ...sessionClient.current, user }, 'USER_UPDATED');
  } catch {
    // another account's link, or a session that ended: nothing to update
  }
}

/** After confirming, the spec's sign-up redirect target: the application (which asks to sign in if needed). */
const NEXT = '/apply';

/**
 * Where the sign-up mail's link lands (decision 0508): the token is in the fragment, so it never
 * reaches a server log. Opening the page confirms the address, then goes on to /apply.
 */
export default function ConfirmEmailPage() {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
    if (!token) {
      setOutcome({ kind: 'failed', message: MSG.emailConfirmInvalid });
      return;
    }
    let live = true;
    void confirmOnce(token).then((o) => {
      if (!live) return;
      setOutcome(o);
      if (o.kind === 'failed') return;
      toast.success(o.kind === 'confirmed' ? MSG.emailConfirmed : MSG.emailAlreadyConfirmed);
      void refreshStoredUser().then(() => live && navigate(NEXT, { replace: true }));
    });
    return () => {
      live = false;
    };
  }, [navigate]);

  if (!outcome || outcome.kind !== 'failed') {
    return (
      <Page className="max-w-xl text-center">
        {outcome ? (
          <div role="status" aria-live="polite">
            <CheckCircle2 className="mx-auto size-14 text-success" aria-hidden />
            <h1 className="mt-4 text-3xl font-bold">{MSG.emailConfirmed}</h1>
            <p className="mt-3 text-muted-foreground">{MSG.emailConfirmedDetail(outcome.email)}</p>
          </div>
        ) : (
          <>
            <p className="text-muted-foreground">{MSG.emailConfirming}</p>
            <PageLoading />
          </>
        )}
      </Page>
    );
  }
  return (
    <Page className="max-w-xl text-center">
      <div role="status" aria-live="polite">
        <MailWarning className="mx-auto size-14 text-destructive" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold">{MSG.emailConfirmFailed}</h1>
        <p className="mt-3 text-muted-foreground">{outcome.message}</p>
      </div>
      <Button asChild variant="outline" className="mt-8">
        <Link to="/dashboard">Go to your dashboard</Link>
      </Button>
    </Page>
  );
}
