import { Migration } from '@mikro-orm/migrations';

/**
 * A NOTIFY on the channel `account_change` whenever what a session check reads may have moved:
 * a session revoked or deleted, an account's e-mail or confirmation, its roles, its admin city
 * grants (decision 0264). API processes keep their session checks between these announcements.
 * Statement triggers: one notification per statement, folded into one per transaction by
 * PostgreSQL, delivered when the transaction commits. New sessions and new accounts change no
 * answer already kept, so those inserts do not notify.
 */
const TRIGGERS: [table: string, events: string][] = [
  ['auth_sessions', 'update or delete or truncate'],
  ['users', 'update or delete or truncate'],
  ['user_roles', 'insert or update or delete or truncate'],
  ['admin_city_grants', 'insert or update or delete or truncate'],
];

export class Migration20261126200000AccountChangeNotify extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function "notify_account_change"() returns trigger language plpgsql as $$
      begin
        perform pg_notify('account_change', '');
        return null;
      end $$;`);
    for (const [table, events] of TRIGGERS) {
      this.addSql(
        `create trigger "${table}_account_change" after ${events} on "${table}" for each statement execute function "notify_account_change"();`,
      );
    }
  }

  override async down(): Promise<void> {
    for (const [table] of TRIGGERS) this.addSql(`drop trigger if exists "${table}_account_change" on "${table}";`);
    this.addSql('drop function if exists "notify_account_change"();');
  }
}
