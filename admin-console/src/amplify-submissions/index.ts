import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazyPage } from '../shared/lazy-page';

/**
 * Resource `amplify-submissions`: no generated views; the spec's page is /admin/amplify, a
 * custom route (see app.tsx). Registered so react-admin knows the resource.
 */
const amplifySubmissions = {
  icon: StorefrontIcon,
  recordRepresentation: 'business_name',
  options: { label: 'Businesses' },
};
export default amplifySubmissions;

export const AmplifyAdmin = lazyPage(() => import('./amplify-admin').then((m) => m.AmplifyAdmin));
