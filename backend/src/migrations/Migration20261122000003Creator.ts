import { Migration } from '@mikro-orm/migrations';

/**
 * Creator profiles. The directory's partial indexes use the listing rule of spec 4 (public AND
 * approved AND phone verified) as their predicate, the same condition the queries use.
 */
export class Migration20261122000003Creator extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "creator_profiles" (
      "id" uuid not null,
      "user_id" uuid not null references "users" ("id") on delete cascade deferrable initially deferred,
      "full_name" varchar(100) not null,
      "phone" varchar(20) not null,
      "bio" text not null,
      "neighborhood" varchar(100) null,
      "city" varchar(100) not null default 'Cleveland',
      "profile_image_url" text null,
      "niches" text[] not null default '{}',
      "platforms" jsonb not null default '[]',
      "content_types" text[] not null default '{}',
      "collab_types" text[] not null default '{}',
      "media_kit_url" text null,
      "link_hub_url" text null,
      "can_use_name_publicly" boolean not null default true,
      "approval_status" varchar(20) not null default 'pending' check ("approval_status" in ('pending', 'approved', 'rejected')),
      "approval_notes" text null,
      "is_public" boolean not null default false,
      "phone_verified" boolean not null default false,
      "has_joined_floaters_crew" boolean not null default false,
      "total_followers" bigint not null default 0,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "decided_at" timestamptz null,
      constraint "creator_profiles_pkey" primary key ("id"),
      constraint "creator_profiles_user_unique" unique ("user_id"));`);
    // Directory: newest listed first, per niche, and by reach.
    this.addSql(
      `create index "creator_profiles_listed_created_idx" on "creator_profiles" ("created_at" desc, "id") where "is_public" and "approval_status" = 'approved' and "phone_verified";`,
    );
    this.addSql(
      `create index "creator_profiles_listed_followers_idx" on "creator_profiles" ("total_followers" desc, "id") where "is_public" and "approval_status" = 'approved' and "phone_verified";`,
    );
    this.addSql(
      `create index "creator_profiles_listed_niches_idx" on "creator_profiles" using gin ("niches") where "is_public" and "approval_status" = 'approved' and "phone_verified";`,
    );
    // Moderation: the review queue (pending, oldest first) and status filters.
    this.addSql(
      `create index "creator_profiles_status_created_idx" on "creator_profiles" ("approval_status", "created_at");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "creator_profiles";`);
  }
}
