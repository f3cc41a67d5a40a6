import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Collapse, Divider, Link, Skeleton, Stack, TextField, Typography } from '@mui/material';
import InboxIcon from '@mui/icons-material/Inbox';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Title, useGetList } from 'react-admin';
import { LIMITS, MSG, type AdminCreator } from '@local-creators/common';
import { PageHeader } from '../layout/page-header';
import { errorMessage } from '../shared/toast-texts';
import { CreatorAvatar } from './creator-bits';
import { CreatorDetails } from './creator-details';
import { formatDate } from './creator-rules';
import { DecisionButtons } from './decision-buttons';

const PAGE = 20;

/** /admin/review: pending applications, oldest first; each leaves the queue once decided. */
export function ReviewQueue() {
  const [perPage, setPerPage] = useState(PAGE);
  const { data, total, isPending, error } = useGetList<AdminCreator>('creators', {
    filter: { approval_status: 'pending' },
    sort: { field: 'created_at', order: 'ASC' },
    pagination: { page: 1, perPage },
  });
  return (
    <Box sx={{ py: 2, maxWidth: 960 }}>
      <Title title="Review queue" />
      <PageHeader title="Review queue" subtitle={total ? `${total} pending ${total === 1 ? 'application' : 'applications'}, oldest first` : 'Pending applications, oldest first'} />
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isPending && <Skeleton variant="rounded" height={320} />}
      {!isPending && !error && data?.length === 0 && (
        <Card variant="outlined">
          <CardContent sx={{ py: 6, textAlign: 'center' }}>
            <InboxIcon color="disabled" sx={{ fontSize: 48 }} />
            <Typography color="text.secondary">{MSG.noPendingApplications}</Typography>
          </CardContent>
        </Card>
      )}
      <Stack spacing={2}>
        {data?.map((c) => (
          <ReviewItem key={c.id} creator={c} />
        ))}
      </Stack>
      {data && total !== undefined && total > data.length && (
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Button onClick={() => setPerPage((n) => n + PAGE)}>Show more ({total - data.length} left)</Button>
        </Box>
      )}
    </Box>
  );
}

function ReviewItem({ creator: c }: { creator: AdminCreator }) {
  const [notes, setNotes] = useState('');
  const [decided, setDecided] = useState(false);
  return (
    <Collapse in={!decided} unmountOnExit>
      <Card component="article" aria-label={c.full_name} variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <CreatorAvatar creator={c} size={64} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
                {c.full_name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Submitted {formatDate(c.created_at)}
              </Typography>
              <Link href={`/creator/${c.id}`} target="_blank" rel="noopener" variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                Preview profile <OpenInNewIcon sx={{ fontSize: 16 }} />
              </Link>
            </Box>
          </Stack>
          <CreatorDetails creator={c} />
          <Divider sx={{ my: 2 }} />
          <TextField
            label="Admin notes (optional)"
            helperText="Stored with a rejection and shown to the creator on their dashboard."
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { 'aria-label': `Admin notes for ${c.full_name}`, maxLength: LIMITS.adminNotesMax } }}
          />
          <Box sx={{ mt: 2 }}>
            <DecisionButtons creator={c} notes={notes} onDecided={() => setDecided(true)} />
          </Box>
        </CardContent>
      </Card>
    </Collapse>
  );
}
