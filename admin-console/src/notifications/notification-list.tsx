import { Chip, Tooltip, Typography } from '@mui/material';
import { Datagrid, DateField, FunctionField, List, NumberField, SelectInput, TextField } from 'react-admin';
import type { OutboxMessage, OutboxStatus } from '@local-creators/common';
import { RetryButton } from './retry-button';

const STATUS: Record<OutboxStatus, { label: string; color: 'default' | 'info' | 'success' | 'error' }> = {
  pending: { label: 'Pending', color: 'default' },
  queued: { label: 'Queued', color: 'info' },
  sent: { label: 'Sent', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="Status"
    alwaysOn
    choices={[{ id: 'undelivered', name: 'Not delivered yet' }, ...Object.entries(STATUS).map(([id, s]) => ({ id, name: s.label }))]}
  />,
];

/** Operators' page: the mail outbox, what went out, what failed and why, and a retry for anything undelivered. */
export function NotificationList() {
  return (
    <List title="Notifications" sort={{ field: 'created_at', order: 'DESC' }} filters={filters} perPage={25}>
      <Datagrid bulkActionButtons={false} rowClick={false} sx={{ '& td': { verticalAlign: 'top' } }}>
        <DateField source="created_at" showTime label="Created" />
        <TextField source="kind" label="Kind" />
        <FunctionField<OutboxMessage> label="Status" sortBy="status" render={(m) => <Chip size="small" color={STATUS[m.status]?.color ?? 'default'} label={STATUS[m.status]?.label ?? m.status} />} />
        <NumberField source="attempts" label="Attempts" />
        <FunctionField<OutboxMessage>
          label="Last error"
          sortable={false}
          render={(m) =>
            m.last_error ? (
              <Tooltip title={m.last_error}>
                <Typography variant="body2" color="error" sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {m.last_error}
                </Typography>
              </Tooltip>
            ) : (
              '—'
            )
          }
        />
        <DateField source="sent_at" showTime label="Sent" emptyText="—" />
        <RetryButton />
      </Datagrid>
    </List>
  );
}
