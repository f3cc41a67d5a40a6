import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import type { TablesOf } from '../../../database/typed-sql';
import { OutboxMessageSchema, WebhookAttemptSchema, WebhookSubscriptionSchema } from './notifications.schemas';

/** The notifications module's tables (issue 14: its statements name no other module's), by their schemas. */
export const NOTIFICATION_TABLES = {
  outbox_messages: OutboxMessageSchema,
  webhook_subscriptions: WebhookSubscriptionSchema,
  webhook_attempts: WebhookAttemptSchema,
};

export type NotificationTables = TablesOf<typeof NOTIFICATION_TABLES>;

export type NotificationSql = Kysely<NotificationTables>;

/** The statements' Kysely: the EntityManager's own (its transaction when `em` is a transaction's). */
export const notificationSql = (em: EntityManager): NotificationSql => em.getKysely<NotificationTables>();
