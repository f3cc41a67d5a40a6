import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox row becomes the one source of truth for a message's delivery:
 *  - `due_at`: when the relay next hands the row to the queue (a hand-off nobody claimed by then is
 *    taken as lost, whatever happened to Redis);
 *  - `lease_owner`/`lease_until`: the worker that claimed the row before sending it;
 *  - `handoffs`: how many times it was handed to the queue (each hand-off is its own job id).
 * `installation` holds this database's install id, the default Redis key prefix, so two installs on
 * one Redis never share queues.
 */
export class Migration20261123100000MailLease extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "outbox_messages" add column "due_at" timestamptz null, add column "lease_owner" varchar(120) null, add column "lease_until" timestamptz null, add column "handoffs" int not null default 0;`,
    );
    this.addSql(
      `update "outbox_messages" set "due_at" = coalesce("queued_at", "created_at") where "status" in ('pending', 'queued');`,
    );
    this.addSql(`drop index if exists "outbox_pending_idx";`);
    this.addSql(
      `create index "outbox_due_idx" on "outbox_messages" ("due_at") where "status" in ('pending', 'queued');`,
    );
    this.addSql(
      `create table "installation" ("id" varchar(32) not null, "created_at" timestamptz not null default now(), constraint "installation_pkey" primary key ("id"));`,
    );
    this.addSql(
      `insert into "installation" ("id") values (substr(md5(random()::text || clock_timestamp()::text), 1, 12));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "installation";`);
    this.addSql(`drop index if exists "outbox_due_idx";`);
    this.addSql(`create index "outbox_pending_idx" on "outbox_messages" ("created_at") where "status" = 'pending';`);
    this.addSql(
      `alter table "outbox_messages" drop column "due_at", drop column "lease_owner", drop column "lease_until", drop column "handoffs";`,
    );
  }
}
