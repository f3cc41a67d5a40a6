import { Migration } from '@mikro-orm/migrations';

const listed = (row: string) =>
  `(${row}."is_public" and ${row}."approval_status" = 'approved' and ${row}."phone_verified")`;
/** common's areaSlug of the neighbourhood as typed (area-sql's NEIGHBORHOOD_SLUG_SQL, as of this migration). */
const neighborhoodSlug = (row: string) =>
  `trim(both '-' from regexp_replace(lower(${row}."neighborhood"), '[^a-z0-9]+', '-', 'g'))`;
/** The FOLLOWER_BUCKETS bucket of a creator's total followers, as of this migration (-1: below the first). */
const bucket = (row: string) =>
  `(case when ${row}."total_followers" >= 100000 then 3 when ${row}."total_followers" >= 10000 then 2
         when ${row}."total_followers" >= 1000 then 1 when ${row}."total_followers" >= 0 then 0 else -1 end)`;

/**
 * The pages per niche and per neighbourhood count from kept numbers (decision 0642), as the
 * overview does (city_listing_counts): `area_listing_counts` holds, per city, niche or
 * neighbourhood (its slug and each spelling of it) and follower bucket, how many listed creators
 * there are. At 1,000,000 creators a large city's page counted up to a few hundred thousand rows,
 * each neighbourhood's slug worked out by a regular expression, and took seconds the first time
 * after every listing change. Statement triggers keep the table in the writing transaction, in
 * key order (no deadlocks), writing nothing when a row's numbers did not change.
 */
export class Migration20261126230000AreaListingCounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "area_listing_counts" (
      "city_slug" text not null, "kind" text not null, "slug" text not null, "spelling" text not null, "bucket" smallint not null,
      "total" integer not null, primary key ("city_slug", "kind", "slug", "spelling", "bucket"));`);
    this.addSql(`create index "area_listing_counts_kind_slug_idx" on "area_listing_counts" ("kind", "slug");`);
    const contributions = (deltas: string) => `
          select x.d, x."city_slug", 'niche' as kind, n as slug, '' as spelling, ${bucket('x')} as bucket
            from (${deltas}) x, unnest(x."niches") n where ${listed('x')}
          union all
          select x.d, x."city_slug", 'neighborhood', ${neighborhoodSlug('x')}, trim(x."neighborhood"), ${bucket('x')}
            from (${deltas}) x where ${listed('x')} and x."neighborhood" is not null and ${neighborhoodSlug('x')} <> ''`;
    const apply = (
      deltas: string,
    ) => `insert into "area_listing_counts" ("city_slug", "kind", "slug", "spelling", "bucket", "total")
        select s.city_slug, s.kind, s.slug, s.spelling, s.bucket, sum(s.d) from (${contributions(deltas)}) s
        group by 1, 2, 3, 4, 5 having sum(s.d) <> 0 order by 1, 2, 3, 4, 5
        on conflict ("city_slug", "kind", "slug", "spelling", "bucket") do update set "total" = "area_listing_counts"."total" + excluded."total";`;
    const fn = (name: string, deltas: string) =>
      `create function "${name}"() returns trigger language plpgsql as $$ begin ${apply(deltas)} return null; end $$;`;
    this.addSql(fn('area_listing_counts_insert', `select 1 as d, n.* from "inserted_rows" n`));
    this.addSql(
      fn(
        'area_listing_counts_update',
        `select 1 as d, n.* from "inserted_rows" n union all select -1, o.* from "deleted_rows" o`,
      ),
    );
    this.addSql(fn('area_listing_counts_delete', `select -1 as d, o.* from "deleted_rows" o`));
    this.addSql(`create trigger "creator_profiles_area_counts_insert" after insert on "creator_profiles"
      referencing new table as "inserted_rows" for each statement execute function "area_listing_counts_insert"();`);
    this.addSql(`create trigger "creator_profiles_area_counts_update" after update on "creator_profiles"
      referencing new table as "inserted_rows" old table as "deleted_rows" for each statement execute function "area_listing_counts_update"();`);
    this.addSql(`create trigger "creator_profiles_area_counts_delete" after delete on "creator_profiles"
      referencing old table as "deleted_rows" for each statement execute function "area_listing_counts_delete"();`);
    // The most followed first within a city and within a neighbourhood, for the pages' cards: the
    // listing's followers index spans every city, and for a neighbourhood it walked tens of
    // thousands of other rows (300 ms at 1,000,000).
    this.addSql(
      `create index "creator_profiles_listed_city_followers_idx" on "creator_profiles" ("city_slug", "total_followers" desc, "created_at" desc, "id") where ${listed('creator_profiles')};`,
    );
    this.addSql(
      `create index "creator_profiles_listed_neighborhood_followers_idx" on "creator_profiles" ("city_slug", (${neighborhoodSlug('creator_profiles')}), "total_followers" desc, "created_at" desc, "id") where ${listed('creator_profiles')};`,
    );
    // The numbers of the rows already there.
    this.addSql(`insert into "area_listing_counts" ("city_slug", "kind", "slug", "spelling", "bucket", "total")
      select s.city_slug, s.kind, s.slug, s.spelling, s.bucket, sum(s.d)
        from (${contributions(`select 1 as d, p.* from "creator_profiles" p`)}) s group by 1, 2, 3, 4, 5;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "creator_profiles_listed_neighborhood_followers_idx";`);
    this.addSql(`drop index if exists "creator_profiles_listed_city_followers_idx";`);
    for (const op of ['insert', 'update', 'delete']) {
      this.addSql(`drop trigger if exists "creator_profiles_area_counts_${op}" on "creator_profiles";`);
      this.addSql(`drop function if exists "area_listing_counts_${op}"();`);
    }
    this.addSql(`drop table if exists "area_listing_counts";`);
  }
}
