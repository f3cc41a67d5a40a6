import { Migration } from '@mikro-orm/migrations';

/**
 * Proven addresses (issue 23, decision 0508): when an account's address was confirmed, and the
 * links mailed to confirm it (only their SHA-256 kept). Accounts made before this are not proven,
 * except admins' (an operator made them); their owners confirm from the dashboard.
 */
export class Migration20261126020100EmailConfirmation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "email_confirmed_at" timestamptz null;`);
    this.addSql(
      `update "users" set "email_confirmed_at" = "created_at" where "id" in (select "user_id" from "user_roles" where "role" = 'admin');`,
    );
    this.addSql(`create table "email_confirmations" (
      "id" uuid not null primary key,
      -- Checked at commit: an account and its first link are written in one flush, in either order.
      "user_id" uuid not null references "users" ("id") on delete cascade deferrable initially deferred,
      "token_hash" varchar(64) not null,
      "created_at" timestamptz not null,
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      constraint "email_confirmations_hash_unique" unique ("token_hash")
    );`);
    this.addSql(`create index "email_confirmations_user_idx" on "email_confirmations" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "email_confirmations";`);
    this.addSql(`alter table "users" drop column if exists "email_confirmed_at";`);
  }
}
