import { Migration } from '@mikro-orm/migrations';

/**
 * A stranger cannot spend a creator's inbox, nor make their reply time (decisions 0840, 0841).
 * `proven`: the sender's address was proven for this message (a confirmed account's own address,
 * or a shortlist message's mailed link); only such messages take from the creator's cap and count
 * for the reply time. `brand_token_hash`: the SHA-256 of the "They replied" link in the brand's
 * copy; `reply_confirmed_at`: when the brand confirmed the reply, the only reply that counts.
 * `replied_at` stays the creator's own note. Copies of shortlist messages were confirmed by link:
 * proven. The reply times worked out from the creators' own clicks are dropped.
 */
export class Migration20261128220100ProvenContacts extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "contact_requests" add column "proven" boolean not null default false, add column "brand_token_hash" varchar(64) null, add column "reply_confirmed_at" timestamptz null;`,
    );
    this.addSql(
      `alter table "contact_requests" add constraint "contact_requests_brand_token_hash_unique" unique ("brand_token_hash");`,
    );
    this.addSql(`update "contact_requests" set "proven" = true where "shortlist_message_id" is not null;`);
    // The sweep looks only at proven messages that neither side marked (decision 0841).
    this.addSql(`drop index if exists "contact_requests_awaiting_reply";`);
    this.addSql(
      `create index "contact_requests_awaiting_reply" on "contact_requests" ("created_at") where "proven" and "reply_confirmed_at" is null and "replied_at" is null and "lapsed_at" is null;`,
    );
    this.addSql(
      `update "creator_profiles" set "reply_days" = null, "reply_rarely" = false where "reply_days" is not null or "reply_rarely";`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "contact_requests_awaiting_reply";`);
    this.addSql(
      `create index "contact_requests_awaiting_reply" on "contact_requests" ("created_at") where "replied_at" is null and "lapsed_at" is null;`,
    );
    this.addSql(`alter table "contact_requests" drop constraint if exists "contact_requests_brand_token_hash_unique";`);
    this.addSql(
      `alter table "contact_requests" drop column "proven", drop column "brand_token_hash", drop column "reply_confirmed_at";`,
    );
  }
}
