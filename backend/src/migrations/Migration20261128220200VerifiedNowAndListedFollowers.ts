import { Migration } from '@mikro-orm/migrations';

const LISTED = `"is_public" and "approval_status" = 'approved' and "phone_verified"`;
const NEIGHBORHOOD_SLUG = `trim(both '-' from regexp_replace(lower("neighborhood"), '[^a-z0-9]+', '-', 'g'))`;

/**
 * Issue 36 point 5 (decision 0851):
 * - `checked_at`: the admin's last check of a creator (decision 0800: the approval or a later
 *   handle confirmation; null unless approved), kept by triggers on the profile and its handle
 *   checks, so a directory card can say whether its creator is verified now, as the profile does.
 * - `listed_followers`: what the directory sorts "Most followers" by, the total of the counts not
 *   waiting for an admin (decision 0510's `followers_under_review`); equal to `total_followers`
 *   when none waits. A generated column: no write can forget it. Its index replaces nothing: the
 *   followers filter (`min_followers`) still reads `total_followers`.
 */
export class Migration20261128220200VerifiedNowAndListedFollowers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "creator_profiles" add column "checked_at" timestamptz null;`);
    this
      .addSql(`create function "creator_checked_at"(status text, decided timestamptz, pid uuid) returns timestamptz language sql stable as $$
      select case when status = 'approved' then
        (select max(t) from (select decided as t union all select c."confirmed_at" from "handle_checks" c where c."profile_id" = pid) s) end
    $$;`);
    this.addSql(`create function "creator_profiles_checked_at"() returns trigger language plpgsql as $$
      begin
        new."checked_at" := "creator_checked_at"(new."approval_status", new."decided_at", new."id");
        return new;
      end $$;`);
    this
      .addSql(`create trigger "creator_profiles_checked_at" before insert or update of "approval_status", "decided_at" on "creator_profiles"
      for each row execute function "creator_profiles_checked_at"();`);
    this.addSql(`create function "handle_checks_checked_at"() returns trigger language plpgsql as $$
      declare pid uuid;
      begin
        if tg_op = 'DELETE' then pid := old."profile_id"; else pid := new."profile_id"; end if;
        update "creator_profiles" p set "checked_at" = "creator_checked_at"(p."approval_status", p."decided_at", p."id")
          where p."id" = pid and p."checked_at" is distinct from "creator_checked_at"(p."approval_status", p."decided_at", p."id");
        return null;
      end $$;`);
    this
      .addSql(`create trigger "handle_checks_checked_at" after insert or update of "confirmed_at" or delete on "handle_checks"
      for each row execute function "handle_checks_checked_at"();`);
    this.addSql(
      `update "creator_profiles" set "checked_at" = "creator_checked_at"("approval_status", "decided_at", "id");`,
    );

    this
      .addSql(`create function "listed_followers_of"(platforms jsonb, under_review text[], total bigint) returns bigint language sql immutable as $$
      select case when cardinality(under_review) = 0 then total else total - coalesce((
        select sum(case when jsonb_typeof(e->'followers') = 'number' then (e->>'followers')::numeric else 0 end)::bigint
          from jsonb_array_elements(platforms) e
         where (e->>'name') || ':' || lower(regexp_replace(btrim(coalesce(e->>'handle', ''), E' \\t\\n\\r'), '^@+', '')) = any(under_review)), 0) end
    $$;`);
    this.addSql(`alter table "creator_profiles" add column "listed_followers" bigint generated always as
      ("listed_followers_of"("platforms", "followers_under_review", "total_followers")) stored;`);
    this.addSql(
      `create index "creator_profiles_listed_sort_followers_idx" on "creator_profiles" ("listed_followers" desc, "id") where ${LISTED};`,
    );
    // The area pages' "most followed" (decision 0640) order by it too: their two indexes follow.
    this.addSql(`drop index if exists "creator_profiles_listed_city_followers_idx";`);
    this.addSql(`drop index if exists "creator_profiles_listed_neighborhood_followers_idx";`);
    this.addSql(
      `create index "creator_profiles_listed_city_followers_idx" on "creator_profiles" ("city_slug", "listed_followers" desc, "created_at" desc, "id") where ${LISTED};`,
    );
    this.addSql(
      `create index "creator_profiles_listed_neighborhood_followers_idx" on "creator_profiles" ("city_slug", (${NEIGHBORHOOD_SLUG}), "listed_followers" desc, "created_at" desc, "id") where ${LISTED};`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "creator_profiles_listed_sort_followers_idx";`);
    this.addSql(`drop index if exists "creator_profiles_listed_city_followers_idx";`);
    this.addSql(`drop index if exists "creator_profiles_listed_neighborhood_followers_idx";`);
    this.addSql(
      `create index "creator_profiles_listed_city_followers_idx" on "creator_profiles" ("city_slug", "total_followers" desc, "created_at" desc, "id") where ${LISTED};`,
    );
    this.addSql(
      `create index "creator_profiles_listed_neighborhood_followers_idx" on "creator_profiles" ("city_slug", (${NEIGHBORHOOD_SLUG}), "total_followers" desc, "created_at" desc, "id") where ${LISTED};`,
    );
    this.addSql(`alter table "creator_profiles" drop column if exists "listed_followers";`);
    this.addSql(`drop function if exists "listed_followers_of"(jsonb, text[], bigint);`);
    this.addSql(`drop trigger if exists "handle_checks_checked_at" on "handle_checks";`);
    this.addSql(`drop function if exists "handle_checks_checked_at"();`);
    this.addSql(`drop trigger if exists "creator_profiles_checked_at" on "creator_profiles";`);
    this.addSql(`drop function if exists "creator_profiles_checked_at"();`);
    this.addSql(`drop function if exists "creator_checked_at"(text, timestamptz, uuid);`);
    this.addSql(`alter table "creator_profiles" drop column if exists "checked_at";`);
  }
}
