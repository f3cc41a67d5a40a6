import { randomUUID } from 'node:crypto';
import {
  DEFAULT_CITY,
  MSG,
  isListed,
  totalFollowers,
  type ApprovalStatus,
  type ContactSettings,
  type ProfileFieldChange,
  type ProfileInput,
} from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';
import { diffProfiles } from './profile-changes';

type Platform = ProfileInput['platforms'][number];

/** What one save of an existing profile changed (field by field), and whether it needs an admin's eye. */
export interface ProfileEdit {
  changes: ProfileFieldChange[];
  /** The profile is approved, and this save made it differ from what an admin verified. */
  approvedProfileChanged: boolean;
  /** ...and until this save it did not (the admins have not been told yet). */
  firstSinceVerification: boolean;
  /** The profile is rejected and this is its first change since the rejection (tell the admins once). */
  firstChangeSinceRejection: boolean;
}

/**
 * A creator's application and public profile (table creator_profiles). State changes go through
 * the named methods; the approval rules of spec point 4 live here and nowhere else.
 */
export class CreatorProfile {
  id: string;
  userId: string;
  fullName: string;
  phone: string;
  bio: string;
  neighborhood: string | null;
  city: string;
  /** The city it belongs to (cities.slug); `city` is that city's name as shown. */
  citySlug: string;
  profileImageUrl: string | null;
  /** The same photo at avatar size (256 px); null for photos stored before it existed. */
  profileImageSmallUrl: string | null;
  niches: ProfileInput['niches'];
  platforms: Platform[];
  contentTypes: ProfileInput['content_types'];
  collabTypes: ProfileInput['collab_types'];
  mediaKitUrl: string | null;
  linkHubUrl: string | null;
  canUseNamePublicly: boolean;
  approvalStatus: ApprovalStatus;
  approvalNotes: string | null;
  isPublic: boolean;
  phoneVerified: boolean;
  hasJoinedFloatersCrew: boolean;
  /** Sum over platforms, kept for sorting and filtering. */
  totalFollowers: number;
  createdAt: Date;
  updatedAt: Date;
  /** When an admin last approved or rejected it. */
  decidedAt: Date | null;
  /** Optimistic lock: moves on with every write; admin decisions name the version they saw. */
  version: number;
  /** The application as an admin approved it or last acknowledged it; null unless approved. */
  verifiedContent: ProfileInput | null;
  /** When an approved creator last changed the profile away from verifiedContent; null when it matches. */
  contentChangedAt: Date | null;
  /** When a rejected creator last changed the application; null until then and after the next decision (decision 0117). */
  updatedAfterRejectionAt: Date | null;
  /** Brands may write through the profile's Contact form (decision 0501). */
  contactEnabled: boolean;
  /**
   * Read side only, from the directory's query (not columns of the entity): the handles an admin
   * confirmed and since when, and whether all are (kept by the database, decision 0502).
   */
  confirmedHandles?: { platform: Platform['name']; handle: string; confirmedAt: Date }[];
  handlesConfirmed?: boolean;
  /** The public reply time (decision 0710), as the directory's read gives it. */
  replyDays?: number | null;
  replyRarely?: boolean;
  /** Read side only as well: when each platform's follower count was last confirmed (decision 0503). */
  followerDates?: { platform: Platform['name']; handle: string; confirmedAt: Date }[];
  /** Read side only: the local share an admin recorded and the day (YYYY-MM-DD) it was checked (decision 0720). */
  localAudience?: { share: number; checkedOn: string } | null;
  /** With the form off, the links shown in its place (keys of contactLinkChoices). */
  contactLinks: string[];
  /** Platform handles (handleKey) whose count jumped and waits for an admin: no Featured from them (decision 0510). */
  followersUnderReview: string[];
  /**
   * Read side only, kept by the database (decision 0851): the admin's last check (as
   * lastCheckedAt()), and the total of the counts not waiting for an admin (the followers order).
   */
  checkedAt?: Date | null;
  listedFollowers?: number;

