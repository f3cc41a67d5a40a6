import {
  hasFeaturedReach,
  publicDisplayName,
  type AdminCreator,
  type CreatorProfile as CreatorProfileDto,
  type PublicCreator,
  type PublicCreatorCard,
} from '@local-creators/common';
import type { CreatorProfile } from '../domain/creator-profile';
import { handleKey } from '../domain/handle-check';
import { cityDay } from '../../../shared/city-day';
import { isVerifiedNow, verifiedUntil } from '../domain/verification';

/** What a directory card is drawn from (toPublicCard): a page reads only these columns. */
export type ListedCard = Pick<
  CreatorProfile,
  | 'id'
  | 'fullName'
  | 'canUseNamePublicly'
  | 'platforms'
  | 'bio'
  | 'profileImageUrl'
  | 'profileImageSmallUrl'
  | 'niches'
  | 'totalFollowers'
  | 'approvalStatus'
  | 'phoneVerified'
  | 'neighborhood'
  | 'createdAt'
  | 'citySlug'
  | 'checkedAt'
  | 'listedFollowers'
>;

/**
 * When each profile or card made below stops being verified (its check lapses, decision 0851):
 * an answer that shows them is kept no longer than that (DirectoryCache's expiry).
 */
const lapses = new WeakMap<object, number>();

/** The earliest moment one of `shown` stops being verified; null when none will. */
export function lapseOf(shown: readonly object[]): number | null {
  let first: number | null = null;
  for (const s of shown) {
    const at = lapses.get(s);
    if (at !== undefined && (first === null || at < first)) first = at;
  }
  return first;
}

function noteLapse<T extends object>(shown: T, until: Date | null): T {
  if (until) lapses.set(shown, until.getTime());
  return shown;
}

/**
 * The handles whose counts wait for an admin (decision 0510): shown as unconfirmed, and left out
 * of the Featured badge and of the followers order (decision 0851).
 */
const unconfirmed = (p: Pick<CreatorProfile, 'followersUnderReview'>, name: string, handle: string) =>
  (p.followersUnderReview ?? []).includes(handleKey(name, handle));

/** The owner's view (and the base of the admins'). */
export function toCreatorProfileDto(p: CreatorProfile): CreatorProfileDto {
  return {
    id: p.id,
    user_id: p.userId,
    full_name: p.fullName,
    phone: p.phone,
    bio: p.bio,
    neighborhood: p.neighborhood,
    city: p.city,
    profile_image_url: p.profileImageUrl,
    niches: p.niches,
    platforms: p.platforms,
    content_types: p.contentTypes,
    collab_types: p.collabTypes,
    media_kit_url: p.mediaKitUrl,
    link_hub_url: p.linkHubUrl,
    can_use_name_publicly: p.canUseNamePublicly,
    approval_status: p.approvalStatus,
    approval_notes: p.approvalNotes,
    is_public: p.isPublic,
    phone_verified: p.phoneVerified,
    has_joined_floaters_crew: p.hasJoinedFloatersCrew,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    contact_enabled: p.contactEnabled,
    contact_links: p.contactLinks,
  };
}

export function toAdminCreatorDto(p: CreatorProfile, email: string): AdminCreator {
  const changes = p.changesSinceVerification;
  return {
    ...toCreatorProfileDto(p),
    city_slug: p.citySlug,
    email,
    decided_at: p.decidedAt?.toISOString() ?? null,
    version: p.version,
    changes_since_verification: changes.length
      ? { changed_at: (p.contentChangedAt ?? p.updatedAt).toISOString(), changes }
      : null,
    updated_after_rejection_at: p.updatedAfterRejectionAt?.toISOString() ?? null,
    profile_image_small_url: p.profileImageSmallUrl ?? null,
  };
}

const displayName = (p: Pick<CreatorProfile, 'fullName' | 'canUseNamePublicly' | 'platforms'>) =>
  publicDisplayName({ full_name: p.fullName, can_use_name_publicly: p.canUseNamePublicly, platforms: p.platforms });

/**
 * What anyone may see: never phone, e-mail, user id or notes. Days (`*_on`) are calendar days in
 * `timeZone`, the city's (decision 0801).
 */
