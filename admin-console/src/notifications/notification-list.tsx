import { Box, Chip, Stack, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  RecordContextProvider,
  SelectInput,
  useListContext,
} from 'react-admin';
import type { OutboxMessage, OutboxStatus } from '@local-creators/common';
import { ResendButton, RetryButton } from './retry-button';

const STATUS: Record<OutboxStatus, { label: string; color: 'default' | 'info' | 'success' | 'error' }> = {
  pending: { label: 'Pending', color: 'default' },
  queued: { label: 'Queued', color: 'info' },
  sent: { label: 'Sent', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

/** What each kind of mail is, in an admin's words (the internal kind names stay out of sight). */
const KIND_LABELS: Record<string, string> = {
  'password-recovery': 'Password reset',
  'notify-new-registration': 'New creator application (to admins)',
  'notify-amplify-submission': 'New business application (to admins)',
  'amplify-interest': 'Introduction to a business',
  'amplify-interest-confirm': 'Introduction confirmation',
  'creator-approved': 'Creator approved',
  'creator-rejected': 'Creator not approved',
  'approved-creator-changed': 'Approved creator changed profile (to admins)',
  'creator-application-received': 'Creator application received',
  'rejected-creator-updated': 'Rejected creator updated application (to admins)',
  'amplify-submission-received': 'Business application received',
  'amplify-approved': 'Business approved',
  'amplify-declined': 'Business declined',
  'amplify-featured': 'Business featured',
  'creator-phone-verification': 'Creator phone verification changed',
  'email-confirmation': 'E-mail address confirmation',
  'admin-invitation': 'Admin invitation',
};
const kindLabel = (kind: string) => KIND_LABELS[kind] ?? 'Other mail';
const recipientsText = (m: OutboxMessage) => (m.recipients?.length ? m.recipients.join(', ') : '—');
const formatDateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

const StatusChip = ({ m }: { m: OutboxMessage }) => (
  <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
    <Chip size="small" color={STATUS[m.status]?.color ?? 'default'} label={STATUS[m.status]?.label ?? m.status} />
    {m.resend_of && <Chip size="small" variant="outlined" label="Resent" title="An admin sent this mail again" />}
  </Stack>
);

/** Small screens: one stacked card per message, nothing to scroll sideways. */
function NotificationCards() {
  const { data, isPending } = useListContext<OutboxMessage>();
  if (isPending) return null;
  if (!data?.length) return <Typography sx={{ p: 2 }}>No messages.</Typography>;
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {data.map((m) => (
        <RecordContextProvider key={m.id} value={m}>
          <Box
            data-testid="notification-card"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, overflowWrap: 'anywhere' }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="subtitle2">{kindLabel(m.kind)}</Typography>
              <StatusChip m={m} />
            </Stack>
            <Typography variant="body2">{m.subject ?? '—'}</Typography>
            <Typography variant="body2" color="text.secondary">
              To: {recipientsText(m)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              Created {formatDateTime(m.created_at)}
              {m.sent_at ? ` · Sent ${formatDateTime(m.sent_at)}` : ''} · {m.attempts} attempt
              {m.attempts === 1 ? '' : 's'}
            </Typography>
            {m.last_error && (
              <Typography variant="body2" color="error">
                {m.last_error}
              </Typography>
            )}
            <Box sx={{ mt: 1 }}>
              <RetryButton />
              <ResendButton />
            </Box>
          </Box>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="Status"
    alwaysOn
    choices={[
      { id: 'undelivered', name: 'Not delivered yet' },
      ...Object.entries(STATUS).map(([id, s]) => ({ id, name: s.label })),
    ]}
  />,
];

/** Operators' page: the mail outbox, what went out, what failed and why, and a retry for anything undelivered. */
export function NotificationList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List title="Notifications" sort={{ field: 'created_at', order: 'DESC' }} filters={filters} perPage={25}>
      {small ? (
        <NotificationCards />
      ) : (
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          // Nine columns fill 1280 px to the last pixel: the table scrolls inside its card rather than
          // clipping the Resend button, and the last column needs no padding beyond the button's own.
          sx={{
            '& td': { verticalAlign: 'top' },
            '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
            '& td:last-of-type, & th:last-of-type': { pr: 1, pl: 0.5 },
          }}
        >
          <DateField source="created_at" showTime label="Created" />
          <FunctionField<OutboxMessage> label="Mail" sortBy="kind" render={(m) => kindLabel(m.kind)} />
          <FunctionField<OutboxMessage>
            label="To"
            sortable={false}
            render={(m) => (
              <Box sx={{ overflowWrap: 'anywhere', minWidth: 160, maxWidth: 240 }}>{recipientsText(m)}</Box>
            )}
          />
          <FunctionField<OutboxMessage> label="Subject" sortable={false} render={(m) => m.subject ?? '—'} />
          <FunctionField<OutboxMessage> label="Status" sortBy="status" render={(m) => <StatusChip m={m} />} />
          <NumberField source="attempts" label="Attempts" />
          <FunctionField<OutboxMessage>
            label="Last error"
            sortable={false}
            render={(m) =>
              m.last_error ? (
                <Tooltip title={m.last_error}>
                  <Typography
                    variant="body2"
                    color="error"
                    sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    {m.last_error}
                  </Typography>
                </Tooltip>
              ) : (
                '—'
              )
            }
          />
          <DateField source="sent_at" showTime label="Sent" emptyText="—" />
          <FunctionField<OutboxMessage>
            label=""
            sortable={false}
            render={() => (
              <>
                <RetryButton />
                <ResendButton />
              </>
            )}
          />
        </Datagrid>
      )}
    </List>
  );
}
