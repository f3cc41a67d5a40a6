// The notifications module's public surface: nothing else of it is imported from outside.
export { NotificationsModule, NotificationsWorkerModule } from './notifications.module';
export { Outbox } from './application/outbox';
export { AdminDirectory } from './application/admin-recipients';
export { WEBHOOKS_OPENAPI_TAG } from './http/webhooks-openapi';
