import { randomUUID } from 'node:crypto';
import { DEFAULT_CITY, MSG, isListed, totalFollowers, type ApprovalStatus, type ProfileInput } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';

type Platform = ProfileInput['platforms'][number];

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
  profileImageUrl: string | null;
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

  /** A new application: pending and not public (spec 4). */
  static create(userId: string, input: ProfileInput, imageUrl: string | null, now: Date, city = DEFAULT_CITY): CreatorProfile {
    const p = new CreatorProfile();
    p.id = randomUUID();
    p.userId = userId;
    p.city = city;
    p.approvalStatus = 'pending';
    p.approvalNotes = null;
    p.isPublic = false;
    p.phoneVerified = false;
    p.hasJoinedFloatersCrew = false;
    p.createdAt = now;
    p.decidedAt = null;
    p.profileImageUrl = imageUrl;
    p.apply(input, now);
    return p;
  }

  /** Editing keeps the approval status (spec 4). */
  update(input: ProfileInput, imageUrl: string | null, now: Date) {
    this.profileImageUrl = imageUrl;
    this.apply(input, now);
  }

  setImage(url: string | null, now: Date) {
    this.profileImageUrl = url;
    this.updatedAt = now;
  }

  /** Approve: approved, public and phone verified, set together. */
  approve(now: Date) {
    this.approvalStatus = 'approved';
    this.isPublic = true;
    this.phoneVerified = true;
    this.decidedAt = now;
    this.updatedAt = now;
  }

  /** Reject: rejected, not public, not verified; empty notes are stored as null. */
  reject(notes: string | null, now: Date) {
    this.approvalStatus = 'rejected';
    this.isPublic = false;
    this.phoneVerified = false;
    this.approvalNotes = notes?.trim() ? notes.trim() : null;
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

  get isListed() {
    return isListed({ is_public: this.isPublic, approval_status: this.approvalStatus, phone_verified: this.phoneVerified });
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
