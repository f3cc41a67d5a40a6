import HistoryIcon from '@mui/icons-material/History';
import { AuditLogList } from './audit-log-list';

/** Resource `audit-log`: read-only trail of moderation decisions. */
const auditLog = { list: AuditLogList, icon: HistoryIcon, options: { label: 'Audit trail' } };
export default auditLog;
