import { Migration } from '@mikro-orm/migrations';
import { listedRow, searchWordsFunctions } from './search-words-triggers';

/**
 * How many listed creators of each city have each word of the directory's text search
 * (`search_doc`'s lexemes), kept by statement triggers in the writing transaction like the listing
 * counts (decision 0280). The search asks it, before reading any creator, whether a word is
 * common (its matches are "1,000+" without counting: no bitmap of every match), rare (the text
 * index finds its few rows), or known to no listed creator ("Did you mean", decision 0250, looks
 * for close words here, not among names).
 *
 * - `word` is in the C collation, so a word being typed (a prefix) is a range of the primary key.
 * - An update writes only for rows whose words, city or listing changed: the update trigger pairs
 *   the old and new rows by id, and most updates (a reply time, a view) change neither.
 * - A word no listed creator has any more is deleted (the partial index finds those rows).
 * - The trigram index over the words finds the close words of a word nobody has; fuzzystrmatch's
 *   levenshtein ranks them.
 */
export class Migration20261128100000SearchWords extends Migration {
  override async up(): Promise<void> {
    // levenshtein: a close word with two letters swapped ("lorian", "lorain") shares few trigrams.
    this.addSql(`create extension if not exists fuzzystrmatch;`);
    this.addSql(`create table "search_words" (
      "word" text collate "C" not null, "city_slug" text not null, "creators" integer not null,
      primary key ("word", "city_slug"));`);
    this.addSql(`create index "search_words_emptied_idx" on "search_words" ("word") where "creators" <= 0;`);
    this.addSql(`create index "search_words_trgm_idx" on "search_words" using gin ("word" gin_trgm_ops);`);
    for (const sql of searchWordsFunctions('kept', 'create')) this.addSql(sql);
    this.addSql(`create trigger "creator_profiles_search_words_insert" after insert on "creator_profiles"
      referencing new table as "inserted_rows" for each statement execute function "search_words_insert"();`);
    this.addSql(`create trigger "creator_profiles_search_words_update" after update on "creator_profiles"
      referencing new table as "inserted_rows" old table as "deleted_rows" for each statement execute function "search_words_update"();`);
    this.addSql(`create trigger "creator_profiles_search_words_delete" after delete on "creator_profiles"
      referencing old table as "deleted_rows" for each statement execute function "search_words_delete"();`);
    // The words of the rows already there.
    this.addSql(`insert into "search_words" ("word", "city_slug", "creators")
      select w.word, p."city_slug", count(*) from "creator_profiles" p cross join unnest(tsvector_to_array(p."search_doc")) w(word)
       where ${listedRow('p')} group by 1, 2;`);
  }

  override async down(): Promise<void> {
    for (const op of ['insert', 'update', 'delete']) {
      this.addSql(`drop trigger if exists "creator_profiles_search_words_${op}" on "creator_profiles";`);
      this.addSql(`drop function if exists "search_words_${op}"();`);
    }
    this.addSql(`drop table if exists "search_words";`);
  }
}
