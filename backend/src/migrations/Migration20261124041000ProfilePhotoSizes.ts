import { Migration } from '@mikro-orm/migrations';

/**
 * A profile photo also comes at avatar size (issue 12): 256 px WebP beside the 800 px one, for
 * directory cards and the profile's avatar. Null for photos stored before it: those keep showing
 * the full photo (decision 0213).
 */
export class Migration20261124041000ProfilePhotoSizes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "creator_profiles" add column "profile_image_small_url" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "creator_profiles" drop column if exists "profile_image_small_url";`);
  }
}
