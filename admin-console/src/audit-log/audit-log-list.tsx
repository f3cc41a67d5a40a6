import { List, SelectInput } from 'react-admin';
import { AuditTrailTable } from './audit-trail-table';
import { SUBJECT_LABELS } from './audit-rules';

const filters = [
  <SelectInput
    key="subject_type"
    source="subject_type"
    label="Subject"
    alwaysOn
    choices={Object.entries(SUBJECT_LABELS).map(([id, name]) => ({ id, name }))}
  />,
];

/** Operators' page: every moderation decision, newest first (GET /api/admin/audit-log). */
export function AuditLogList() {
  return (
    <List title="Audit trail" sort={{ field: 'created_at', order: 'DESC' }} filters={filters} perPage={25}>
      <AuditTrailTable />
    </List>
  );
}
