import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { lazyPage } from '../shared/lazy-page';

const FollowerCountList = lazyPage(() => import('./follower-count-list').then((m) => m.FollowerCountList));

/** Resource `follower-counts`: read-only, counts not confirmed for a long time and counts that jumped (decision 0503). */
const followerCounts = { list: FollowerCountList, icon: TrendingUpIcon, options: { label: 'Follower counts' } };
export default followerCounts;
