import { Migration } from '@mikro-orm/migrations';

/** The audit trail of every moderation decision (kept when the subject is deleted). */
export class Migration20261122000004Moderation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "moderation_audit_log" (
      "id" uuid not null,
      "actor_id" uuid not null,
      "actor_email" varchar(255) not null,
      "subject_type" varchar(40) not null check ("subject_type" in ('creator_profile', 'amplify_submission')),
      "subject_id" uuid not null,
      "action" varchar(40) not null,
      "from_value" varchar(40) null,
      "to_value" varchar(40) null,
      "notes" text null,
      "created_at" timestamptz not null,
      constraint "moderation_audit_log_pkey" primary key ("id"));`);
    this.addSql(
      `create index "moderation_audit_subject_idx" on "moderation_audit_log" ("subject_id", "created_at" desc);`,
    );
    this.addSql(`create index "moderation_audit_created_idx" on "moderation_audit_log" ("created_at" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "moderation_audit_log";`);
  }
}
