import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { describeCommittedStatements, type CompiledStatement } from '../../../database/sql-snapshots.testing';
import { NOTIFICATION_TABLES, notificationSql } from './notification-tables';
import { outboxHealthStatements } from './sql-outbox-health';
import { webhookAttemptStatements } from './sql-webhook-attempts';
import { outboxMetricStatements } from './prometheus-notification-metrics';

/**
 * The notifications module's typed statements as PostgreSQL receives them (issue 38 point 3),
 * committed beside the adapters: a change to one is a diff of `notifications-sql.snapshot.sql` in
 * review. After a change made on purpose: `UPDATE_SQL_SNAPSHOTS=1 npx jest notifications-sql.snapshot`.
 */
const FILE = join(__dirname, 'notifications-sql.snapshot.sql');
const STUCK_BEFORE = new Date('2026-11-25T09:45:00.000Z');
const WEBHOOKS = ['00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000004'];

function statements(em: EntityManager): [string, CompiledStatement][] {
  const db = notificationSql(em);
  return [
    ['outbox health: mail failed and stuck', outboxHealthStatements.undelivered(db, STUCK_BEFORE).compile()],
    ["webhook attempts: two webhooks' latest", webhookAttemptStatements.lastOf(db, WEBHOOKS).compile()],
    ['outbox metrics: messages by status', outboxMetricStatements.byStatus(db).compile()],
    ['outbox metrics: the oldest undelivered age', outboxMetricStatements.oldestUndeliveredAge(db).compile()],
  ];
}

describeCommittedStatements({
  what: 'notifications',
  title: 'The notifications module statements, as notifications-sql.snapshot.spec.ts compiles them.',
  file: FILE,
  statements,
  tables: NOTIFICATION_TABLES,
});
