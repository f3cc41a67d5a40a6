import { Migration } from '@mikro-orm/migrations';

/**
 * Follower jumps over a rolling window (issue 23, decision 0510): each count keeps its recent
 * values; a jump waits for an admin (`jump_reviewed_at`), and until then the profile names it in
 * `followers_under_review` and gets no Featured badge from it. Jumps flagged before this count as
 * looked at; the counts' window starts with their value now.
 */
export class Migration20261126020300FollowerJumpWindow extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "follower_counts" add column "jump_reviewed_at" timestamptz null, add column "recent" jsonb not null default '[]';`,
    );
    this.addSql(`update "follower_counts" set "jump_reviewed_at" = "jumped_at" where "jumped_at" is not null;`);
    this.addSql(
      `update "follower_counts" set "recent" = jsonb_build_array(jsonb_build_object('followers', "followers", 'at', to_char("confirmed_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));`,
    );
    this.addSql(`alter table "creator_profiles" add column "followers_under_review" text[] not null default '{}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "creator_profiles" drop column if exists "followers_under_review";`);
    this.addSql(
      `alter table "follower_counts" drop column if exists "jump_reviewed_at", drop column if exists "recent";`,
    );
  }
}
