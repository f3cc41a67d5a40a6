import { Migration } from '@mikro-orm/migrations';

/**
 * Introduction requests wait for their requester's confirmation (decision 0110): a visitor's
 * request keeps the SHA-256 of its single-use link token and the link's expiry until it is
 * confirmed; `confirmed_at` is when the business was notified. Requests made before this change
 * were mailed at once, so they count as confirmed when they were made. The two indexes serve the
 * daily limits per requester address and per business (decision 0111).
 */
export class Migration20261123100400IntroductionConfirmation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "amplify_interest_requests"
      add column "confirmed_at" timestamptz null,
      add column "confirm_token_hash" varchar(64) null,
      add column "confirm_expires_at" timestamptz null;`);
    this.addSql(`update "amplify_interest_requests" set "confirmed_at" = "created_at";`);
    this.addSql(`alter table "amplify_interest_requests"
      add constraint "amplify_interest_token_unique" unique ("confirm_token_hash"),
      add constraint "amplify_interest_confirmable" check ("confirmed_at" is not null or ("confirm_token_hash" is not null and "confirm_expires_at" is not null));`);
    this.addSql(
      `create index "amplify_interest_address_idx" on "amplify_interest_requests" (lower("creator_email"), "created_at");`,
    );
    this.addSql(
      `create index "amplify_interest_confirmed_idx" on "amplify_interest_requests" ("submission_id", "confirmed_at");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "amplify_interest_confirmed_idx";`);
    this.addSql(`drop index if exists "amplify_interest_address_idx";`);
    this.addSql(`alter table "amplify_interest_requests"
      drop constraint if exists "amplify_interest_confirmable",
      drop constraint if exists "amplify_interest_token_unique",
      drop column "confirm_expires_at",
      drop column "confirm_token_hash",
      drop column "confirmed_at";`);
  }
}
