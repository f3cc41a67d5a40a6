import { Migration } from '@mikro-orm/migrations';

/**
 * "You're featured" goes to a business once (issue 23, decision 0506): when it was sent. A
 * business told before this migration counts as told (its mail in the outbox, or featured now).
 */
export class Migration20261126020000FeaturedMailOnce extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "amplify_submissions" add column "featured_mail_sent_at" timestamptz null;`);
    this.addSql(`update "amplify_submissions" s
      set "featured_mail_sent_at" = coalesce(
        (select min(o."created_at") from "outbox_messages" o where o."kind" = 'amplify-featured' and o."payload"->>'submissionId' = s."id"::text),
        case when s."featured" then s."updated_at" end);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "amplify_submissions" drop column if exists "featured_mail_sent_at";`);
  }
}
