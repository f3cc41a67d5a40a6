import { Migration } from '@mikro-orm/migrations';

const LISTED = `"is_public" and "approval_status" = 'approved' and "phone_verified"`;
/** common's areaSlug of the neighbourhood (area-statements' expression, as of this migration). */
const NEIGHBORHOOD_SLUG = `trim(both '-' from regexp_replace(lower("neighborhood"), '[^a-z0-9]+', '-', 'g'))`;

/**
 * A neighbourhood page's newest cards (decision 0640) from an index, six rows, as its most
 * followed already were (decision 0642): without it, PostgreSQL read every listed creator of the
 * neighbourhood and sorted them for six (5,000 rows at 30,000 creators, more with every one).
 */
export class Migration20261201050000NeighborhoodNewestIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "creator_profiles_listed_neighborhood_created_idx" on "creator_profiles" ("city_slug", (${NEIGHBORHOOD_SLUG}), "created_at" desc, "id") where ${LISTED};`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "creator_profiles_listed_neighborhood_created_idx";`);
  }
}
