import { Migration } from '@mikro-orm/migrations';
import { migrationContext } from './migration-context';

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** The same as slugOf (modules/city/domain/city.ts), in SQL. */
const slugSql = (expr: string) => `trim(both '-' from regexp_replace(lower(${expr}), '[^a-z0-9]+', '-', 'g'))`;

/**
 * Issue 26, decision 0600: cities are data. The `cities` table gets the home city (CITY) and any
 * other city name creators already carry; creators, businesses, introductions, contact messages and
 * audit entries get the slug of the city they belong to (the home city unless a creator's own says
 * otherwise), and admins may be given cities (`admin_city_grants`; none = every city, decision 0601).
 */
export class Migration20261126030000Cities extends Migration {
  override async up(): Promise<void> {
    const home = migrationContext.city;
    const homeSlug =
      home
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'home';
    this.addSql(`create table "cities" (
      "slug" varchar(60) not null primary key check ("slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      "name" varchar(100) not null constraint "cities_name_unique" unique,
      "state" varchar(60) not null default '',
      "time_zone" varchar(64) not null default 'America/New_York',
      "neighborhoods" text[] not null default '{}',
      "copy" jsonb not null default '{}',
      "host" varchar(255) null constraint "cities_host_unique" unique,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(
      `insert into "cities" ("slug", "name", "state") values (${literal(homeSlug)}, ${literal(home)}, 'OH');`,
    );
    // An install whose CITY changed over time has creators of earlier cities: each keeps its own.
    this.addSql(
      `insert into "cities" ("slug", "name", "state")
         select distinct on (${slugSql('"city"')}) ${slugSql('"city"')}, "city", 'OH' from "creator_profiles"
          where ${slugSql('"city"')} <> '' order by ${slugSql('"city"')}, "city"
         on conflict do nothing;`,
    );

    // Each city column defaults to the home city, so rows written without one (older code still
    // draining during an upgrade, raw inserts of tests and benches) land where they did before.
    const column = `"city_slug" varchar(60) not null default ${literal(homeSlug)} references "cities" ("slug") on update cascade`;
    this.addSql(`alter table "creator_profiles" add column ${column};`);
    // Only creators of an earlier CITY move off the default (no rewrite of the whole table).
    this.addSql(
      `update "creator_profiles" p set "city_slug" = c."slug" from "cities" c where c."name" = p."city" and c."slug" <> ${literal(homeSlug)};`,
    );
    this.addSql(
      `create index "creator_profiles_city_created_idx" on "creator_profiles" ("city_slug", "created_at" desc, "id");`,
    );

    this.addSql(`alter table "amplify_submissions" add column ${column};`);
    this.addSql(
      `create index "amplify_submissions_city_created_idx" on "amplify_submissions" ("city_slug", "created_at" desc);`,
    );

    this.addSql(`alter table "amplify_interest_requests" add column ${column};`);
    this.addSql(
      `update "amplify_interest_requests" r set "city_slug" = s."city_slug" from "amplify_submissions" s where s."id" = r."submission_id";`,
    );
    this.addSql(
      `create index "amplify_interest_requests_city_created_idx" on "amplify_interest_requests" ("city_slug", "created_at" desc);`,
    );

    this.addSql(`alter table "contact_requests" add column ${column};`);
    this.addSql(
      `update "contact_requests" r set "city_slug" = p."city_slug" from "creator_profiles" p where p."id" = r."profile_id";`,
    );
    this.addSql(`create index "contact_requests_city_idx" on "contact_requests" ("city_slug", "profile_id");`);

    // The trail's entries are the city's of the record they name, so a city's admins read only theirs.
    this.addSql(`alter table "moderation_audit_log" add column ${column};`);
    this.addSql(
      `update "moderation_audit_log" a set "city_slug" = p."city_slug" from "creator_profiles" p where a."subject_type" = 'creator_profile' and p."id" = a."subject_id";`,
    );
    this.addSql(
      `update "moderation_audit_log" a set "city_slug" = s."city_slug" from "amplify_submissions" s where a."subject_type" = 'amplify_submission' and s."id" = a."subject_id";`,
    );
    this.addSql(
      `create index "moderation_audit_log_city_created_idx" on "moderation_audit_log" ("city_slug", "created_at" desc);`,
    );

    this.addSql(`create table "admin_city_grants" (
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "city_slug" varchar(60) not null references "cities" ("slug") on update cascade on delete cascade,
      "created_at" timestamptz not null default now(),
      primary key ("user_id", "city_slug")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "admin_city_grants";`);
    for (const table of [
      'moderation_audit_log',
      'contact_requests',
      'amplify_interest_requests',
      'amplify_submissions',
      'creator_profiles',
    ])
      this.addSql(`alter table "${table}" drop column if exists "city_slug";`);
    this.addSql(`drop table if exists "cities";`);
  }
}
