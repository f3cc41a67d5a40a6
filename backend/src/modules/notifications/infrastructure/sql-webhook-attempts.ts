import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { WebhookAttemptReads, type LastAttemptRow } from '../application/webhook-attempt-reads';
import { notificationSql, type NotificationSql } from './notification-tables';

/** The statement (notifications-sql.snapshot.sql). */
export const webhookAttemptStatements = {
  /** Each webhook's latest attempt: PostgreSQL's `distinct on`, its first row by the order. */
  lastOf: (db: NotificationSql, ids: readonly string[]) =>
    db
      .selectFrom('webhook_attempts')
      .distinctOn('subscription_id')
      .select(['subscription_id', 'attempted_at', 'outcome'])
      .where('subscription_id', 'in', ids)
      .orderBy('subscription_id')
      .orderBy('attempted_at', 'desc'),
};

@Injectable()
export class SqlWebhookAttemptReads extends WebhookAttemptReads {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async lastOf(ids: readonly string[]): Promise<LastAttemptRow[]> {
    // `in ()` is no statement: no webhooks, no attempts.
    if (ids.length === 0) return [];
    return webhookAttemptStatements.lastOf(notificationSql(this.em), ids).execute();
  }
}
