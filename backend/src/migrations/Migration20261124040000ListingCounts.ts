import { Migration } from '@mikro-orm/migrations';

const listed = (row: string) =>
  `(${row}."is_public" and ${row}."approval_status" = 'approved' and ${row}."phone_verified")`;

/**
 * How many creators are listed, in all (scope '*') and per niche, kept up to date by the writes
 * themselves (issue 12): the directory's overview read them with `count(*)` over every listed row,
 * 60–90 ms at 100,000 creators on the first read after each change. Statement triggers with
 * transition tables fold a bulk change into one update per scope; a change that leaves a row's
 * listing and niches as they were writes nothing (the +1 and -1 cancel). Scopes are updated in
 * their sort order, so two concurrent changes cannot deadlock on them. Like the listing version,
 * the counts change in the writing transaction and are visible exactly when the change is.
 */
export class Migration20261124040000ListingCounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "listing_counts" ("scope" text primary key, "total" integer not null);`);
    // A creator counts once in '*' and once per niche they list (as `unnest(niches)` counted).
    const apply = (deltas: string) => `insert into "listing_counts" ("scope", "total")
        select s.scope, sum(s.d) from (
          select x.d, '*' as scope from (${deltas}) x where ${listed('x')}
          union all
          select x.d, unnest(x."niches") from (${deltas}) x where ${listed('x')}
        ) s group by s.scope having sum(s.d) <> 0 order by s.scope
        on conflict ("scope") do update set "total" = "listing_counts"."total" + excluded."total";`;
    const fn = (name: string, deltas: string) =>
      `create function "${name}"() returns trigger language plpgsql as $$ begin ${apply(deltas)} return null; end $$;`;
    this.addSql(fn('listing_counts_insert', `select 1 as d, n.* from "inserted_rows" n`));
    this.addSql(
      fn(
        'listing_counts_update',
        `select 1 as d, n.* from "inserted_rows" n union all select -1, o.* from "deleted_rows" o`,
      ),
    );
    this.addSql(fn('listing_counts_delete', `select -1 as d, o.* from "deleted_rows" o`));
    this.addSql(`create trigger "creator_profiles_counts_insert" after insert on "creator_profiles"
      referencing new table as "inserted_rows" for each statement execute function "listing_counts_insert"();`);
    this.addSql(`create trigger "creator_profiles_counts_update" after update on "creator_profiles"
      referencing new table as "inserted_rows" old table as "deleted_rows" for each statement execute function "listing_counts_update"();`);
    this.addSql(`create trigger "creator_profiles_counts_delete" after delete on "creator_profiles"
      referencing old table as "deleted_rows" for each statement execute function "listing_counts_delete"();`);
    // The counts of the rows already there.
    this.addSql(`insert into "listing_counts" ("scope", "total")
      select '*', count(*) from "creator_profiles" p where ${listed('p')}
      union all
      select n, count(*) from "creator_profiles" p, unnest(p."niches") n where ${listed('p')} group by n;`);
  }

  override async down(): Promise<void> {
    for (const op of ['insert', 'update', 'delete']) {
      this.addSql(`drop trigger if exists "creator_profiles_counts_${op}" on "creator_profiles";`);
      this.addSql(`drop function if exists "listing_counts_${op}"();`);
    }
    this.addSql(`drop table if exists "listing_counts";`);
  }
}
