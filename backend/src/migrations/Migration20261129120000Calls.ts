import { Migration } from '@mikro-orm/migrations';

/**
 * Open calls (issue 40, decisions 0900–0904): a business's call in one city, its review by the
 * city's admins (in the moderation audit trail as subject `call`), and the public pages of the
 * approved ones. A call that becomes or stops being public moves the listing version, so the
 * cached sitemap (which lists the calls) is made again.
 */
export class Migration20261129120000Calls extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "calls" (
      "id" uuid primary key,
      "account_id" uuid null references "users" ("id") on delete set null,
      "city_slug" varchar(60) not null references "cities" ("slug") on update cascade,
      "business_name" varchar(200) not null,
      "title" varchar(100) not null,
      "description" text not null,
      "niches" text[] not null,
      "content_types" text[] not null,
      "collab_types" text[] not null,
      "neighborhoods" text[] not null,
      "followers_min" integer null,
      "followers_max" integer null,
      "starts_on" date not null,
      "ends_on" date not null,
      "deadline" date not null,
      "offer" varchar(10) not null check ("offer" in ('paid', 'product', 'unpaid')),
      "fee_min" integer null,
      "fee_max" integer null,
      "product" varchar(200) null,
      "creators_wanted" integer not null check ("creators_wanted" between 1 and 50),
      "status" varchar(10) not null check ("status" in ('pending', 'approved', 'declined', 'closed')),
      "decline_reason" text null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "approved_at" timestamptz null,
      "closed_at" timestamptz null,
      "version" integer not null default 1
    );`);
    this.addSql(
      `create index "calls_public" on "calls" ("city_slug", "approved_at" desc, "id") where "status" = 'approved';`,
    );
    this.addSql(`create index "calls_account" on "calls" ("account_id", "created_at" desc);`);
    this.addSql(`create index "calls_review" on "calls" ("city_slug", "status", "created_at" desc);`);
    this.addSql(`create function "bump_listing_version_for_calls"() returns trigger language plpgsql as $$
      begin
        perform "move_listing_version"();
        return null;
      end $$;`);
    this.addSql(`create trigger "calls_listing_update" after update on "calls" for each row
      when ((old."status" = 'approved') is distinct from (new."status" = 'approved')) execute function "bump_listing_version_for_calls"();`);
    this.addSql(`create trigger "calls_listing_delete" after delete on "calls" for each row
      when (old."status" = 'approved') execute function "bump_listing_version_for_calls"();`);
    this.addSql(`alter table "moderation_audit_log" drop constraint "moderation_audit_log_subject_type_check";`);
    this.addSql(
      `alter table "moderation_audit_log" add constraint "moderation_audit_log_subject_type_check" check ("subject_type" in ('creator_profile', 'amplify_submission', 'call'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "moderation_audit_log" where "subject_type" = 'call';`);
    this.addSql(`alter table "moderation_audit_log" drop constraint "moderation_audit_log_subject_type_check";`);
    this.addSql(
      `alter table "moderation_audit_log" add constraint "moderation_audit_log_subject_type_check" check ("subject_type" in ('creator_profile', 'amplify_submission'));`,
    );
    this.addSql(`drop table "calls";`);
    this.addSql(`drop function "bump_listing_version_for_calls"();`);
  }
}
