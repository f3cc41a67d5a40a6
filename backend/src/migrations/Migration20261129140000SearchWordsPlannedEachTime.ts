import { Migration } from '@mikro-orm/migrations';
import { searchWordsFunctions } from './search-words-triggers';

/**
 * The word table's triggers (Migration20261128100000SearchWords) run their statements through
 * EXECUTE, so each statement is planned for the rows it has. As plain PL/pgSQL statements their
 * plans were kept by the session: after a few one-row updates PostgreSQL kept the plan made for
 * one row, and the update trigger's pairing of old and new rows by id became a nested loop over
 * two transition tables without an index, quadratic in the rows of the statement (10,000 rows:
 * 79 s where a fresh connection took 4 s). A statement trigger runs once per statement, so
 * planning each time costs next to nothing. Same statements, same results.
 */
export class Migration20261129140000SearchWordsPlannedEachTime extends Migration {
  override async up(): Promise<void> {
    for (const sql of searchWordsFunctions('each time', 'create or replace')) this.addSql(sql);
  }

  override async down(): Promise<void> {
    // The statements as the earlier migration wrote them (kept plans).
    for (const sql of searchWordsFunctions('kept', 'create or replace')) this.addSql(sql);
  }
}