export function toPublicCreator(p: CreatorProfile, timeZone: string, now: Date = new Date()): PublicCreator {
  const checkedAt = p.lastCheckedAt();
  const facts = { approvalStatus: p.approvalStatus, phoneVerified: p.phoneVerified, checkedAt };
  return noteLapse(toPublicCreatorAsOf(p, timeZone, checkedAt, isVerifiedNow(facts, now)), verifiedUntil(facts, now));
}

function toPublicCreatorAsOf(
  p: CreatorProfile,
  timeZone: string,
  checkedAt: Date | null,
  verified: boolean,
): PublicCreator {
  return {
    id: p.id,
    display_name: displayName(p),
    bio: p.bio,
    neighborhood: p.neighborhood,
    city: p.city,
    city_slug: p.citySlug,
    profile_image_url: p.profileImageUrl,
    profile_image_small_url: p.profileImageSmallUrl ?? null,
    niches: p.niches,
    platforms: p.platforms.map(({ name, handle, url, followers }) => {
      const confirmedAt = p.followerDates?.find(
        (d) => handleKey(d.platform, d.handle) === handleKey(name, handle),
      )?.confirmedAt;
      return {
        name,
        handle,
        url,
        followers,
        followers_unconfirmed: unconfirmed(p, name, handle),
        followers_confirmed_at: confirmedAt?.toISOString() ?? null,
        followers_confirmed_on: confirmedAt ? cityDay(confirmedAt, timeZone) : null,
      };
    }),
    content_types: p.contentTypes,
    collab_types: p.collabTypes,
    media_kit_url: p.mediaKitUrl,
    link_hub_url: p.linkHubUrl,
    total_followers: Number(p.totalFollowers),
    followers_unconfirmed: (p.followersUnderReview ?? []).length > 0,
    verified,
    // A count that jumped gives no Featured badge until an admin has looked (decision 0510).
    featured_reach: hasFeaturedReach(p.platforms.filter((x) => !unconfirmed(p, x.name, x.handle))),
    created_at: p.createdAt.toISOString(),
    confirmed_handles: (p.confirmedHandles ?? []).map((h) => ({
      platform: h.platform,
      handle: h.handle,
      since: h.confirmedAt.toISOString(),
      on: cityDay(h.confirmedAt, timeZone),
    })),
    reviewed_at: checkedAt?.toISOString() ?? null,
    reviewed_on: checkedAt ? cityDay(checkedAt, timeZone) : null,
    modified_at: p.modifiedAt().toISOString(),
    handles_confirmed: p.handlesConfirmed ?? false,
    contact_enabled: p.contactEnabled,
    contact_links: p.contactLinks,
    reply_time: p.replyRarely
      ? { within_days: null, rarely: true }
      : p.replyDays
        ? { within_days: p.replyDays, rarely: false }
        : null,
    // The share and its day only, never the screenshot; the page shows it while fresh (decision 0720).
    local_audience: p.localAudience ? { share: p.localAudience.share, checked_on: p.localAudience.checkedOn } : null,
  };
}

export function toPublicCard(p: ListedCard, now: Date = new Date()): PublicCreatorCard {
  const facts = { approvalStatus: p.approvalStatus, phoneVerified: p.phoneVerified, checkedAt: p.checkedAt ?? null };
  return noteLapse(toPublicCardAsOf(p, isVerifiedNow(facts, now)), verifiedUntil(facts, now));
}

function toPublicCardAsOf(p: ListedCard, verified: boolean): PublicCreatorCard {
  return {
    id: p.id,
    display_name: displayName(p),
    bio: p.bio,
    // A card shows the photo at avatar size when there is one (decision 0213).
    profile_image_url: p.profileImageSmallUrl ?? p.profileImageUrl,
    niches: p.niches,
    total_followers: Number(p.totalFollowers),
    // Kept by the database (listed_followers, decision 0851): less than the total while a count waits for an admin.
    followers_unconfirmed: p.listedFollowers !== undefined && Number(p.listedFollowers) < Number(p.totalFollowers),
    verified,
    neighborhood: p.neighborhood,
    created_at: p.createdAt.toISOString(),
    // Its city: a card found across every city links to, and names, its own (decision 0620).
    city_slug: p.citySlug,
  };
}
