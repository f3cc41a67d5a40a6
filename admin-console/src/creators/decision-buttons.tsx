import { Button, Stack } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useRefresh, useUpdate } from 'react-admin';
import type { AdminCreator } from '@local-creators/common';
import { useToast } from '../shared/toast';
import { decisionFailedToast, decisionToast, errorMessage } from '../shared/toast-texts';
import { decisionBody, type Decision } from './creator-rules';


/**
 * Approve / Reject (STYLE.md 14: small buttons over useUpdate; the backend decides what a
 * decision means). Approve is offered unless already approved; Reject always (new notes on a
 * rejected creator replace the old ones).
 */
export function DecisionButtons({ creator, notes, onDecided }: { creator: AdminCreator; notes: string; onDecided?: (decision: Decision) => void }) {
  const [update, { isPending }] = useUpdate<AdminCreator>();
  const toast = useToast();
  const refresh = useRefresh();
  const decide = (decision: Decision) =>
    update(
      'creators',
      { id: creator.id, data: decisionBody(decision, notes), previousData: creator },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          toast(decisionToast(decision));
          onDecided?.(decision);
          refresh();
        },
        onError: (error) => toast(decisionFailedToast(), errorMessage(error)),
      },
    );
  return (
    <Stack direction="row" spacing={1}>
      <Button variant="contained" color="success" startIcon={<CheckIcon />} disabled={isPending || creator.approval_status === 'approved'} onClick={() => decide('approved')}>
        Approve
      </Button>
      <Button variant="outlined" color="error" startIcon={<CloseIcon />} disabled={isPending} onClick={() => decide('rejected')}>
        Reject
      </Button>
    </Stack>
  );
}
