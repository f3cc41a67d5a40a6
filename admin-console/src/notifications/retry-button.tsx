import { Button } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useRefresh } from 'react-admin';
import type { OutboxMessage } from '@local-creators/common';
import type { AppDataProvider } from '../data/data-provider';
import { useToast } from '../shared/toast';
import { errorMessage } from '../shared/toast-texts';

/** Sends an undelivered message (failed, or stuck waiting) again at once (POST /api/admin/notifications/:id/retry). */
export function RetryButton() {
  const record = useRecordContext<OutboxMessage>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  const retry = useMutation({
    mutationFn: (id: string) => dataProvider.retryNotification(id),
    onSuccess: () => {
      toast({ type: 'success', title: 'Queued again', description: 'The message will be sent within a few seconds.' });
      refresh();
    },
    onError: (error) => toast({ type: 'error', title: 'Retry failed', description: errorMessage(error) || undefined }),
  });
  if (!record || record.status === 'sent') return null;
  return (
    <Button size="small" variant="outlined" startIcon={<ReplayIcon />} disabled={retry.isPending} onClick={() => retry.mutate(record.id)}>
      Retry
    </Button>
  );
}
