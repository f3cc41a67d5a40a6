import WebhookIcon from '@mui/icons-material/Webhook';
import { lazyPage } from '../shared/lazy-page';
import { everyCityOnly } from '../shared/not-allowed';

const WebhookList = everyCityOnly(lazyPage(() => import('./webhook-pages').then((m) => m.WebhookList)));
const WebhookCreate = everyCityOnly(lazyPage(() => import('./webhook-pages').then((m) => m.WebhookCreate)));
const WebhookShow = everyCityOnly(lazyPage(() => import('./webhook-pages').then((m) => m.WebhookShow)));

/** Resource `webhooks`: the partners' signed webhooks and each one's delivery log (decision 0810). */
const webhooks = {
  list: WebhookList,
  create: WebhookCreate,
  show: WebhookShow,
  icon: WebhookIcon,
  options: { label: 'Webhooks' },
};
export default webhooks;
