import ConnectWithoutContactIcon from '@mui/icons-material/ConnectWithoutContact';
import { IntroductionRequestList } from './introduction-request-list';

/** Resource `introduction-requests`: read-only, who asked which business for an introduction. */
const introductionRequests = { list: IntroductionRequestList, icon: ConnectWithoutContactIcon, options: { label: 'Introductions' } };
export default introductionRequests;
