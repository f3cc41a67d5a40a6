import { Migration } from '@mikro-orm/migrations';

const LISTED = `"is_public" and "approval_status" = 'approved' and "phone_verified"`;

/**
 * Handle ownership proof (issue 15, decision 0502): one check per platform of a profile, with the
 * code the creator puts in that platform's bio and, once an admin saw it there, who confirmed it
 * and when. `creator_profiles.handles_confirmed` (every handle confirmed) is kept by a trigger on
 * the checks, so the directory filters on a column and an admin's confirmation never moves the
 * profile's own version (an admin's open page stays current).
 */
export class Migration20261125020000HandleChecks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "handle_checks" (
      "id" uuid not null primary key,
      -- Checked at commit: a new profile and its checks are written in one flush, in either order.
      "profile_id" uuid not null references "creator_profiles" ("id") on delete cascade deferrable initially deferred,
      "platform" varchar(20) not null,
      "handle" varchar(100) not null,
      "code" varchar(10) not null,
      "confirmed_at" timestamptz null,
      "confirmed_by" varchar(255) null,
      "version" int not null default 1,
      "created_at" timestamptz not null
    );`);
    this.addSql(`create index "handle_checks_profile_index" on "handle_checks" ("profile_id");`);
    this.addSql(`alter table "creator_profiles" add column "handles_confirmed" boolean not null default false;`);
    this.addSql(`create function "handle_checks_summary"() returns trigger language plpgsql as $$
      declare pid uuid;
      declare all_confirmed boolean;
      begin
        if tg_op = 'DELETE' then pid := old.profile_id; else pid := new.profile_id; end if;
        all_confirmed := exists (select 1 from "handle_checks" where "profile_id" = pid)
          and not exists (select 1 from "handle_checks" where "profile_id" = pid and "confirmed_at" is null);
        update "creator_profiles" set "handles_confirmed" = all_confirmed where "id" = pid and "handles_confirmed" is distinct from all_confirmed;
        return null;
      end $$;`);
    this.addSql(`create trigger "handle_checks_summary" after insert or update or delete on "handle_checks"
      for each row execute function "handle_checks_summary"();`);
    // Profiles written before this migration: a check (unconfirmed, with its own code) per platform handle.
    this.addSql(`insert into "handle_checks" ("id", "profile_id", "platform", "handle", "code", "created_at")
      select gen_random_uuid(), s.id, s.platform, s.handle,
             'LC-' || (select string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1), '') from generate_series(1, 4) where s.id is not null),
             now()
        from (select distinct on (p.id, e->>'name', lower(ltrim(trim(e->>'handle'), '@'))) p.id, e->>'name' as platform, e->>'handle' as handle
                from "creator_profiles" p, jsonb_array_elements(p."platforms") e) s;`);
    // The directory's "handles confirmed" filter, newest first (its default order).
    this.addSql(
      `create index "creator_profiles_listed_confirmed_idx" on "creator_profiles" ("created_at" desc, "id") where ${LISTED} and "handles_confirmed";`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "creator_profiles_listed_confirmed_idx";`);
    this.addSql(`drop table if exists "handle_checks";`);
    this.addSql(`drop function if exists "handle_checks_summary"();`);
    this.addSql(`alter table "creator_profiles" drop column if exists "handles_confirmed";`);
  }
}
