import { Migration } from '@mikro-orm/migrations';

/**
 * Shortlists without an account (issue 27, decisions 0700–0702): a list is found by the SHA-256 of
 * its owner's link (and of its read-only share link); entries keep the name shown when saved, so a
 * creator who leaves the directory still has a line; a message to the whole list waits for the
 * brand's mailed confirmation. contact_requests records which messages came from a list.
 */
export class Migration20261126120000Shortlists extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "shortlists" (
      "id" uuid not null primary key,
      "token_hash" varchar(64) not null unique,
      "share_token_hash" varchar(64) null unique,
      "name" varchar(100) not null,
      "client_hash" varchar(64) not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null);`);
    this.addSql(`create index "shortlists_client_created" on "shortlists" ("client_hash", "created_at");`);
    this.addSql(`create table "shortlist_entries" (
      "id" uuid not null primary key,
      "shortlist_id" uuid not null references "shortlists" ("id") on delete cascade,
      "profile_id" uuid not null references "creator_profiles" ("id") on delete cascade,
      "name" varchar(100) not null,
      "note" text not null default '',
      "added_at" timestamptz not null,
      constraint "shortlist_entries_once" unique ("shortlist_id", "profile_id"));`);
    this.addSql(`create table "shortlist_messages" (
      "id" uuid not null primary key,
      "shortlist_id" uuid not null references "shortlists" ("id") on delete cascade,
      "brand_name" varchar(200) not null,
      "email" varchar(255) not null,
      "budget_range" varchar(40) null,
      "message" text not null,
      "confirm_token_hash" varchar(64) not null unique,
      "confirm_expires_at" timestamptz not null,
      "confirmed_at" timestamptz null,
      "created_at" timestamptz not null);`);
    this.addSql(
      `create index "shortlist_messages_email_created" on "shortlist_messages" (lower("email"), "created_at");`,
    );
    this.addSql(`alter table "contact_requests" add column "shortlist_message_id" uuid null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "contact_requests" drop column if exists "shortlist_message_id";`);
    this.addSql(`drop table if exists "shortlist_messages";`);
    this.addSql(`drop table if exists "shortlist_entries";`);
    this.addSql(`drop table if exists "shortlists";`);
  }
}
