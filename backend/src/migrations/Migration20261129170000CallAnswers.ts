import { Migration } from '@mikro-orm/migrations';

/**
 * Answers to open calls (issue 40 point 4, decisions 0914–0916): one answer per listed creator and
 * call, its note, whether the business picked it and when the creator was told (and by which
 * mail); and when a call's business finished picking (it takes no more answers then).
 */
export class Migration20261129170000CallAnswers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "calls" add column "picking_done_at" timestamptz null;`);
    this.addSql(`create table "call_answers" (
      "id" uuid primary key,
      "call_id" uuid not null references "calls" ("id") on delete cascade,
      "account_id" uuid not null references "users" ("id") on delete cascade,
      "profile_id" uuid not null,
      "note" text not null,
      "status" varchar(12) not null check ("status" in ('sent', 'picked', 'not_picked')),
      "created_at" timestamptz not null,
      "picked_at" timestamptz null,
      "told_at" timestamptz null,
      "outbox_id" uuid null,
      "version" int not null default 1,
      constraint "call_answers_one_per_creator" unique ("call_id", "account_id")
    );`);
    // The daily cap counts an account's answers of the last 24 hours (decision 0915).
    this.addSql(`create index "call_answers_account_created" on "call_answers" ("account_id", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "call_answers";`);
    this.addSql(`alter table "calls" drop column if exists "picking_done_at";`);
  }
}
