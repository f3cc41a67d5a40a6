import { EntitySchema } from '@mikro-orm/core';
import { AuditEntry } from '../domain/audit-entry';

export const AuditEntrySchema = new EntitySchema<AuditEntry>({
  class: AuditEntry,
  tableName: 'moderation_audit_log',
  properties: {
    id: { type: 'uuid', primary: true },
    actorId: { type: 'uuid', fieldName: 'actor_id' },
    actorEmail: { type: 'string', length: 255, fieldName: 'actor_email' },
    subjectType: { type: 'string', length: 40, fieldName: 'subject_type' },
    subjectId: { type: 'uuid', fieldName: 'subject_id' },
    citySlug: { type: 'string', length: 60, fieldName: 'city_slug' },
    action: { type: 'string', length: 40 },
    fromValue: { type: 'string', length: 40, fieldName: 'from_value', nullable: true },
    toValue: { type: 'string', length: 40, fieldName: 'to_value', nullable: true },
    notes: { type: 'text', nullable: true },
    createdAt: { type: 'Date', fieldName: 'created_at' },
  },
});
