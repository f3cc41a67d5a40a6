import { Migration } from '@mikro-orm/migrations';

const LISTED = `"is_public" and "approval_status" = 'approved' and "phone_verified"`;

/**
 * A local audience, proven (issue 27, decisions 0720 and 0721): creators' screenshots of a
 * platform's audience insights, with the image in the row (never a public URL), and the share an
 * admin recorded on the profile (`local_share`, `local_share_checked_on`), a public fact: writing
 * it updates creator_profiles, whose trigger moves the listing version. The directory's
 * `min_local_share` filter walks a partial index of the listed profiles that have a share, in the
 * listing's order, so it reads only those.
 */
export class Migration20261126130100LocalAudience extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "local_audience_checks" (
      "id" uuid not null primary key,
      "profile_id" uuid not null references "creator_profiles" ("id") on delete cascade,
      "platform" varchar(20) not null,
      "shows_on" date not null,
      "image" bytea not null,
      "image_type" varchar(50) not null,
      "status" varchar(20) not null check ("status" in ('pending', 'recorded', 'rejected')),
      "share" smallint null check ("share" between 0 and 100),
      "checked_on" date null,
      "reason" text null,
      "decided_by" varchar(320) null,
      "decided_at" timestamptz null,
      "created_at" timestamptz not null,
      check (("status" = 'recorded') = ("share" is not null and "checked_on" is not null)));`);
    this.addSql(
      `create index "local_audience_checks_profile_idx" on "local_audience_checks" ("profile_id", "created_at" desc);`,
    );
    this.addSql(
      `create index "local_audience_checks_pending_idx" on "local_audience_checks" ("created_at") where "status" = 'pending';`,
    );
    this
      .addSql(`alter table "creator_profiles" add column "local_share" smallint null, add column "local_share_checked_on" date null,
      add constraint "creator_profiles_local_share_check" check (("local_share" is null) = ("local_share_checked_on" is null) and ("local_share" between 0 and 100));`);
    this.addSql(
      `create index "creator_profiles_listed_local_share_idx" on "creator_profiles" ("created_at" desc, "id") include ("local_share", "local_share_checked_on") where ${LISTED} and "local_share" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "creator_profiles_listed_local_share_idx";`);
    this.addSql(
      `alter table "creator_profiles" drop constraint if exists "creator_profiles_local_share_check", drop column if exists "local_share", drop column if exists "local_share_checked_on";`,
    );
    this.addSql(`drop table if exists "local_audience_checks";`);
  }
}
