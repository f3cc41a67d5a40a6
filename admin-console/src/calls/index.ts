import CampaignIcon from '@mui/icons-material/Campaign';
import { lazyPage } from '../shared/lazy-page';

const CallList = lazyPage(() => import('./call-list').then((m) => m.CallList));

/** Resource `calls` (issue 40): the businesses' open calls of the admin's cities, to approve, decline with a reason, or close. */
const calls = { list: CallList, icon: CampaignIcon, recordRepresentation: 'title', options: { label: 'Open calls' } };
export default calls;
