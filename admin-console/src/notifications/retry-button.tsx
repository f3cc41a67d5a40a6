import { useState } from 'react';
import { Button } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import SendIcon from '@mui/icons-material/Send';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useRefresh } from 'react-admin';
import type { OutboxMessage } from '@local-creators/common';
import type { AppDataProvider } from '../data/data-provider';
import { ConfirmDialog, type ConfirmText } from '../shared/confirm-dialog';
import { useToast } from '../shared/toast';
import { errorMessage } from '../shared/toast-texts';

/** An admin action on one mail: calls the API, then says how it went and reloads the list. */
function useMailAction(
  call: (provider: AppDataProvider, id: string) => Promise<unknown>,
  texts: { done: { title: string; description: string }; failed: string },
) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => call(dataProvider, id),
    onSuccess: () => {
      toast({ type: 'success', ...texts.done });
      refresh();
    },
    onError: (error) => toast({ type: 'error', title: texts.failed, description: errorMessage(error) || undefined }),
  });
}

/** Sends an undelivered message (failed, or stuck waiting) again at once (POST /api/admin/notifications/:id/retry). */
export function RetryButton() {
  const record = useRecordContext<OutboxMessage>();
  const retry = useMailAction((provider, id) => provider.retryNotification(id), {
    done: { title: 'Queued again', description: 'The message will be sent within a few seconds.' },
    failed: 'Retry failed',
  });
  if (!record || record.status === 'sent') return null;
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<ReplayIcon />}
      disabled={retry.isPending}
      onClick={() => retry.mutate(record.id)}
    >
      Retry
    </Button>
  );
}

/** What the confirmation before a resend says: who gets the mail a second time. */
export const resendConfirmText = (m: Pick<OutboxMessage, 'subject' | 'recipients'>): ConfirmText => ({
  title: 'Send this mail again?',
  body: `"${m.subject ?? 'This mail'}" goes again to ${m.recipients.length ? m.recipients.join(', ') : 'its recipients'}. The first one stays in the list as sent.`,
  confirm: 'Resend',
});

/** Sends a delivered mail once more, after a confirmation (POST /api/admin/notifications/:id/resend; decision 0116). */
export function ResendButton() {
  const record = useRecordContext<OutboxMessage>();
  const [asking, setAsking] = useState<ConfirmText | null>(null);
  const resend = useMailAction((provider, id) => provider.resendNotification(id), {
    done: {
      title: 'Sent again',
      description: 'A new copy is at the top of the list and goes out within a few seconds.',
    },
    failed: 'Resend failed',
  });
  if (!record?.resendable) return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<SendIcon />}
        disabled={resend.isPending}
        onClick={() => setAsking(resendConfirmText(record))}
      >
        Resend
      </Button>
      <ConfirmDialog text={asking} onClose={() => setAsking(null)} onConfirm={() => resend.mutate(record.id)} />
    </>
  );
}
