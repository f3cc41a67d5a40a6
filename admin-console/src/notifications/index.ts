import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import { NotificationList } from './notification-list';

/** Resource `notifications`: the mail outbox with a retry for failed messages. */
const notifications = { list: NotificationList, icon: MailOutlinedIcon, options: { label: 'Notifications' } };
export default notifications;
