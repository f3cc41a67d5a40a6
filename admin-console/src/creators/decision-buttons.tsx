import { useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useRefresh, useUpdate } from 'react-admin';
import type { AdminCreator } from '@local-creators/common';
import { ConfirmDialog, type ConfirmText } from '../shared/confirm-dialog';
import { useToast } from '../shared/toast';
import { decisionFailedToast, decisionToast, errorMessage } from '../shared/toast-texts';
import { decisionBody, notesBlockApproval, rejectConfirmText, type Decision } from './creator-rules';

/**
 * Approve / Reject (STYLE.md 14: small buttons over useUpdate; the backend decides what a
 * decision means). Approve is offered unless already approved, and held back while notes are
 * typed (notes go with a rejection); Reject always (new notes on a rejected creator replace the
 * old ones), after a confirmation. Each decision carries the version shown; a 409 (someone
 * else decided, or the creator edited) reloads the page's data.
 */
export function DecisionButtons({
  creator,
  notes,
  onDecided,
}: {
  creator: AdminCreator;
  notes: string;
  onDecided?: (decision: Decision) => void;
}) {
  const [update, { isPending }] = useUpdate<AdminCreator>();
  const [asking, setAsking] = useState<ConfirmText | null>(null);
  const toast = useToast();
  const refresh = useRefresh();
  const decide = (decision: Decision) =>
    update(
      'creators',
      { id: creator.id, data: decisionBody(decision, notes, creator.version), previousData: creator },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          toast(decisionToast(decision));
          onDecided?.(decision);
          refresh();
        },
        onError: (error) => {
          toast(decisionFailedToast(), errorMessage(error));
          refresh();
        },
      },
    );
  const notesTyped = notesBlockApproval(notes);
  const approvable = creator.approval_status !== 'approved';
  return (
    <>
      <Stack direction="row" spacing={1}>
        <Button
          data-decision="approve"
          variant="contained"
          color="success"
          startIcon={<CheckIcon />}
          disabled={isPending || !approvable || notesTyped}
          onClick={() => decide('approved')}
        >
          Approve
        </Button>
        <Button
          data-decision="reject"
          variant="outlined"
          color="error"
          startIcon={<CloseIcon />}
          disabled={isPending}
          onClick={() => setAsking(rejectConfirmText(creator, notes))}
        >
          Reject
        </Button>
      </Stack>
      {approvable && notesTyped && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Notes are sent with a rejection only. Clear them to approve.
        </Typography>
      )}
      <ConfirmDialog text={asking} onClose={() => setAsking(null)} onConfirm={() => decide('rejected')} />
    </>
  );
}
