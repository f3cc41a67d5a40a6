import { Migration } from '@mikro-orm/migrations';

/**
 * The creator's numbers (issue 28 point 1, decision 0820): profile views and appearances per
 * creator, per day (the city's calendar) and, for views, per source, added up in batches by each
 * API process. Counts only: no address, agent or account of a visitor. Rows go with their profile.
 * Shortlist saves are read from `shortlist_entries` per day, hence its index by profile.
 */
export class Migration20261126170000CreatorDailyCounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "creator_daily_counts" (
      "profile_id" uuid not null references "creator_profiles" ("id") on delete cascade,
      "day" date not null,
      "measure" text not null check ("measure" in ('views', 'appearances')),
      "source" text not null default '',
      "n" integer not null check ("n" >= 0),
      primary key ("profile_id", "day", "measure", "source"));`);
    this.addSql(`create index "creator_daily_counts_day" on "creator_daily_counts" ("day");`);
    this.addSql(
      `create index "shortlist_entries_profile_added" on "shortlist_entries" ("profile_id", "added_at" desc);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "shortlist_entries_profile_added";`);
    this.addSql(`drop table "creator_daily_counts";`);
  }
}
