import { Chip, Link, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Datagrid, DateField, FunctionField, SimpleList, TextField, useCreatePath, useBasename } from 'react-admin';
import type { AuditEntry } from '@local-creators/common';
import { formatDateTime } from '../creators/creator-rules';
import { SUBJECT_LABELS, actionLabel, changeLabel } from './audit-rules';

const Empty = () => (
  <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
    No recorded decisions yet.
  </Typography>
);

function SubjectLink({ entry }: { entry: AuditEntry }) {
  const createPath = useCreatePath();
  const basename = useBasename();
  const to = entry.subject_type === 'creator_profile' ? createPath({ resource: 'creators', id: entry.subject_id, type: 'show' }) : `${basename}/amplify`;
  return (
    <Link component={RouterLink} to={to}>
      {SUBJECT_LABELS[entry.subject_type]} {entry.subject_id.slice(0, 8)}
    </Link>
  );
}

/**
 * The rows of the audit trail (audit-log resource) inside any list context: the whole trail, or
 * one creator's history (`compact`: no subject column).
 */
export function AuditTrailTable({ compact = false }: { compact?: boolean }) {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  if (small || compact) {
    return (
      <SimpleList<AuditEntry>
        empty={<Empty />}
        rowClick={false}
        primaryText={(e) => `${actionLabel(e.action)}${changeLabel(e) ? ` (${changeLabel(e)})` : ''}`}
        secondaryText={(e) => `${formatDateTime(e.created_at)} · ${e.actor_email}${e.notes ? ` · “${e.notes}”` : ''}`}
        tertiaryText={compact ? undefined : (e) => `${SUBJECT_LABELS[e.subject_type]} ${e.subject_id.slice(0, 8)}`}
        sx={{ '& .MuiListItem-root, & .MuiListItemButton-root': { px: compact ? 0 : 2 } }}
      />
    );
  }
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} empty={<Empty />}>
      <DateField source="created_at" showTime label="When" />
      <TextField source="actor_email" label="Who" />
      <FunctionField<AuditEntry> label="Subject" render={(e) => <SubjectLink entry={e} />} />
      <FunctionField<AuditEntry> label="Action" render={(e) => <Chip size="small" variant="outlined" label={actionLabel(e.action)} />} />
      <FunctionField<AuditEntry> label="Change" render={(e) => changeLabel(e) || '—'} />
      <TextField source="notes" emptyText="—" />
    </Datagrid>
  );
}
