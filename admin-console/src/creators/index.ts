import PeopleIcon from '@mui/icons-material/People';
import { createElement } from 'react';
import { lazyPage } from '../shared/lazy-page';
import { AllCreatorsSkeleton } from '../shared/skeletons';

const CreatorShow = lazyPage(() => import('./creator-show').then((m) => m.CreatorShow));

/**
 * Resource `creators`: the detail page is the resource's show view; the spec's two lists
 * (/admin/review and /admin/all) are custom routes (see app.tsx).
 */
const creators = { show: CreatorShow, icon: PeopleIcon, recordRepresentation: 'full_name' };
export default creators;

export const AllCreators = lazyPage(
  () => import('./all-creators').then((m) => m.AllCreators),
  createElement(AllCreatorsSkeleton),
);
export { ReviewQueue } from './review-queue';
