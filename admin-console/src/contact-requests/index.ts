import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { lazyPage } from '../shared/lazy-page';

const ContactCountsList = lazyPage(() => import('./contact-counts-list').then((m) => m.ContactCountsList));

/** Resource `contact-requests`: read-only, how many brands wrote to each creator (decision 0501). */
const contactRequests = { list: ContactCountsList, icon: MarkEmailReadIcon, options: { label: 'Brand messages' } };
export default contactRequests;
