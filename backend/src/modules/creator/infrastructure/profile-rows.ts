import { CreatorProfile } from '../domain/creator-profile';

/*
 * A profile's row as its table's owner reads it: the aggregate's repository loads a profile's
 * public facts with it, and the directory (modules/directory) maps its public reads with it.
 */

/**
 * One profile, listed or not (the caller decides who may see it), with what its public view shows
 * beside its row: the confirmed handles (decision 0502) and the dates of its counts (0503).
 */
export const PROFILE_SQL = `select p.*,
    (select json_agg(json_build_object('platform', c.platform, 'handle', c.handle, 'confirmed_at', c.confirmed_at) order by c.confirmed_at)
       from handle_checks c where c.profile_id = p.id and c.confirmed_at is not null) as confirmed_handles,
    (select json_agg(json_build_object('platform', f.platform, 'handle', f.handle, 'confirmed_at', f.confirmed_at))
       from follower_counts f where f.profile_id = p.id) as follower_dates,
    to_char(p.local_share_checked_on, 'YYYY-MM-DD') as local_share_day
  from creator_profiles p where p.id = $1`;

/** PROFILE_SQL for a page of ids at once. */
export const PROFILES_SQL = PROFILE_SQL.replace('where p.id = $1', 'where p.id = any($1::uuid[])');

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
