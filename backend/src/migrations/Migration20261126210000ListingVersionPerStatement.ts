import { Migration } from '@mikro-orm/migrations';

const LISTED = `p."is_public" and p."approval_status" = 'approved' and p."phone_verified"`;
const FACT_TABLES = ['handle_checks', 'follower_counts'] as const;

/**
 * The listing version moves once per statement, not once per row (decision 0224). The row
 * triggers of migrations 0006 and ListingFacts updated the version's one row for every listed row
 * a statement touched, and PostgreSQL keeps every version of that row until the transaction ends,
 * so each update walked the ones before it: 5,000, 10,000 and 20,000 listed rows in one statement
 * took 2.3, 5.4 and 20.6 s, and a bulk change of a large city would have taken hours. Statement
 * triggers see the statement's rows as transition tables and move the version once if any of them
 * is (or was) listed. Same names, same rule: a write that touches a listed profile, or a fact of
 * one, moves it; others do not.
 */
export class Migration20261126210000ListingVersionPerStatement extends Migration {
  override async up(): Promise<void> {
    for (const op of ['insert', 'update', 'delete'])
      this.addSql(`drop trigger if exists "creator_profiles_listing_${op}" on "creator_profiles";`);
    for (const table of FACT_TABLES) this.addSql(`drop trigger if exists "${table}_listing" on "${table}";`);

    // Each branch names only the transition tables its event has (plpgsql plans a statement when it first runs).
    this.addSql(`create function "bump_listing_version_for_profiles"() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          if exists (select 1 from "new_rows" p where ${LISTED}) then perform "move_listing_version"(); end if;
        elsif tg_op = 'DELETE' then
          if exists (select 1 from "old_rows" p where ${LISTED}) then perform "move_listing_version"(); end if;
        elsif exists (select 1 from "new_rows" p where ${LISTED}) or exists (select 1 from "old_rows" p where ${LISTED}) then
          perform "move_listing_version"();
        end if;
        return null;
      end $$;`);
    this.addSql(`create function "bump_listing_version_for_facts"() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          if exists (select 1 from "new_rows" f join "creator_profiles" p on p."id" = f."profile_id" where ${LISTED}) then
            perform "move_listing_version"();
          end if;
        elsif tg_op = 'DELETE' then
          if exists (select 1 from "old_rows" f join "creator_profiles" p on p."id" = f."profile_id" where ${LISTED}) then
            perform "move_listing_version"();
          end if;
        elsif exists (select 1 from "new_rows" f join "creator_profiles" p on p."id" = f."profile_id" where ${LISTED})
           or exists (select 1 from "old_rows" f join "creator_profiles" p on p."id" = f."profile_id" where ${LISTED}) then
          perform "move_listing_version"();
        end if;
        return null;
      end $$;`);

    const statementTriggers = (table: string, name: (op: string) => string, fn: string) => {
      this.addSql(`create trigger "${name('insert')}" after insert on "${table}"
        referencing new table as "new_rows" for each statement execute function "${fn}"();`);
      this.addSql(`create trigger "${name('update')}" after update on "${table}"
        referencing old table as "old_rows" new table as "new_rows" for each statement execute function "${fn}"();`);
      this.addSql(`create trigger "${name('delete')}" after delete on "${table}"
        referencing old table as "old_rows" for each statement execute function "${fn}"();`);
    };
    statementTriggers(
      'creator_profiles',
      (op) => `creator_profiles_listing_${op}`,
      'bump_listing_version_for_profiles',
    );
    for (const table of FACT_TABLES)
      statementTriggers(table, (op) => `${table}_listing_${op}`, 'bump_listing_version_for_facts');
  }

  override async down(): Promise<void> {
    for (const op of ['insert', 'update', 'delete']) {
      this.addSql(`drop trigger if exists "creator_profiles_listing_${op}" on "creator_profiles";`);
      for (const table of FACT_TABLES) this.addSql(`drop trigger if exists "${table}_listing_${op}" on "${table}";`);
    }
    this.addSql(`drop function if exists "bump_listing_version_for_profiles"();`);
    this.addSql(`drop function if exists "bump_listing_version_for_facts"();`);
    const listed = (row: string) =>
      `(${row}."is_public" and ${row}."approval_status" = 'approved' and ${row}."phone_verified")`;
    this.addSql(`create trigger "creator_profiles_listing_insert" after insert on "creator_profiles"
      for each row when ${listed('new')} execute function "bump_listing_version"();`);
    this.addSql(`create trigger "creator_profiles_listing_update" after update on "creator_profiles"
      for each row when (${listed('old')} or ${listed('new')}) execute function "bump_listing_version"();`);
    this.addSql(`create trigger "creator_profiles_listing_delete" after delete on "creator_profiles"
      for each row when ${listed('old')} execute function "bump_listing_version"();`);
    for (const table of FACT_TABLES) {
      this.addSql(`create trigger "${table}_listing" after insert or update or delete on "${table}"
        for each row execute function "bump_listing_version_for_fact"();`);
    }
  }
}
