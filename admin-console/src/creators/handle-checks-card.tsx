import { Box, Button, Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useRefresh } from 'react-admin';
import { MSG, type AdminCreator, type AdminHandleCheck } from '@local-creators/common';
import type { AppDataProvider } from '../data/data-provider';
import { useToast } from '../shared/toast';
import { errorMessage } from '../shared/toast-texts';
import { formatDateTime } from './creator-rules';

/**
 * Handle ownership proof (decision 0502): per platform the handle, a link to it and the code the
 * creator should have put in its bio. During the verification call the admin opens the link, sees
 * the code and confirms the handle; who and when are kept.
 */
export function HandleChecksCard({ creator }: { creator: AdminCreator }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const toast = useToast();
  const key = ['handle-checks', creator.id, creator.updated_at];
  const { data: checks } = useQuery({ queryKey: key, queryFn: () => dataProvider.getHandleChecks(creator.id) });
  const change = useMutation({
    mutationFn: ({ check, confirmed }: { check: AdminHandleCheck; confirmed: boolean }) =>
      dataProvider.setHandleConfirmed(creator.id, check.id, confirmed, check.version),
    onSuccess: (next, { confirmed }) => {
      queryClient.setQueryData(key, next);
      toast({ type: 'success', title: confirmed ? MSG.handleConfirmed : MSG.handleUnconfirmed });
      refresh(); // the history shows the new audit row
    },
    onError: async (error) => {
      toast({ type: 'error', title: MSG.updateFailed }, errorMessage(error));
      await queryClient.invalidateQueries({ queryKey: ['handle-checks', creator.id] });
    },
  });
  if (!checks?.length) return null;
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          Handles
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Open each profile and look for its code in the bio, then confirm the handle.
        </Typography>
        <Stack spacing={1.5} component="ul" aria-label="Handles" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {checks.map((c) => (
            <Box component="li" key={c.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography sx={{ fontWeight: 600 }}>{c.platform}</Typography>
                {c.url ? (
                  <Link href={c.url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                    @{c.handle.replace(/^@+/, '')}
                  </Link>
                ) : (
                  <Typography sx={{ overflowWrap: 'anywhere' }}>
                    @{c.handle.replace(/^@+/, '')} (no link given)
                  </Typography>
                )}
                <Chip size="small" label={`Code ${c.code}`} sx={{ fontFamily: 'monospace', fontWeight: 600 }} />
              </Stack>
              <Stack
                direction="row"
                spacing={1}
                sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
              >
                <Typography
                  variant="body2"
                  color={c.renewal_due ? 'warning.main' : c.confirmed_at ? 'success.main' : 'text.secondary'}
                >
                  {c.confirmed_at
                    ? `Confirmed by ${c.confirmed_by ?? 'an admin'} on ${formatDateTime(c.confirmed_at)}${c.renewal_due ? ': a year ago, look for the new code' : ''}`
                    : 'Not confirmed'}
                </Typography>
                {/* A confirmation a year old is confirmed again with the new code (decision 0800). */}
                <Button
                  size="small"
                  variant={c.confirmed_at && !c.renewal_due ? 'text' : 'contained'}
                  disabled={change.isPending}
                  onClick={() => change.mutate({ check: c, confirmed: !c.confirmed_at || c.renewal_due })}
                  aria-label={`${c.confirmed_at && !c.renewal_due ? 'Take back confirmation of' : 'Confirm handle'} ${c.platform} @${c.handle.replace(/^@+/, '')}`}
                >
                  {c.confirmed_at && !c.renewal_due ? 'Take back' : 'Confirm handle'}
                </Button>
              </Stack>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
