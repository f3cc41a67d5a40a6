import { Migration } from '@mikro-orm/migrations';

/**
 * Matching that reaches people (issue 40 point 3, decisions 0910–0913): which accounts a call was
 * matched to and how each heard of it (mailed at once, waiting for the next day's digest, or
 * dropped), and each account's call-mail setting with its one-click unsubscribe token.
 */
export class Migration20261129150000CallMatchMail extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "call_matches" (
      "call_id" uuid not null references "calls" ("id") on delete cascade,
      "account_id" uuid not null references "users" ("id") on delete cascade,
      "city_slug" varchar(60) not null,
      "matched_at" timestamptz not null,
      "status" varchar(10) not null check ("status" in ('mailed', 'waiting', 'dropped')),
      "mail_day" date null,
      "outbox_id" uuid null,
      primary key ("call_id", "account_id")
    );`);
    this.addSql(`create index "call_matches_waiting" on "call_matches" ("account_id") where "status" = 'waiting';`);
    this.addSql(
      `create index "call_matches_mail_day" on "call_matches" ("account_id", "mail_day") where "mail_day" is not null;`,
    );
    this.addSql(`create table "call_mail_settings" (
      "account_id" uuid primary key references "users" ("id") on delete cascade,
      "mail_on" boolean not null default true,
      "token" varchar(64) not null unique,
      "updated_at" timestamptz not null
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "call_mail_settings";`);
    this.addSql(`drop table if exists "call_matches";`);
  }
}
