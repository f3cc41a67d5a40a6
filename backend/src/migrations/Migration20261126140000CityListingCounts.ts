import { Migration } from '@mikro-orm/migrations';

const listed = (row: string) =>
  `(${row}."is_public" and ${row}."approval_status" = 'approved' and ${row}."phone_verified")`;

/**
 * The directory's overview per city (issue 26 point 2, decision 0610): `city_listing_counts` holds
 * listing_counts' numbers split by city (scope '*' and one per niche), kept by statement triggers
 * the same way, in the writing transaction. listing_counts itself stays as it was: the every-city
 * overview reads it, so a one-city install answers exactly as before. The listing order's index
 * led by the city gives each city's newest cards without walking the others' rows.
 */
export class Migration20261126140000CityListingCounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "city_listing_counts" (
      "city_slug" text not null, "scope" text not null, "total" integer not null, primary key ("city_slug", "scope"));`);
    const apply = (deltas: string) => `insert into "city_listing_counts" ("city_slug", "scope", "total")
        select s.city_slug, s.scope, sum(s.d) from (
          select x.d, x."city_slug", '*' as scope from (${deltas}) x where ${listed('x')}
          union all
          select x.d, x."city_slug", unnest(x."niches") from (${deltas}) x where ${listed('x')}
        ) s group by s.city_slug, s.scope having sum(s.d) <> 0 order by s.city_slug, s.scope
        on conflict ("city_slug", "scope") do update set "total" = "city_listing_counts"."total" + excluded."total";`;
    const fn = (name: string, deltas: string) =>
      `create function "${name}"() returns trigger language plpgsql as $$ begin ${apply(deltas)} return null; end $$;`;
    this.addSql(fn('city_listing_counts_insert', `select 1 as d, n.* from "inserted_rows" n`));
    this.addSql(
      fn(
        'city_listing_counts_update',
        `select 1 as d, n.* from "inserted_rows" n union all select -1, o.* from "deleted_rows" o`,
      ),
    );
    this.addSql(fn('city_listing_counts_delete', `select -1 as d, o.* from "deleted_rows" o`));
    this.addSql(`create trigger "creator_profiles_city_counts_insert" after insert on "creator_profiles"
      referencing new table as "inserted_rows" for each statement execute function "city_listing_counts_insert"();`);
    this.addSql(`create trigger "creator_profiles_city_counts_update" after update on "creator_profiles"
      referencing new table as "inserted_rows" old table as "deleted_rows" for each statement execute function "city_listing_counts_update"();`);
    this.addSql(`create trigger "creator_profiles_city_counts_delete" after delete on "creator_profiles"
      referencing old table as "deleted_rows" for each statement execute function "city_listing_counts_delete"();`);
    this.addSql(`insert into "city_listing_counts" ("city_slug", "scope", "total")
      select p."city_slug", '*', count(*) from "creator_profiles" p where ${listed('p')} group by 1
      union all
      select p."city_slug", n, count(*) from "creator_profiles" p, unnest(p."niches") n where ${listed('p')} group by 1, 2;`);
    this.addSql(
      `create index "creator_profiles_listed_city_created_idx" on "creator_profiles" ("city_slug", "created_at" desc, "id") where ${listed('creator_profiles')};`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "creator_profiles_listed_city_created_idx";`);
    for (const op of ['insert', 'update', 'delete']) {
      this.addSql(`drop trigger if exists "creator_profiles_city_counts_${op}" on "creator_profiles";`);
      this.addSql(`drop function if exists "city_listing_counts_${op}"();`);
    }
    this.addSql(`drop table if exists "city_listing_counts";`);
  }
}
