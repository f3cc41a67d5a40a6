import { Migration } from '@mikro-orm/migrations';

/** The transactional outbox the relay moves into BullMQ. */
export class Migration20261122000002Notifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "outbox_messages" ("id" uuid not null, "kind" varchar(60) not null, "payload" jsonb not null, "status" varchar(20) not null check ("status" in ('pending', 'queued', 'sent', 'failed')), "attempts" int not null default 0, "last_error" text null, "created_at" timestamptz not null, "queued_at" timestamptz null, "sent_at" timestamptz null, constraint "outbox_messages_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "outbox_pending_idx" on "outbox_messages" ("created_at") where "status" = 'pending';`);
    this.addSql(`create index "outbox_status_created_idx" on "outbox_messages" ("status", "created_at" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "outbox_messages";`);
  }
}
