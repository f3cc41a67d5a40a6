import StorefrontIcon from '@mui/icons-material/Storefront';

/**
 * Resource `amplify-submissions`: no generated views; the spec's page is /admin/amplify, a
 * custom route (see app.tsx). Registered so react-admin knows the resource.
 */
const amplifySubmissions = { icon: StorefrontIcon, recordRepresentation: 'business_name', options: { label: 'Businesses' } };
export default amplifySubmissions;

export { AmplifyAdmin } from './amplify-admin';
