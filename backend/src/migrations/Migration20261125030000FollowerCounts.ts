import { Migration } from '@mikro-orm/migrations';

/**
 * Fresh follower counts (issue 15, decision 0503): each platform's count with the date the creator
 * last confirmed it, when they were last reminded, and the last jump (before, when) for the admins.
 * Profiles written before this migration: the counts as confirmed at the profile's last save.
 */
export class Migration20261125030000FollowerCounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "follower_counts" (
      "id" uuid not null primary key,
      -- Checked at commit: a new profile and its counts are written in one flush, in either order.
      "profile_id" uuid not null references "creator_profiles" ("id") on delete cascade deferrable initially deferred,
      "platform" varchar(20) not null,
      "handle" varchar(100) not null,
      "followers" bigint not null,
      "confirmed_at" timestamptz not null,
      "reminded_at" timestamptz null,
      "previous_followers" bigint null,
      "jumped_at" timestamptz null,
      "created_at" timestamptz not null
    );`);
    this.addSql(`create index "follower_counts_profile_index" on "follower_counts" ("profile_id");`);
    // The reminder sweep and the admins' stale list read the oldest first.
    this.addSql(`create index "follower_counts_confirmed_index" on "follower_counts" ("confirmed_at");`);
    this
      .addSql(`insert into "follower_counts" ("id", "profile_id", "platform", "handle", "followers", "confirmed_at", "created_at")
      select gen_random_uuid(), s.id, s.platform, s.handle, s.followers, s.updated_at, now()
        from (select distinct on (p.id, e->>'name', lower(ltrim(trim(e->>'handle'), '@')))
                     p.id, p.updated_at, e->>'name' as platform, e->>'handle' as handle, coalesce((e->>'followers')::bigint, 0) as followers
                from "creator_profiles" p, jsonb_array_elements(p."platforms") e) s;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "follower_counts";`);
  }
}
