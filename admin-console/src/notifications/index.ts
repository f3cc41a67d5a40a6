import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import { lazyPage } from '../shared/lazy-page';
import { everyCityOnly } from '../shared/not-allowed';

const NotificationList = everyCityOnly(lazyPage(() => import('./notification-list').then((m) => m.NotificationList)));

/** Resource `notifications`: the mail outbox with a retry for failed messages. */
const notifications = { list: NotificationList, icon: MailOutlinedIcon, options: { label: 'Notifications' } };
export default notifications;
