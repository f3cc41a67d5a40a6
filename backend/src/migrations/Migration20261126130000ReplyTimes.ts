import { Migration } from '@mikro-orm/migrations';

const LISTED = `"is_public" and "approval_status" = 'approved' and "phone_verified"`;

/**
 * Replies you can count on (issue 27, decision 0710): each relayed message carries the SHA-256 of
 * the creator's one-click "I replied" link and when it was used; a message unanswered for 14 days
 * is marked by the sweep (lapsed_at). The profile keeps the public result only (reply_days, or
 * reply_rarely), so the directory filters on an index and a change moves the listing version
 * through the profile's own trigger (migration 0006).
 */
export class Migration20261126130000ReplyTimes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "contact_requests" add column "reply_token_hash" varchar(64) null unique,
      add column "replied_at" timestamptz null, add column "lapsed_at" timestamptz null;`);
    // The sweep: messages neither answered nor yet counted as unanswered, oldest first.
    this.addSql(
      `create index "contact_requests_awaiting_reply" on "contact_requests" ("created_at") where "replied_at" is null and "lapsed_at" is null;`,
    );
    this.addSql(
      `alter table "creator_profiles" add column "reply_days" smallint null, add column "reply_rarely" boolean not null default false;`,
    );
    // The directory's "Replies within N days" filter walks the listing order among those with a reply time.
    this.addSql(
      `create index "creator_profiles_listed_replies_idx" on "creator_profiles" ("created_at" desc, "id") where ${LISTED} and "reply_days" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "creator_profiles_listed_replies_idx";`);
    this.addSql(
      `alter table "creator_profiles" drop column if exists "reply_rarely", drop column if exists "reply_days";`,
    );
    this.addSql(`drop index if exists "contact_requests_awaiting_reply";`);
    this.addSql(
      `alter table "contact_requests" drop column if exists "lapsed_at", drop column if exists "replied_at", drop column if exists "reply_token_hash";`,
    );
  }
}
