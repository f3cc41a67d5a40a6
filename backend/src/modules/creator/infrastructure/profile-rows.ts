import { sql, type Expression } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import { compileOnly } from '../../../database/typed-sql';
import { CreatorProfile } from '../domain/creator-profile';
import type { CreatorSql, CreatorTables } from './creator-tables';

/*
 * A profile's row as its table's owner reads it: the aggregate's repository loads a profile's
 * public facts with it, and the directory (modules/directory) maps its public reads with it.
 */

/**
 * One profile, listed or not (the caller decides who may see it), with what its public view shows
 * beside its row: the confirmed handles (decision 0502) and the dates of its counts (0503). Its
 * text never changes: compiled once, run with the profile's id (`$1`), or an array of ids.
 */
function profileRows(db: CreatorSql, which: Expression<string>) {
  return db
    .selectFrom('creator_profiles as p')
    .selectAll('p')
    .select((eb) => [
      eb
        .selectFrom('handle_checks as c')
        .select((eb) =>
          eb.fn
            .jsonAgg(
              jsonBuildObject({
                platform: eb.ref('c.platform'),
                handle: eb.ref('c.handle'),
                confirmed_at: eb.ref('c.confirmed_at'),
              }),
            )
            .orderBy('c.confirmed_at')
            .as('confirmed'),
        )
        .whereRef('c.profile_id', '=', 'p.id')
        .where('c.confirmed_at', 'is not', null)
        .as('confirmed_handles'),
      eb
        .selectFrom('follower_counts as f')
        .select((eb) =>
          eb.fn
            .jsonAgg(
              jsonBuildObject({
                platform: eb.ref('f.platform'),
                handle: eb.ref('f.handle'),
                confirmed_at: eb.ref('f.confirmed_at'),
              }),
            )
            .as('dates'),
        )
        .whereRef('f.profile_id', '=', 'p.id')
        .as('follower_dates'),
      sql<string | null>`to_char(${eb.ref('p.local_share_checked_on')}, 'YYYY-MM-DD')`.as('local_share_day'),
    ])
    .where('p.id', '=', which);
}

const db = compileOnly<CreatorTables>();
export const PROFILE_SQL = profileRows(db, sql<string>`$1`).compile().sql;

/** PROFILE_SQL for a page of ids at once (`$1`, a uuid array). */
export const PROFILES_SQL = profileRows(db, sql<string>`any($1::uuid[])`).compile().sql;

/**
 * Public reads are read-only and hot: rows become domain objects directly, skipping the ORM's
 * change tracking (snapshots, identity map), which was most of their CPU time under load.
 */
export function readOnlyProfile(row: Record<string, any>): CreatorProfile {
  // Defined, not assigned, on an object whose prototype is the entity's: assigning would run the
  // ORM's property setters (a defineProperty per field and row, most of a page's mapping time).
  return {
    __proto__: CreatorProfile.prototype,
    id: row.id,
    userId: row.user_id,
    fullName: row.full_name,
    phone: row.phone,
    bio: row.bio,
    neighborhood: row.neighborhood,
    city: row.city,
    citySlug: row.city_slug,
    profileImageUrl: row.profile_image_url,
    profileImageSmallUrl: row.profile_image_small_url ?? null,
    niches: row.niches,
    platforms: typeof row.platforms === 'string' ? JSON.parse(row.platforms) : row.platforms,
    contentTypes: row.content_types,
    collabTypes: row.collab_types,
    mediaKitUrl: row.media_kit_url,
    linkHubUrl: row.link_hub_url,
    canUseNamePublicly: row.can_use_name_publicly,
    approvalStatus: row.approval_status,
    approvalNotes: row.approval_notes,
    isPublic: row.is_public,
    phoneVerified: row.phone_verified,
    hasJoinedFloatersCrew: row.has_joined_floaters_crew,
    totalFollowers: Number(row.total_followers),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    decidedAt: row.decided_at ? new Date(row.decided_at) : null,
    contactEnabled: row.contact_enabled ?? true,
    contactLinks: row.contact_links ?? [],
    followersUnderReview: row.followers_under_review ?? [],
    handlesConfirmed: row.handles_confirmed ?? false,
    replyDays: row.reply_days ?? null,
    replyRarely: row.reply_rarely ?? false,
    confirmedHandles: (
      (row.confirmed_handles ?? []) as { platform: string; handle: string; confirmed_at: string }[]
    ).map((h) => ({
      platform: h.platform,
      handle: h.handle,
      confirmedAt: new Date(h.confirmed_at),
    })),
    localAudience:
      row.local_share == null || !row.local_share_day
        ? null
        : { share: Number(row.local_share), checkedOn: row.local_share_day as string },
    followerDates: ((row.follower_dates ?? []) as { platform: string; handle: string; confirmed_at: string }[]).map(
      (f) => ({
        platform: f.platform,
        handle: f.handle,
        confirmedAt: new Date(f.confirmed_at),
      }),
    ),
  } as unknown as CreatorProfile;
}
