// The moderation module's public surface: nothing else of it is imported from outside.
export { ModerationModule } from './moderation.module';
export { AuditTrail } from './application/audit-trail';
