import { Migration } from '@mikro-orm/migrations';

/**
 * Every link issue and password change voids the account's live recovery links
 * (`update … where user_id = ? and used_at is null`); this keeps that an index lookup as the
 * table grows with spent links.
 */
export class Migration20261123100200RecoveryTokenLiveIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "recovery_tokens_user_live_idx" on "recovery_tokens" ("user_id") where "used_at" is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "recovery_tokens_user_live_idx";`);
  }
}
