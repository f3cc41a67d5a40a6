import { Migration } from '@mikro-orm/migrations';

/**
 * A counter that changes whenever the public directory could change: any insert, update or delete
 * touching a listed profile (public AND approved AND phone verified, before or after the change).
 * The API caches directory reads under this number and reads it on every request, so a decision
 * made on any replica (or by the CLI, or by hand in SQL) is visible on the next request. The
 * counter row is updated inside the writing transaction, so it becomes visible exactly when the
 * change does. Drafts of unlisted profiles do not touch it.
 */
export class Migration20261123000006ListingVersion extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "listing_version" ("id" smallint primary key check ("id" = 1), "version" bigint not null);`,
    );
    this.addSql(`insert into "listing_version" ("id", "version") values (1, 1);`);
    this.addSql(`create function "bump_listing_version"() returns trigger language plpgsql as $$
      begin
        update "listing_version" set "version" = "version" + 1 where "id" = 1;
        return null;
      end $$;`);
    const listed = (row: 'new' | 'old') =>
      `(${row}."is_public" and ${row}."approval_status" = 'approved' and ${row}."phone_verified")`;
    this.addSql(`create trigger "creator_profiles_listing_insert" after insert on "creator_profiles"
      for each row when ${listed('new')} execute function "bump_listing_version"();`);
    this.addSql(`create trigger "creator_profiles_listing_update" after update on "creator_profiles"
      for each row when (${listed('old')} or ${listed('new')}) execute function "bump_listing_version"();`);
    this.addSql(`create trigger "creator_profiles_listing_delete" after delete on "creator_profiles"
      for each row when ${listed('old')} execute function "bump_listing_version"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "creator_profiles_listing_insert" on "creator_profiles";`);
    this.addSql(`drop trigger if exists "creator_profiles_listing_update" on "creator_profiles";`);
    this.addSql(`drop trigger if exists "creator_profiles_listing_delete" on "creator_profiles";`);
    this.addSql(`drop function if exists "bump_listing_version"();`);
    this.addSql(`drop table if exists "listing_version";`);
  }
}
