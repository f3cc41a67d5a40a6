import { Migration } from '@mikro-orm/migrations';

/**
 * Every move of the listing version (migration 0006) also sends a NOTIFY on the channel
 * `listing_change`, delivered when the writing transaction commits. API processes LISTEN to it,
 * so they can keep the version in memory instead of reading it on every directory request
 * (decision 0202). PostgreSQL folds identical notifications of one transaction into one, so a bulk
 * change sends a single notification.
 */
export class Migration20261123000007ListingChangeNotify extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function "bump_listing_version"() returns trigger language plpgsql as $$
      begin
        update "listing_version" set "version" = "version" + 1 where "id" = 1;
        perform pg_notify('listing_change', '');
        return null;
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create or replace function "bump_listing_version"() returns trigger language plpgsql as $$
      begin
        update "listing_version" set "version" = "version" + 1 where "id" = 1;
        return null;
      end $$;`);
  }
}
