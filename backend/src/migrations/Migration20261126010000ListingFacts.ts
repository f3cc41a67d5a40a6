import { Migration } from '@mikro-orm/migrations';

const LISTED = `p."is_public" and p."approval_status" = 'approved' and p."phone_verified"`;
/** The tables beside a profile whose rows a listed profile shows in public (decision 0222). */
const FACT_TABLES = ['handle_checks', 'follower_counts'] as const;

/**
 * A listed profile shows more than its own row: when each handle was confirmed (handle_checks)
 * and when each follower count was (follower_counts). A write to either moves the listing version
 * (migration 0006) when the profile it belongs to is listed, so the directory's cache, kept under
 * that version, never shows a fact after it changed. Before this, confirming or taking back one
 * handle of several, or a creator's "Yes, still right", reached the public profile only when some
 * unrelated listing changed.
 */
export class Migration20261126010000ListingFacts extends Migration {
  override async up(): Promise<void> {
    // The move itself (migrations 0006 and 0007), now callable from any trigger.
    this.addSql(`create function "move_listing_version"() returns void language plpgsql as $$
      begin
        update "listing_version" set "version" = "version" + 1 where "id" = 1;
        perform pg_notify('listing_change', '');
      end $$;`);
    this.addSql(`create or replace function "bump_listing_version"() returns trigger language plpgsql as $$
      begin
        perform "move_listing_version"();
        return null;
      end $$;`);
    this.addSql(`create function "bump_listing_version_for_fact"() returns trigger language plpgsql as $$
      declare pid uuid;
      begin
        if tg_op = 'DELETE' then pid := old.profile_id; else pid := new.profile_id; end if;
        if exists (select 1 from "creator_profiles" p where p."id" = pid and ${LISTED})
           or (tg_op = 'UPDATE' and old.profile_id is distinct from new.profile_id
               and exists (select 1 from "creator_profiles" p where p."id" = old.profile_id and ${LISTED})) then
          perform "move_listing_version"();
        end if;
        return null;
      end $$;`);
    for (const table of FACT_TABLES) {
      this.addSql(`create trigger "${table}_listing" after insert or update or delete on "${table}"
        for each row execute function "bump_listing_version_for_fact"();`);
    }
  }

  override async down(): Promise<void> {
    for (const table of FACT_TABLES) this.addSql(`drop trigger if exists "${table}_listing" on "${table}";`);
    this.addSql(`drop function if exists "bump_listing_version_for_fact"();`);
    this.addSql(`create or replace function "bump_listing_version"() returns trigger language plpgsql as $$
      begin
        update "listing_version" set "version" = "version" + 1 where "id" = 1;
        perform pg_notify('listing_change', '');
        return null;
      end $$;`);
    this.addSql(`drop function if exists "move_listing_version"();`);
  }
}
