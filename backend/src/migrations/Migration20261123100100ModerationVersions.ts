import { Migration } from '@mikro-orm/migrations';

/**
 * Decisions apply to the state the admin saw (decision 0106): creator profiles and business
 * submissions carry a version (MikroORM's optimistic lock) that every write moves on.
 *
 * An approved profile remembers what an admin verified (`verified_content`, the form's fields)
 * and when its creator last changed it away from that (`content_changed_at`), until an admin
 * acknowledges the change (decision 0108). Profiles approved before this migration count as
 * verified as they are now.
 *
 * Notes belong to a rejection (decision 0107): approved profiles keep none (the audit trail
 * keeps every rejection's notes).
 */
export class Migration20261123100100ModerationVersions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "creator_profiles"
      add column "version" integer not null default 1,
      add column "verified_content" jsonb null,
      add column "content_changed_at" timestamptz null;`);
    this.addSql(`alter table "amplify_submissions" add column "version" integer not null default 1;`);
    this.addSql(`update "creator_profiles" set
      "approval_notes" = null,
      "verified_content" = jsonb_build_object(
        'full_name', "full_name", 'phone', "phone", 'bio', "bio", 'neighborhood', "neighborhood",
        'media_kit_url', "media_kit_url", 'link_hub_url', "link_hub_url", 'niches', to_jsonb("niches"),
        'platforms', "platforms", 'content_types', to_jsonb("content_types"), 'collab_types', to_jsonb("collab_types"),
        'can_use_name_publicly', "can_use_name_publicly")
      where "approval_status" = 'approved';`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "creator_profiles" drop column "version", drop column "verified_content", drop column "content_changed_at";`,
    );
    this.addSql(`alter table "amplify_submissions" drop column "version";`);
  }
}