  /** A new application: pending and not public (spec 4). */
  static create(
    userId: string,
    input: ProfileInput,
    imageUrl: string | null,
    now: Date,
    city: { name: string; slug: string } = { name: DEFAULT_CITY, slug: DEFAULT_CITY.toLowerCase() },
  ): CreatorProfile {
    const p = new CreatorProfile();
    p.id = randomUUID();
    p.userId = userId;
    p.city = city.name;
    p.citySlug = city.slug;
    p.approvalStatus = 'pending';
    p.approvalNotes = null;
    p.isPublic = false;
    p.phoneVerified = false;
    p.hasJoinedFloatersCrew = false;
    p.createdAt = now;
    p.decidedAt = null;
    p.version = 1;
    p.verifiedContent = null;
    p.contentChangedAt = null;
    p.updatedAfterRejectionAt = null;
    p.contactEnabled = true;
    p.contactLinks = [];
    p.followersUnderReview = [];
    p.profileImageUrl = imageUrl;
    p.profileImageSmallUrl = null;
    p.apply(input, now);
    return p;
  }

  /**
   * Editing keeps the approval status (spec 4). An approved profile remembers what an admin
   * verified, so the console can show what changed since (until an admin acknowledges it).
   */
  update(input: ProfileInput, imageUrl: string | null, now: Date): ProfileEdit {
    // An approved row written without the domain (demo seed, SQL) counts as verified as it is.
    if (this.approvalStatus === 'approved' && !this.verifiedContent)
      this.verifiedContent = structuredClone(this.content());
    const changes = diffProfiles(this.content(), input);
    const differedBefore = this.changesSinceVerification.length > 0;
    // Another photo (or none): its avatar size is not known here (setImage gives it).
    if (imageUrl !== this.profileImageUrl) this.profileImageSmallUrl = null;
    this.profileImageUrl = imageUrl;
    this.apply(input, now);
    const differsNow = this.changesSinceVerification.length > 0;
    if (this.approvalStatus === 'approved' && changes.length > 0) this.contentChangedAt = differsNow ? now : null;
    const approvedProfileChanged = this.approvalStatus === 'approved' && changes.length > 0;
    // Editing keeps the status (spec 4): a rejected application stays rejected, but the admins see it changed.
    const rejectedProfileChanged = this.approvalStatus === 'rejected' && changes.length > 0;
    const firstChangeSinceRejection = rejectedProfileChanged && this.updatedAfterRejectionAt === null;
    if (rejectedProfileChanged) this.updatedAfterRejectionAt = now;
    return {
      changes,
      approvedProfileChanged,
      firstSinceVerification: approvedProfileChanged && differsNow && !differedBefore,
      firstChangeSinceRejection,
    };
  }

  /** The form's fields as they are now. */
  content(): ProfileInput {
    return {
      full_name: this.fullName,
      phone: this.phone,
      bio: this.bio,
      neighborhood: this.neighborhood,
      media_kit_url: this.mediaKitUrl,
      link_hub_url: this.linkHubUrl,
      niches: this.niches,
      platforms: this.platforms,
      content_types: this.contentTypes,
      collab_types: this.collabTypes,
      can_use_name_publicly: this.canUseNamePublicly,
    };
  }

  /** What an approved creator changed since an admin verified (or last acknowledged) the profile. */
  get changesSinceVerification(): ProfileFieldChange[] {
    if (this.approvalStatus !== 'approved' || !this.verifiedContent) return [];
    return diffProfiles(this.verifiedContent, this.content());
  }

  /** An admin has looked at the changes: the current profile becomes the verified one. */
  acknowledgeChanges() {
    this.verifiedContent = structuredClone(this.content());
    this.contentChangedAt = null;
  }

  /** The creator says they joined the crew of the affiliate promotion: the dashboard stops showing it. */
  markJoinedCrew(now: Date) {
    this.hasJoinedFloatersCrew = true;
    this.updatedAt = now;
  }

