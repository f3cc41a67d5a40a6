import { EntitySchema } from '@mikro-orm/core';
import { OutboxMessage } from '../domain/outbox-message';

export const OutboxMessageSchema = new EntitySchema<OutboxMessage>({
  class: OutboxMessage,
  tableName: 'outbox_messages',
  // The relay scans pending rows oldest first; a partial index keeps that scan tiny.
  indexes: [{ name: 'outbox_pending_idx', expression: `create index "outbox_pending_idx" on "outbox_messages" ("created_at") where "status" = 'pending'` }],
  properties: {
    id: { type: 'uuid', primary: true },
    kind: { type: 'string', length: 60 },
    payload: { type: 'json' },
    status: { type: 'string', length: 20 },
    attempts: { type: 'integer' },
    lastError: { type: 'text', fieldName: 'last_error', nullable: true },
    createdAt: { type: 'Date', fieldName: 'created_at' },
    queuedAt: { type: 'Date', fieldName: 'queued_at', nullable: true },
    sentAt: { type: 'Date', fieldName: 'sent_at', nullable: true },
  },
});
