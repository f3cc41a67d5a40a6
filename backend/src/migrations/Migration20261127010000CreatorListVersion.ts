import { Migration } from '@mikro-orm/migrations';

/**
 * A number that moves with every write to creator_profiles (decision 0271): the console keeps the
 * positions of its long lists under it, and a page read under another number does not use them.
 * One row, moved once per transaction (the first statement on creator_profiles moves it; a
 * transaction-local setting remembers that it did), so a bulk write leaves one new row version,
 * not one per row (decision 0224's finding).
 */
export class Migration20261127010000CreatorListVersion extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "creator_list_version" ("id" smallint primary key check ("id" = 1), "version" bigint not null default 0);`,
    );
    this.addSql(`insert into "creator_list_version" ("id") values (1);`);
    this.addSql(`create function "move_creator_list_version"() returns trigger language plpgsql as $$
      begin
        if current_setting('lc.creator_list_moved_in', true) is distinct from txid_current()::text then
          update "creator_list_version" set "version" = "version" + 1 where "id" = 1;
          perform set_config('lc.creator_list_moved_in', txid_current()::text, true);
        end if;
        return null;
      end $$;`);
    this
      .addSql(`create trigger "creator_profiles_list_version" after insert or update or delete or truncate on "creator_profiles"
      for each statement execute function "move_creator_list_version"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "creator_profiles_list_version" on "creator_profiles";`);
    this.addSql(`drop function if exists "move_creator_list_version"();`);
    this.addSql(`drop table if exists "creator_list_version";`);
  }
}