  /** The counts that jumped and wait for an admin (their platforms give no Featured badge meanwhile). */
  holdFeaturedFor(handleKeys: string[]) {
    const next = [...new Set(handleKeys)].sort();
    if (next.join('\n') !== [...(this.followersUnderReview ?? [])].sort().join('\n')) this.followersUnderReview = next;
  }

  /** The creator's choice about the Contact form (validated against the profile's own links). */
  setContact(settings: ContactSettings, now: Date) {
    this.contactEnabled = settings.contact_enabled;
    this.contactLinks = settings.contact_links;
    this.updatedAt = now;
  }

  /** A brand may write only to a listed creator who keeps the form on. */
  assertTakesMessages() {
    if (!this.isListed || !this.contactEnabled) throw DomainError.notFound('CREATOR.CONTACT_CLOSED', MSG.contactClosed);
  }

  setImage(url: string | null, smallUrl: string | null, now: Date) {
    this.profileImageUrl = url;
    this.profileImageSmallUrl = url ? smallUrl : null;
    this.updatedAt = now;
  }

  /**
   * Approve: approved, public and phone verified, set together. Notes belong to a rejection, so
   * an approval clears them (the creator never sees an old refusal's notes); the profile as it is
   * now becomes the verified one.
   */
  approve(now: Date) {
    this.approvalStatus = 'approved';
    this.isPublic = true;
    this.phoneVerified = true;
    this.approvalNotes = null;
    this.verifiedContent = structuredClone(this.content());
    this.contentChangedAt = null;
    this.updatedAfterRejectionAt = null;
    this.decidedAt = now;
    this.updatedAt = now;
  }

  /** Reject: rejected, not public, not verified; empty notes are stored as null. */
  reject(notes: string | null, now: Date) {
    this.approvalStatus = 'rejected';
    this.isPublic = false;
    this.phoneVerified = false;
    this.approvalNotes = notes?.trim() ? notes.trim() : null;
    this.verifiedContent = null;
    this.contentChangedAt = null;
    this.updatedAfterRejectionAt = null;
    this.decidedAt = now;
    this.updatedAt = now;
  }

  /** Phone verification can be toggled on approved creators only. */
  setPhoneVerified(value: boolean, now: Date) {
    if (this.approvalStatus !== 'approved') {
      throw DomainError.conflict('MODERATION.NOT_APPROVED', MSG.phoneToggleNeedsApproval);
    }
    this.phoneVerified = value;
    this.updatedAt = now;
  }

  /**
   * An admin's last check of this creator (decision 0800): the approval, or a later handle
   * confirmation (read side: `confirmedHandles`). Null when never approved.
   */
  lastCheckedAt(): Date | null {
    if (this.approvalStatus !== 'approved') return null;
    const times = [this.decidedAt, ...(this.confirmedHandles ?? []).map((h) => h.confirmedAt)].filter(
      (d): d is Date => d !== null,
    );
    return times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null;
  }

  /** The last change to anything its public page shows: the profile, a handle's check, a count's date. */
  modifiedAt(): Date {
    const times = [
      this.updatedAt,
      this.lastCheckedAt(),
      ...(this.followerDates ?? []).map((f) => f.confirmedAt),
    ].filter((d): d is Date => d !== null);
    return new Date(Math.max(...times.map((d) => d.getTime())));
  }

  get isListed() {
    return isListed({
      is_public: this.isPublic,
      approval_status: this.approvalStatus,
      phone_verified: this.phoneVerified,
    });
  }

  private apply(input: ProfileInput, now: Date) {
    this.fullName = input.full_name;
    this.phone = input.phone;
    this.bio = input.bio;
    this.neighborhood = input.neighborhood;
    this.niches = input.niches;
    this.platforms = input.platforms;
    this.contentTypes = input.content_types;
    this.collabTypes = input.collab_types;
    this.mediaKitUrl = input.media_kit_url;
    this.linkHubUrl = input.link_hub_url;
    this.canUseNamePublicly = input.can_use_name_publicly;
    this.totalFollowers = totalFollowers(input.platforms);
    this.updatedAt = now;
  }
}
