import { Migration } from '@mikro-orm/migrations';

/**
 * A handle's link is part of what an admin confirmed (issue 23, decision 0509): each check keeps
 * the link it was given, and a different address clears its confirmation. Filled from the
 * profiles' platforms as they are now.
 */
export class Migration20261126020200HandleCheckLinks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "handle_checks" add column "url" text not null default '';`);
    this.addSql(`update "handle_checks" c set "url" = coalesce(
        (select e->>'url' from "creator_profiles" p, jsonb_array_elements(p."platforms") e
          where p."id" = c."profile_id" and e->>'name' = c."platform"
            and lower(ltrim(trim(e->>'handle'), '@')) = lower(ltrim(trim(c."handle"), '@'))
          limit 1), '');`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "handle_checks" drop column if exists "url";`);
  }
}
