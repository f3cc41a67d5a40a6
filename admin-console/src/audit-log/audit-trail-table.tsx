import { Chip, Link, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { CityName, useCities } from '../cities';
import {
  Datagrid,
  DateField,
  FunctionField,
  SimpleList,
  TextField,
  useCreatePath,
  useBasename,
  useGetManyAggregate,
} from 'react-admin';
import type { AuditEntry } from '@local-creators/common';
import { formatDateTime } from '../creators/creator-rules';
import { SUBJECT_LABELS, actionLabel, changeLabel } from './audit-rules';

const Empty = () => (
  <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
    No recorded decisions yet.
  </Typography>
);

/**
 * The subject's name: the creator's full name or the business's name (one getMany per resource
 * for the whole page), else the short id while loading or when the subject is gone.
 */
function useSubjectName(entry: AuditEntry): string {
  const creator = entry.subject_type === 'creator_profile';
  const { data } = useGetManyAggregate<{ id: string; full_name?: string; business_name?: string }>(
    creator ? 'creators' : 'amplify-submissions',
    {
      ids: [entry.subject_id],
    },
  );
  const record = data?.find((r) => r?.id === entry.subject_id);
  const name = creator ? record?.full_name : record?.business_name;
  return name || `${SUBJECT_LABELS[entry.subject_type]} ${entry.subject_id.slice(0, 8)}`;
}

/** Creators open their page; businesses open the Businesses page scrolled to that business. */
function SubjectLink({ entry }: { entry: AuditEntry }) {
  const createPath = useCreatePath();
  const basename = useBasename();
  const name = useSubjectName(entry);
  const to =
    entry.subject_type === 'creator_profile'
      ? createPath({ resource: 'creators', id: entry.subject_id, type: 'show' })
      : `${basename}/amplify?focus=${encodeURIComponent(entry.subject_id)}`;
  return (
    <Link component={RouterLink} to={to}>
      {name}
    </Link>
  );
}

/**
 * The rows of the audit trail (audit-log resource) inside any list context: the whole trail, or
 * one creator's history (`compact`: no subject column).
 */
export function AuditTrailTable({ compact = false }: { compact?: boolean }) {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const cities = useCities().shown;
  if (small || compact) {
    return (
      <SimpleList<AuditEntry>
        empty={<Empty />}
        rowClick={false}
        primaryText={(e) => `${actionLabel(e.action)}${changeLabel(e) ? ` (${changeLabel(e)})` : ''}`}
        secondaryText={(e) => `${formatDateTime(e.created_at)} · ${e.actor_email}${e.notes ? ` · “${e.notes}”` : ''}`}
        tertiaryText={compact ? undefined : (e) => <SubjectLink entry={e} />}
        sx={{ '& .MuiListItem-root, & .MuiListItemButton-root': { px: compact ? 0 : 2 } }}
      />
    );
  }
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} empty={<Empty />}>
      <DateField source="created_at" showTime label="When" />
      <TextField source="actor_email" label="Who" />
      {cities && (
        <FunctionField<AuditEntry> label="City" sortable={false} render={(r) => <CityName slug={r.city_slug} />} />
      )}
      <FunctionField<AuditEntry> label="Subject" render={(e) => <SubjectLink entry={e} />} />
      <FunctionField<AuditEntry>
        label="Action"
        render={(e) => <Chip size="small" variant="outlined" label={actionLabel(e.action)} />}
      />
      <FunctionField<AuditEntry> label="Change" render={(e) => changeLabel(e) || '—'} />
      <TextField source="notes" emptyText="—" />
    </Datagrid>
  );
}
