import { Migration } from '@mikro-orm/migrations';

/**
 * Introduction requests on a creator's numbers (issue 28 point 1, decision 0821): the account
 * that asked, when the requester was signed in; null for a signed-out request and for every
 * request made before this change. The account's removal keeps the request, without its author.
 */
export class Migration20261126190000IntroductionRequester extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "amplify_interest_requests" add column "requester_user_id" uuid null references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `create index "amplify_interest_requests_requester" on "amplify_interest_requests" ("requester_user_id", "created_at") where "requester_user_id" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "amplify_interest_requests_requester";`);
    this.addSql(`alter table "amplify_interest_requests" drop column "requester_user_id";`);
  }
}
