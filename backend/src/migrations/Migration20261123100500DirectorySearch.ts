import { Migration } from '@mikro-orm/migrations';

const LISTED = `"is_public" and "approval_status" = 'approved' and "phone_verified"`;

/**
 * Directory search and keyset paging at 100,000 creators (decision 0204).
 *
 * - `search_names`: the names a visitor sees on a card, lowercased: the full name when the creator
 *   lets us show it, and every platform handle without its '@'. A trigram index lets `q` find any
 *   part of a name or handle.
 * - `search_doc`: PostgreSQL text search over the same names (weight A), niches and neighborhood
 *   (B) and bio (C), the 'simple' configuration (names and handles are not English words).
 *   `q` matches word prefixes here, ranked by ts_rank.
 * - Both are generated columns, so every write keeps them current; the functions are immutable.
 * - A btree on the shown-name sort key lets the name order page by keyset like the other two; a
 *   trigram index on the neighborhood and a jsonb index on platforms serve those filters' counts.
 * Every index is partial on the listing rule, like the directory's existing ones.
 */
export class Migration20261123100500DirectorySearch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this
      .addSql(`create or replace function creator_search_names(show_name boolean, full_name text, platforms jsonb) returns text
      language sql immutable parallel safe as $$
        select lower(concat_ws(' ', case when show_name then full_name end,
          (select string_agg(ltrim(trim(e->>'handle'), '@'), ' ') from jsonb_array_elements(
             case when jsonb_typeof(platforms) = 'array' then platforms else '[]'::jsonb end) e)))
      $$;`);
    this
      .addSql(`create or replace function creator_search_doc(names text, niches text[], neighborhood text, bio text) returns tsvector
      language sql immutable parallel safe as $$
        select setweight(to_tsvector('simple'::regconfig, coalesce(names, '')), 'A')
          || setweight(to_tsvector('simple'::regconfig, concat_ws(' ', array_to_string(niches, ' '), neighborhood)), 'B')
          || setweight(to_tsvector('simple'::regconfig, coalesce(bio, '')), 'C')
      $$;`);
    this.addSql(`alter table "creator_profiles"
      add column "search_names" text generated always as (creator_search_names("can_use_name_publicly", "full_name", "platforms")) stored;`);
    this.addSql(`alter table "creator_profiles"
      add column "search_doc" tsvector generated always as (creator_search_doc(creator_search_names("can_use_name_publicly", "full_name", "platforms"), "niches", "neighborhood", "bio")) stored;`);
    this.addSql(
      `create index "creator_profiles_listed_search_doc_idx" on "creator_profiles" using gin ("search_doc") where ${LISTED};`,
    );
    this.addSql(
      `create index "creator_profiles_listed_search_names_idx" on "creator_profiles" using gin ("search_names" gin_trgm_ops) where ${LISTED};`,
    );
    this.addSql(
      `create index "creator_profiles_listed_neighborhood_idx" on "creator_profiles" using gin ("neighborhood" gin_trgm_ops) where ${LISTED};`,
    );
    this.addSql(
      `create index "creator_profiles_listed_platforms_idx" on "creator_profiles" using gin ("platforms" jsonb_path_ops) where ${LISTED};`,
    );
    this
      .addSql(`create index "creator_profiles_listed_name_idx" on "creator_profiles" ((lower(case when "can_use_name_publicly" then "full_name"
      else ltrim(coalesce(nullif(trim("platforms"->0->>'handle'), ''), nullif(trim("platforms"->1->>'handle'), ''), 'Local creator'), '@') end)), "id") where ${LISTED};`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "creator_profiles_listed_name_idx";`);
    this.addSql(`drop index if exists "creator_profiles_listed_platforms_idx";`);
    this.addSql(`drop index if exists "creator_profiles_listed_neighborhood_idx";`);
    this.addSql(`drop index if exists "creator_profiles_listed_search_names_idx";`);
    this.addSql(`drop index if exists "creator_profiles_listed_search_doc_idx";`);
    this.addSql(
      `alter table "creator_profiles" drop column if exists "search_doc", drop column if exists "search_names";`,
    );
    this.addSql(`drop function if exists creator_search_doc(text, text[], text, text);`);
    this.addSql(`drop function if exists creator_search_names(boolean, text, jsonb);`);
  }
}
