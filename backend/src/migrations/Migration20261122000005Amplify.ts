import { Migration } from '@mikro-orm/migrations';

/** Business submissions and creators' introduction requests. */
export class Migration20261122000005Amplify extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "amplify_submissions" (
      "id" uuid not null,
      "business_name" varchar(200) not null,
      "contact_name" varchar(100) not null,
      "contact_email" varchar(255) not null,
      "website_social" text null,
      "title" varchar(100) not null,
      "description" text not null,
      "category" varchar(60) not null check ("category" in ('Food & Drink', 'Retail & Shopping', 'Events & Entertainment', 'Services', 'Arts & Culture', 'Other')),
      "status" varchar(20) not null default 'pending' check ("status" in ('pending', 'approved', 'declined')),
      "featured" boolean not null default false,
      "logo_url" text null,
      "neighborhood" varchar(100) null,
      "type_of_help" text[] not null default '{}',
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "amplify_submissions_pkey" primary key ("id"),
      constraint "amplify_featured_only_when_approved" check (not "featured" or "status" = 'approved'));`);
    this.addSql(
      `create index "amplify_featured_idx" on "amplify_submissions" ("created_at" desc) where "status" = 'approved' and "featured";`,
    );
    this.addSql(`create index "amplify_status_created_idx" on "amplify_submissions" ("status", "created_at" desc);`);
    this.addSql(`create table "amplify_interest_requests" (
      "id" uuid not null,
      "submission_id" uuid not null references "amplify_submissions" ("id") on delete cascade deferrable initially deferred,
      "creator_name" varchar(100) not null,
      "creator_email" varchar(255) not null,
      "creator_links" text null,
      "message" text null,
      "created_at" timestamptz not null,
      constraint "amplify_interest_requests_pkey" primary key ("id"));`);
    this.addSql(`create index "amplify_interest_submission_idx" on "amplify_interest_requests" ("submission_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "amplify_interest_requests", "amplify_submissions";`);
  }
}
