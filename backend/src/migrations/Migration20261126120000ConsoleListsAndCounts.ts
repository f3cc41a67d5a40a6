import { Migration } from '@mikro-orm/migrations';

/**
 * The console's lists and counts without reading every creator (issue 25, decision 0262).
 *  - `creator_status_counts`: one row per approval status with its creators and, for rejected, how
 *    many updated their application since; triggers keep it exact in the writing transaction.
 *    The dashboard and a list's total without a text search read it instead of counting rows.
 *  - Indexes for each order the console offers (the key, then id: a page is one index walk, either
 *    direction), with and without a status; trigram indexes for the search's name and
 *    neighborhood, and a GIN index for its niches.
 */
export class Migration20261126120000ConsoleListsAndCounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "creator_status_counts" (
      "approval_status" varchar(20) primary key,
      "creators" bigint not null default 0,
      "updated_after_rejection" bigint not null default 0
    );`);
    this.addSql(`insert into "creator_status_counts" ("approval_status") values ('pending'), ('approved'), ('rejected');`);
    this.addSql(`update "creator_status_counts" c set "creators" = s."creators", "updated_after_rejection" = s."updated"
      from (select "approval_status", count(*) as "creators", count("updated_after_rejection_at") as "updated" from "creator_profiles" group by 1) s
      where s."approval_status" = c."approval_status";`);
    // Both rows locked in one order first, so two decisions in opposite directions cannot deadlock.
    this.addSql(`create function "creator_status_counts_apply"() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          perform 1 from "creator_status_counts" where "approval_status" in (old."approval_status", new."approval_status") order by "approval_status" for update;
        end if;
        if tg_op in ('UPDATE', 'DELETE') then
          update "creator_status_counts" set "creators" = "creators" - 1,
            "updated_after_rejection" = "updated_after_rejection" - (old."updated_after_rejection_at" is not null)::int
          where "approval_status" = old."approval_status";
        end if;
        if tg_op in ('UPDATE', 'INSERT') then
          update "creator_status_counts" set "creators" = "creators" + 1,
            "updated_after_rejection" = "updated_after_rejection" + (new."updated_after_rejection_at" is not null)::int
          where "approval_status" = new."approval_status";
        end if;
        return null;
      end $$;`);
    this.addSql(`create function "creator_status_counts_clear"() returns trigger language plpgsql as $$
      begin
        update "creator_status_counts" set "creators" = 0, "updated_after_rejection" = 0;
        return null;
      end $$;`);
    this.addSql(`create trigger "creator_status_counts_write" after insert or delete on "creator_profiles"
      for each row execute function "creator_status_counts_apply"();`);
    this.addSql(`create trigger "creator_status_counts_change" after update of "approval_status", "updated_after_rejection_at" on "creator_profiles"
      for each row when (old."approval_status" is distinct from new."approval_status"
        or (old."updated_after_rejection_at" is null) <> (new."updated_after_rejection_at" is null))
      execute function "creator_status_counts_apply"();`);
    this.addSql(`create trigger "creator_status_counts_truncate" after truncate on "creator_profiles"
      for each statement execute function "creator_status_counts_clear"();`);

    for (const [name, columns] of ADMIN_INDEXES) this.addSql(`create index "${name}" on "creator_profiles" (${columns});`);
    this.addSql(`create index "creator_profiles_admin_name_trgm_idx" on "creator_profiles" using gin ("full_name" gin_trgm_ops);`);
    this.addSql(`create index "creator_profiles_admin_neighborhood_trgm_idx" on "creator_profiles" using gin ("neighborhood" gin_trgm_ops);`);
    this.addSql(`create index "creator_profiles_admin_niches_idx" on "creator_profiles" using gin ("niches");`);
  }

  override async down(): Promise<void> {
    for (const name of [
      'creator_profiles_admin_niches_idx',
      'creator_profiles_admin_neighborhood_trgm_idx',
      'creator_profiles_admin_name_trgm_idx',
      ...ADMIN_INDEXES.map(([n]) => n),
    ]) {
      this.addSql(`drop index if exists "${name}";`);
    }
    this.addSql(`drop trigger if exists "creator_status_counts_truncate" on "creator_profiles";`);
    this.addSql(`drop trigger if exists "creator_status_counts_change" on "creator_profiles";`);
    this.addSql(`drop trigger if exists "creator_status_counts_write" on "creator_profiles";`);
    this.addSql(`drop function if exists "creator_status_counts_clear"();`);
    this.addSql(`drop function if exists "creator_status_counts_apply"();`);
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
