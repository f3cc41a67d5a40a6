import { EntitySchema } from '@mikro-orm/core';
import { OutboxMessage } from '../domain/outbox-message';
import { WebhookAttempt, WebhookSubscription } from '../domain/webhook';

export const OutboxMessageSchema = new EntitySchema<OutboxMessage>({
  class: OutboxMessage,
  tableName: 'outbox_messages',
  // The relay scans unsettled rows by due time; a partial index keeps that scan tiny.
  indexes: [
    {
      name: 'outbox_due_idx',
      expression: `create index "outbox_due_idx" on "outbox_messages" ("due_at") where "status" in ('pending', 'queued')`,
    },
  ],
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
    dueAt: { type: 'Date', fieldName: 'due_at', nullable: true },
    leaseOwner: { type: 'string', length: 120, fieldName: 'lease_owner', nullable: true },
    leaseUntil: { type: 'Date', fieldName: 'lease_until', nullable: true },
    handoffs: { type: 'integer' },
    resendOf: { type: 'uuid', fieldName: 'resend_of', nullable: true },
  },
});

export const WebhookSubscriptionSchema = new EntitySchema<WebhookSubscription>({
  class: WebhookSubscription,
  tableName: 'webhook_subscriptions',
  properties: {
    id: { type: 'uuid', primary: true },
    url: { type: 'text' },
    events: { type: 'string[]', columnType: 'text[]' },
    description: { type: 'string', length: 200 },
    secret: { type: 'string', length: 100 },
    enabled: { type: 'boolean' },
    createdAt: { type: 'Date', fieldName: 'created_at' },
    updatedAt: { type: 'Date', fieldName: 'updated_at' },
  },
});

export const WebhookAttemptSchema = new EntitySchema<WebhookAttempt>({
  class: WebhookAttempt,
  tableName: 'webhook_attempts',
  properties: {
    id: { type: 'uuid', primary: true },
    subscriptionId: { type: 'uuid', fieldName: 'subscription_id' },
    deliveryId: { type: 'uuid', fieldName: 'delivery_id' },
    eventId: { type: 'uuid', fieldName: 'event_id' },
    event: { type: 'string', length: 40 },
    attempt: { type: 'integer' },
    attemptedAt: { type: 'Date', fieldName: 'attempted_at' },
    statusCode: { type: 'integer', fieldName: 'status_code', nullable: true },
    error: { type: 'text', nullable: true },
    outcome: { type: 'string', length: 20 },
    nextRetryAt: { type: 'Date', fieldName: 'next_retry_at', nullable: true },
  },
});
