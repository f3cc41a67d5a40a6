import ConnectWithoutContactIcon from '@mui/icons-material/ConnectWithoutContact';
import { lazyPage } from '../shared/lazy-page';

const IntroductionRequestList = lazyPage(() =>
  import('./introduction-request-list').then((m) => m.IntroductionRequestList),
);

/** Resource `introduction-requests`: read-only, who asked which business for an introduction. */
const introductionRequests = {
  list: IntroductionRequestList,
  icon: ConnectWithoutContactIcon,
  options: { label: 'Introductions' },
};
export default introductionRequests;
