import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { MailWarning } from 'lucide-react';
import { MSG, type AuthUser } from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { apiFetch, errorMessage } from '@/lib/api';

/**
 * Shown until the account's address is proven by the mailed link (decision 0508): says so, and
 * sends the link again. Asks the server, not the stored session, so a link opened in another
 * browser counts at once.
 */
export function EmailConfirmationCard({ userId }: { userId: string }) {
  const { data: user } = useQuery({
    queryKey: ['me', 'user', userId],
    queryFn: () => apiFetch<AuthUser>('/api/auth/user'),
  });
  const resend = useMutation({
    mutationFn: () =>
      apiFetch<{ status: 'sent' | 'already_confirmed' }>('/api/auth/confirm-email/resend', { method: 'POST' }),
    onSuccess: (res) =>
      res.status === 'sent'
        ? toast.success(MSG.emailConfirmResent(user?.email ?? ''))
        : toast.success(MSG.emailAlreadyConfirmed),
    onError: (error) =>
      toast.error(MSG.emailConfirmResendFailed, { description: errorMessage(error, MSG.somethingWrong) }),
  });
  if (!user || user.email_confirmed_at) return null;
  return (
    <section aria-labelledby="email-confirm-title" className="rounded-xl border border-warning/40 bg-warning/10 p-6">
      <h2 id="email-confirm-title" className="flex items-center gap-2 text-lg font-semibold">
        <MailWarning className="size-5 text-warning" aria-hidden /> {MSG.emailUnconfirmedTitle}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{MSG.emailUnconfirmedBody(user.email)}</p>
      <Button className="mt-4" variant="outline" onClick={() => resend.mutate()} disabled={resend.isPending}>
        {resend.isPending ? 'Sending...' : MSG.emailConfirmResend}
      </Button>
    </section>
  );
}
