import { Migration } from '@mikro-orm/migrations';

/**
 * Brands write to a creator through the profile's Contact form (issue 15, decision 0501): each
 * message is kept for the creator's dashboard and counted for the limits; the creator may turn
 * the form off and show chosen links instead.
 */
export class Migration20261125010000ContactRequests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "creator_profiles" add column "contact_enabled" boolean not null default true;`);
    this.addSql(`alter table "creator_profiles" add column "contact_links" text[] not null default '{}';`);
    this.addSql(`create table "contact_requests" (
      "id" uuid not null primary key,
      "profile_id" uuid not null references "creator_profiles" ("id") on delete cascade,
      "brand_name" varchar(200) not null,
      "email" varchar(255) not null,
      "budget_range" varchar(40) null,
      "message" text not null,
      "created_at" timestamptz not null
    );`);
    // The dashboard's list and the per-creator limit; the per-address limit.
    this.addSql(
      `create index "contact_requests_profile_created_index" on "contact_requests" ("profile_id", "created_at" desc);`,
    );
    this.addSql(
      `create index "contact_requests_email_created_index" on "contact_requests" (lower("email"), "created_at" desc);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "contact_requests";`);
    this.addSql(
      `alter table "creator_profiles" drop column if exists "contact_links", drop column if exists "contact_enabled";`,
    );
  }
}
