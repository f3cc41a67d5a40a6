/**
 * The word table's trigger functions (decision 0280), written once for the migrations that create
 * and change them. `planned` says how their statements are planned: 'kept' as plain PL/pgSQL
 * statements (the session keeps a plan: Migration20261128100000SearchWords), 'each time' through
 * EXECUTE (Migration20261129140000SearchWordsPlannedEachTime, which says why).
 */
/** The listing rule of a row, as SQL (a creator the directory shows). */
export const listedRow = (row: string) =>
  `(${row}."is_public" and ${row}."approval_status" = 'approved' and ${row}."phone_verified")`;

export function searchWordsFunctions(planned: 'kept' | 'each time', create: 'create' | 'create or replace'): string[] {
  const words = (rows: string) =>
    `select x.d, x."city_slug", w.word from (${rows}) x cross join unnest(tsvector_to_array(x."search_doc")) w(word)`;
  const upsert = (rows: string) => `insert into "search_words" ("word", "city_slug", "creators")
        select s.word, s.city_slug, sum(s.d) from (${words(rows)}) s
        group by s.word, s.city_slug having sum(s.d) <> 0 order by s.word, s.city_slug
        on conflict ("word", "city_slug") do update set "creators" = "search_words"."creators" + excluded."creators"`;
  const emptied = `delete from "search_words" where "creators" <= 0`;
  const apply = (rows: string) =>
    planned === 'kept'
      ? `${upsert(rows)};\n      ${emptied};`
      : `execute $sql$ ${upsert(rows)} $sql$;\n      execute $sql$ ${emptied} $sql$;`;
  const fn = (name: string, rows: string) =>
    `${create} function "${name}"() returns trigger language plpgsql as $$ begin ${apply(rows)} return null; end $$;`;
  // The rows whose contribution changed: listed before or after, and words, city or listing moved.
  const changed = `(n."search_doc" <> o."search_doc" or n."city_slug" <> o."city_slug" or ${listedRow('n')} <> ${listedRow('o')})`;
  return [
    fn(
      'search_words_insert',
      `select 1 as d, n."city_slug", n."search_doc" from "inserted_rows" n where ${listedRow('n')}`,
    ),
    fn(
      'search_words_update',
      `select 1 as d, n."city_slug", n."search_doc" from "inserted_rows" n join "deleted_rows" o on o."id" = n."id" where ${listedRow('n')} and ${changed}
         union all
         select -1, o."city_slug", o."search_doc" from "inserted_rows" n join "deleted_rows" o on o."id" = n."id" where ${listedRow('o')} and ${changed}`,
    ),
    fn(
      'search_words_delete',
      `select -1 as d, o."city_slug", o."search_doc" from "deleted_rows" o where ${listedRow('o')}`,
    ),
  ];
}
