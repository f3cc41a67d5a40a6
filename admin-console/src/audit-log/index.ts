import HistoryIcon from '@mui/icons-material/History';
import { lazyPage } from '../shared/lazy-page';

const AuditLogList = lazyPage(() => import('./audit-log-list').then((m) => m.AuditLogList));

/** Resource `audit-log`: read-only trail of moderation decisions. */
const auditLog = { list: AuditLogList, icon: HistoryIcon, options: { label: 'Audit trail' } };
export default auditLog;
