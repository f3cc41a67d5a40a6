import { Alert, AlertTitle, Button, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useRefresh } from 'react-admin';
import type { AdminCreator } from '@local-creators/common';
import type { AppDataProvider } from '../data/data-provider';
import { useToast } from '../shared/toast';
import { errorMessage } from '../shared/toast-texts';
import { changeValue, formatDateTime } from './creator-rules';

/**
 * An approved creator who edited the profile stays listed (spec 4); the admin sees what changed
 * since an admin verified it, field by field, until someone acknowledges it (audited,
 * docs/decisions/0108).
 */
export function ChangesSinceVerification({ creator: c }: { creator: AdminCreator }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  const acknowledge = useMutation({
    mutationFn: () => dataProvider.acknowledgeChanges(c.id, c.version),
    onSuccess: () => {
      toast({ type: 'success', title: 'Changes acknowledged' });
      refresh();
    },
    onError: (error) => {
      toast({ type: 'error', title: 'Update failed', description: errorMessage(error) || undefined });
      refresh();
    },
  });
  const pending = c.changes_since_verification;
  if (!pending) return null;
  return (
    <Alert
      severity="warning"
      variant="outlined"
      aria-label="Changed since verification"
      sx={{ '& .MuiAlert-message': { width: '100%', overflow: 'hidden' } }}
    >
      <AlertTitle>Changed since verification</AlertTitle>
      The creator is still listed. Last change {formatDateTime(pending.changed_at)}.
      <Table
        size="small"
        aria-label="Changes since verification"
        sx={{ my: 1, '& td, & th': { px: 0.5, verticalAlign: 'top', overflowWrap: 'anywhere' } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Field</TableCell>
            <TableCell>Verified</TableCell>
            <TableCell>Now</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {pending.changes.map((ch) => (
            <TableRow key={ch.field}>
              <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{ch.label}</TableCell>
              <TableCell sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>
                {changeValue(ch.before)}
              </TableCell>
              <TableCell>{changeValue(ch.after)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Button
        size="small"
        variant="contained"
        color="warning"
        startIcon={<DoneAllIcon />}
        disabled={acknowledge.isPending}
        onClick={() => acknowledge.mutate()}
      >
        Acknowledge changes
      </Button>
    </Alert>
  );
}
