import { Migration } from '@mikro-orm/migrations';

/**
 * The console's lists and counts without reading every creator (issue 25, decision 0262).
 *  - `creator_status_counts`: one row per approval status with its creators and, for rejected, how
 *    many updated their application since; statement triggers keep it exact in the writing
 *    transaction (visible exactly when the change is).
 *    The dashboard and a list's total without a text search read it instead of counting rows.
 *  - Indexes for each order the console offers (the key, then id: a page is one index walk, either
 *    direction), with and without a status; trigram indexes for the search's name and
 *    neighborhood (and the account e-mail), and a GIN index for its niches.
 */
export class Migration20261126120100ConsoleListsAndCounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "creator_status_counts" (
      "approval_status" varchar(20) primary key,
      "creators" bigint not null default 0,
      "updated_after_rejection" bigint not null default 0
    );`);
    this.addSql(
      `insert into "creator_status_counts" ("approval_status") values ('pending'), ('approved'), ('rejected');`,
    );
    this.addSql(`update "creator_status_counts" c set "creators" = s."creators", "updated_after_rejection" = s."updated"
      from (select "approval_status", count(*) as "creators", count("updated_after_rejection_at") as "updated" from "creator_profiles" group by 1) s
      where s."approval_status" = c."approval_status";`);
    // Statement triggers with transition tables, as listing_counts (decision 0211): a bulk change is
    // one update per status; an edit that moves no row between statuses (nor in or out of
    // "updated since the rejection") writes nothing; statuses are locked in their sort order, so
    // two decisions in opposite directions cannot deadlock.
    const apply = (
      deltas: string,
    ) => `insert into "creator_status_counts" ("approval_status", "creators", "updated_after_rejection")
        select x."approval_status", sum(x.d), sum(case when x."updated_after_rejection_at" is not null then x.d else 0 end)
        from (${deltas}) x group by x."approval_status"
        having sum(x.d) <> 0 or sum(case when x."updated_after_rejection_at" is not null then x.d else 0 end) <> 0
        order by x."approval_status"
        on conflict ("approval_status") do update set "creators" = "creator_status_counts"."creators" + excluded."creators",
          "updated_after_rejection" = "creator_status_counts"."updated_after_rejection" + excluded."updated_after_rejection";`;
    const fn = (name: string, deltas: string) =>
      `create function "${name}"() returns trigger language plpgsql as $$ begin ${apply(deltas)} return null; end $$;`;
    this.addSql(
      fn(
        'creator_status_counts_insert',
        `select 1 as d, n."approval_status", n."updated_after_rejection_at" from "inserted_rows" n`,
      ),
    );
    this.addSql(
      fn(
        'creator_status_counts_update',
        `select 1 as d, n."approval_status", n."updated_after_rejection_at" from "inserted_rows" n
         union all select -1, o."approval_status", o."updated_after_rejection_at" from "deleted_rows" o`,
      ),
    );
    this.addSql(
      fn(
        'creator_status_counts_delete',
        `select -1 as d, o."approval_status", o."updated_after_rejection_at" from "deleted_rows" o`,
      ),
    );
    this.addSql(`create function "creator_status_counts_clear"() returns trigger language plpgsql as $$
      begin
        update "creator_status_counts" set "creators" = 0, "updated_after_rejection" = 0;
        return null;
      end $$;`);
    this.addSql(`create trigger "creator_status_counts_insert" after insert on "creator_profiles"
      referencing new table as "inserted_rows" for each statement execute function "creator_status_counts_insert"();`);
    this.addSql(`create trigger "creator_status_counts_update" after update on "creator_profiles"
      referencing new table as "inserted_rows" old table as "deleted_rows" for each statement execute function "creator_status_counts_update"();`);
    this.addSql(`create trigger "creator_status_counts_delete" after delete on "creator_profiles"
      referencing old table as "deleted_rows" for each statement execute function "creator_status_counts_delete"();`);
    this.addSql(`create trigger "creator_status_counts_truncate" after truncate on "creator_profiles"
      for each statement execute function "creator_status_counts_clear"();`);

    for (const [name, columns] of ADMIN_INDEXES)
      this.addSql(`create index "${name}" on "creator_profiles" (${columns});`);
    this.addSql(
      `create index "creator_profiles_admin_name_trgm_idx" on "creator_profiles" using gin ("full_name" gin_trgm_ops);`,
    );
    this.addSql(
      `create index "creator_profiles_admin_neighborhood_trgm_idx" on "creator_profiles" using gin ("neighborhood" gin_trgm_ops);`,
    );
    this.addSql(`create index "creator_profiles_admin_niches_idx" on "creator_profiles" using gin ("niches");`);
    // The same search finds creators by their account's e-mail (identity's table, asked by moderation).
    this.addSql(`create index "users_email_trgm_idx" on "users" using gin ("email" gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    for (const name of [
      'users_email_trgm_idx',
      'creator_profiles_admin_niches_idx',
      'creator_profiles_admin_neighborhood_trgm_idx',
      'creator_profiles_admin_name_trgm_idx',
      ...ADMIN_INDEXES.map(([n]) => n),
    ]) {
      this.addSql(`drop index if exists "${name}";`);
    }
    this.addSql(`drop trigger if exists "creator_status_counts_truncate" on "creator_profiles";`);
    this.addSql(`drop function if exists "creator_status_counts_clear"();`);
    for (const op of ['insert', 'update', 'delete']) {
      this.addSql(`drop trigger if exists "creator_status_counts_${op}" on "creator_profiles";`);
      this.addSql(`drop function if exists "creator_status_counts_${op}"();`);
    }
    this.addSql(`drop table if exists "creator_status_counts";`);
  }
}

const ADMIN_INDEXES: [string, string][] = [
  ['creator_profiles_admin_created_idx', '"created_at", "id"'],
  ['creator_profiles_admin_updated_idx', '"updated_at", "id"'],
  ['creator_profiles_admin_full_name_idx', '"full_name", "id"'],
  ['creator_profiles_admin_status_idx', '"approval_status", "id"'],
  ['creator_profiles_admin_status_created_idx', '"approval_status", "created_at", "id"'],
  ['creator_profiles_admin_status_updated_idx', '"approval_status", "updated_at", "id"'],
  ['creator_profiles_admin_status_full_name_idx', '"approval_status", "full_name", "id"'],
];
