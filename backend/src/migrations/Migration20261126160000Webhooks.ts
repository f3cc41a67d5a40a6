import { Migration } from '@mikro-orm/migrations';

/**
 * Partners' webhooks (issue 28 point 4, decision 0810): the subscriptions admins manage and the
 * log of each delivery attempt. The deliveries themselves are outbox rows (kind 'webhook'), paced
 * and retried as mail is; an attempt's log goes with its subscription when that is deleted.
 */
export class Migration20261126160000Webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "webhook_subscriptions" (
      "id" uuid not null primary key,
      "url" text not null,
      "events" text[] not null,
      "description" varchar(200) not null default '',
      "secret" varchar(100) not null,
      "enabled" boolean not null default true,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null);`);
    this.addSql(`create table "webhook_attempts" (
      "id" uuid not null primary key,
      "subscription_id" uuid not null references "webhook_subscriptions" ("id") on delete cascade,
      "delivery_id" uuid not null,
      "event_id" uuid not null,
      "event" varchar(40) not null,
      "attempt" integer not null,
      "attempted_at" timestamptz not null,
      "status_code" integer null,
      "error" text null,
      "outcome" varchar(20) not null,
      "next_retry_at" timestamptz null);`);
    this.addSql(
      `create index "webhook_attempts_subscription_time" on "webhook_attempts" ("subscription_id", "attempted_at" desc);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_attempts";`);
    this.addSql(`drop table if exists "webhook_subscriptions";`);
  }
}
