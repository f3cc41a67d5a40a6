import { useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Divider,
  Grid,
  Link,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { LIMITS, MSG, type AdminCreator } from '@local-creators/common';
import { ReferenceManyField, ShowBase, Title, useBasename, useShowContext } from 'react-admin';
import { errorMessage } from '../shared/toast-texts';
import { AuditTrailTable } from '../audit-log/audit-trail-table';
import { CreatorHeading, StatusChip } from './creator-bits';
import { CreatorDetails } from './creator-details';
import { editedSinceDecision, formatDateTime } from './creator-rules';
import { ChangesSinceVerification } from './changes-since-verification';
import { DecisionButtons } from './decision-buttons';
import { HandleChecksCard } from './handle-checks-card';
import { CreatorNumbers } from './creator-numbers';
import { PhoneVerifiedSwitch } from './phone-verified-switch';

/**
 * A creator's page in the console (/admin/creators/:id/show): decide from any status (e.g. a
 * rejected creator who fixed the application, docs/decisions/0101), toggle the phone, and read
 * the creator's audit trail.
 */
export function CreatorShow() {
  return (
    <ShowBase redirectOnError={false}>
      <Box sx={{ py: 2 }}>
        <CreatorPage />
      </Box>
    </ShowBase>
  );
}

function CreatorPage() {
  const { record: c, error } = useShowContext<AdminCreator>();
  const basename = useBasename();
  const [notes, setNotes] = useState('');
  if (error) {
    return (
      <Alert
        severity="error"
        action={
          <Link component={RouterLink} to={`${basename}/all`}>
            All creators
          </Link>
        }
      >
        {errorMessage(error) || MSG.profileNotFound}
      </Alert>
    );
  }
  if (!c) return <Skeleton variant="rounded" height={400} />;
  return (
    <>
      <Title title={c.full_name} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Card component="article" aria-label={c.full_name} variant="outlined">
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <CreatorHeading creator={c} size={72} title="page" trailing={<StatusChip status={c.approval_status} />} />
              <CreatorDetails creator={c} />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Stack spacing={2}>
            <ChangesSinceVerification creator={c} />
            <HandleChecksCard creator={c} />
            <CreatorNumbers creatorId={c.id} />
            <Card variant="outlined">
              <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  Decision
                </Typography>
                {c.decided_at && (
                  <Typography variant="body2" color="text.secondary">
                    Last decided {formatDateTime(c.decided_at)}
                  </Typography>
                )}
                {editedSinceDecision(c) && (
                  <Alert severity="warning" sx={{ mt: 1 }}>
                    The creator edited the application on {formatDateTime(c.updated_at)}, after it was turned down.
                  </Alert>
                )}
                {c.approval_status === 'rejected' && c.approval_notes && (
                  <Alert severity="info" sx={{ mt: 1 }}>
                    Rejection notes sent to the creator: {c.approval_notes}
                  </Alert>
                )}
                <PhoneVerifiedSwitch creator={c} />
                <Divider sx={{ my: 2 }} />
                <TextField
                  label="Rejection notes (optional)"
                  helperText="Sent to the creator with a rejection and shown on their dashboard."
                  value={notes}
                  onChange={(e) => setNotes(e.target.value)}
                  fullWidth
                  multiline
                  minRows={2}
                  slotProps={{ htmlInput: { maxLength: LIMITS.adminNotesMax } }}
                />
                <Box sx={{ mt: 2 }}>
                  <DecisionButtons creator={c} notes={notes} onDecided={() => setNotes('')} />
                </Box>
              </CardContent>
            </Card>
            <Card variant="outlined">
              <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  History
                </Typography>
                <ReferenceManyField
                  reference="audit-log"
                  target="subject_id"
                  sort={{ field: 'created_at', order: 'DESC' }}
                  perPage={50}
                >
                  <AuditTrailTable compact />
                </ReferenceManyField>
              </CardContent>
            </Card>
          </Stack>
        </Grid>
      </Grid>
    </>
  );
}
