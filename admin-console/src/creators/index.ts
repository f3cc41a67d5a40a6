import PeopleIcon from '@mui/icons-material/People';
import { CreatorShow } from './creator-show';

/**
 * Resource `creators`: the detail page is the resource's show view; the spec's two lists
 * (/admin/review and /admin/all) are custom routes (see app.tsx).
 */
const creators = { show: CreatorShow, icon: PeopleIcon, recordRepresentation: 'full_name' };
export default creators;

export { AllCreators } from './all-creators';
export { ReviewQueue } from './review-queue';
