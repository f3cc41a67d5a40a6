import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql, type ExpressionBuilder } from 'kysely';
import { OutboxHealthReads } from '../application/outbox-health-reads';
import { WEBHOOK_KIND } from '../domain/webhook';
import { notificationSql, type NotificationSql, type NotificationTables } from './notification-tables';

/** Mail still pending or queued since before `stuckBefore`. */
const stuckSince = (stuckBefore: Date) => (eb: ExpressionBuilder<NotificationTables, 'outbox_messages'>) =>
  eb.and([
    eb('status', 'in', [sql.lit('pending' as const), sql.lit('queued' as const)]),
    eb('created_at', '<', stuckBefore),
  ]);

/** The statement (notifications-sql.snapshot.sql): the states are constants of its text, as in the partial indexes. */
export const outboxHealthStatements = {
  undelivered: (db: NotificationSql, stuckBefore: Date) =>
    db
      .selectFrom('outbox_messages')
      .select((eb) => [
        eb.fn.countAll<string>().filterWhere('status', '=', sql.lit('failed')).as('failed'),
        eb.fn.countAll<string>().filterWhere(stuckSince(stuckBefore)).as('stuck'),
        eb.fn.min<Date | null>('created_at').filterWhere(stuckSince(stuckBefore)).as('oldest'),
      ])
      .where('status', '<>', sql.lit('sent'))
      .where('kind', '<>', sql.lit(WEBHOOK_KIND)),
};

@Injectable()
export class SqlOutboxHealthReads extends OutboxHealthReads {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async undelivered(stuckBefore: Date): Promise<{ failed: number; stuck: number; oldest: Date | null }> {
    const row = await outboxHealthStatements.undelivered(notificationSql(this.em), stuckBefore).executeTakeFirst();
    return { failed: Number(row?.failed ?? 0), stuck: Number(row?.stuck ?? 0), oldest: row?.oldest ?? null };
  }
}
