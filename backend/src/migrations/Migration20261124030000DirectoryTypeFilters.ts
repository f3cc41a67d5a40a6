import { Migration } from '@mikro-orm/migrations';

const LISTED = `"is_public" and "approval_status" = 'approved' and "phone_verified"`;

/**
 * The directory filters by content type and collaboration type (issue 13): array containment on
 * `content_types` and `collab_types`, served by GIN indexes partial on the listing rule like the
 * niche index.
 */
export class Migration20261124030000DirectoryTypeFilters extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "creator_profiles_listed_content_types_idx" on "creator_profiles" using gin ("content_types") where ${LISTED};`,
    );
    this.addSql(
      `create index "creator_profiles_listed_collab_types_idx" on "creator_profiles" using gin ("collab_types") where ${LISTED};`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "creator_profiles_listed_collab_types_idx";`);
    this.addSql(`drop index if exists "creator_profiles_listed_content_types_idx";`);
  }
}
