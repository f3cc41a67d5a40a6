import { EntitySchema } from '@mikro-orm/core';
import { ContactRequest } from '../domain/contact-request';
import { CreatorProfile } from '../domain/creator-profile';
import { FollowerCount } from '../domain/follower-count';
import { HandleCheck } from '../domain/handle-check';
import { LocalAudienceCheck } from '../domain/local-audience-check';
import { Shortlist, ShortlistEntry, ShortlistMessage } from '../domain/shortlist';

export const CreatorProfileSchema = new EntitySchema<CreatorProfile>({
  class: CreatorProfile,
  tableName: 'creator_profiles',
  properties: {
    id: { type: 'uuid', primary: true },
    userId: { type: 'uuid', fieldName: 'user_id', unique: 'creator_profiles_user_unique' },
    fullName: { type: 'string', length: 100, fieldName: 'full_name' },
    phone: { type: 'string', length: 20 },
    bio: { type: 'text' },
    neighborhood: { type: 'string', length: 100, nullable: true },
    city: { type: 'string', length: 100 },
    citySlug: { type: 'string', length: 60, fieldName: 'city_slug' },
    profileImageUrl: { type: 'text', fieldName: 'profile_image_url', nullable: true },
    profileImageSmallUrl: { type: 'text', fieldName: 'profile_image_small_url', nullable: true },
    niches: { type: 'string[]', columnType: 'text[]' },
    platforms: { type: 'json' },
    contentTypes: { type: 'string[]', columnType: 'text[]', fieldName: 'content_types' },
    collabTypes: { type: 'string[]', columnType: 'text[]', fieldName: 'collab_types' },
    mediaKitUrl: { type: 'text', fieldName: 'media_kit_url', nullable: true },
    linkHubUrl: { type: 'text', fieldName: 'link_hub_url', nullable: true },
    canUseNamePublicly: { type: 'boolean', fieldName: 'can_use_name_publicly' },
    approvalStatus: { type: 'string', length: 20, fieldName: 'approval_status' },
    approvalNotes: { type: 'text', fieldName: 'approval_notes', nullable: true },
    isPublic: { type: 'boolean', fieldName: 'is_public' },
    phoneVerified: { type: 'boolean', fieldName: 'phone_verified' },
    hasJoinedFloatersCrew: { type: 'boolean', fieldName: 'has_joined_floaters_crew' },
    totalFollowers: { type: 'bigint', fieldName: 'total_followers', runtimeType: 'number' } as never,
    createdAt: { type: 'Date', fieldName: 'created_at' },
    updatedAt: { type: 'Date', fieldName: 'updated_at' },
    decidedAt: { type: 'Date', fieldName: 'decided_at', nullable: true },
    version: { type: 'integer', version: true },
    verifiedContent: { type: 'json', fieldName: 'verified_content', nullable: true },
    contentChangedAt: { type: 'Date', fieldName: 'content_changed_at', nullable: true },
    updatedAfterRejectionAt: { type: 'Date', fieldName: 'updated_after_rejection_at', nullable: true },
    contactEnabled: { type: 'boolean', fieldName: 'contact_enabled', default: true },
    contactLinks: { type: 'string[]', columnType: 'text[]', fieldName: 'contact_links', default: [] } as never,
    followersUnderReview: {
      type: 'string[]',
      columnType: 'text[]',
      fieldName: 'followers_under_review',
      default: [],
    } as never,
    // A computed getter of the domain class, not a column.
    isListed: { type: 'boolean', persist: false, getter: true } as never,
    changesSinceVerification: { type: 'json', persist: false, getter: true } as never,
    // Read by the directory's own query only (decision 0502); the database keeps handles_confirmed.
    confirmedHandles: { type: 'json', persist: false } as never,
    handlesConfirmed: { type: 'boolean', persist: false } as never,
    // Kept by ReplyTimes (decision 0710); read by the directory's own query only.
    replyDays: { type: 'number', persist: false } as never,
    replyRarely: { type: 'boolean', persist: false } as never,
    followerDates: { type: 'json', persist: false } as never,
    // Kept by the local audience checks (decision 0720), read by the directory's own query only.
    localAudience: { type: 'json', persist: false } as never,
    // Kept by the database (decision 0851), read by the directory's own query only.
    checkedAt: { type: 'Date', persist: false } as never,
    listedFollowers: { type: 'number', persist: false } as never,
  },
});

export const LocalAudienceCheckSchema = new EntitySchema<LocalAudienceCheck>({
  class: LocalAudienceCheck,
  tableName: 'local_audience_checks',
  properties: {
    id: { type: 'uuid', primary: true },
    profileId: { type: 'uuid', fieldName: 'profile_id' },
    platform: { type: 'string', length: 20 },
    showsOn: { type: 'date', fieldName: 'shows_on' },
    // Only the image route reads it; lists never load the bytes.
    image: { type: 'blob', lazy: true } as never,
    imageType: { type: 'string', length: 50, fieldName: 'image_type' },
    status: { type: 'string', length: 20 },
    share: { type: 'smallint', nullable: true },
    checkedOn: { type: 'date', fieldName: 'checked_on', nullable: true },
    reason: { type: 'text', nullable: true },
    decidedBy: { type: 'string', length: 320, fieldName: 'decided_by', nullable: true },
    decidedAt: { type: 'Date', fieldName: 'decided_at', nullable: true },
    createdAt: { type: 'Date', fieldName: 'created_at' },
  },
});

export const ContactRequestSchema = new EntitySchema<ContactRequest>({
  class: ContactRequest,
  tableName: 'contact_requests',
  properties: {
    id: { type: 'uuid', primary: true },
    profileId: { type: 'uuid', fieldName: 'profile_id' },
    citySlug: { type: 'string', length: 60, fieldName: 'city_slug' },
    brandName: { type: 'string', length: 200, fieldName: 'brand_name' },
    email: { type: 'string', length: 255 },
    budgetRange: { type: 'string', length: 40, fieldName: 'budget_range', nullable: true },
    message: { type: 'text' },
    createdAt: { type: 'Date', fieldName: 'created_at' },
    shortlistMessageId: { type: 'uuid', fieldName: 'shortlist_message_id', nullable: true },
    replyTokenHash: { type: 'string', length: 64, fieldName: 'reply_token_hash', nullable: true, unique: true },
    repliedAt: { type: 'Date', fieldName: 'replied_at', nullable: true },
    lapsedAt: { type: 'Date', fieldName: 'lapsed_at', nullable: true },
    proven: { type: 'boolean' },
    brandTokenHash: { type: 'string', length: 64, fieldName: 'brand_token_hash', nullable: true, unique: true },
    replyConfirmedAt: { type: 'Date', fieldName: 'reply_confirmed_at', nullable: true },
  },
});

export const ShortlistSchema = new EntitySchema<Shortlist>({
  class: Shortlist,
  tableName: 'shortlists',
  properties: {
    id: { type: 'uuid', primary: true },
    tokenHash: { type: 'string', length: 64, fieldName: 'token_hash', unique: true },
    shareTokenHash: { type: 'string', length: 64, fieldName: 'share_token_hash', nullable: true, unique: true },
    name: { type: 'string', length: 100 },
    clientHash: { type: 'string', length: 64, fieldName: 'client_hash' },
    createdAt: { type: 'Date', fieldName: 'created_at' },
    updatedAt: { type: 'Date', fieldName: 'updated_at' },
  },
});

export const ShortlistEntrySchema = new EntitySchema<ShortlistEntry>({
  class: ShortlistEntry,
  tableName: 'shortlist_entries',
  properties: {
    id: { type: 'uuid', primary: true },
    shortlistId: { type: 'uuid', fieldName: 'shortlist_id' },
    profileId: { type: 'uuid', fieldName: 'profile_id' },
    name: { type: 'string', length: 100 },
    note: { type: 'text', default: '' },
    addedAt: { type: 'Date', fieldName: 'added_at' },
  },
});

export const ShortlistMessageSchema = new EntitySchema<ShortlistMessage>({
  class: ShortlistMessage,
  tableName: 'shortlist_messages',
  properties: {
    id: { type: 'uuid', primary: true },
    shortlistId: { type: 'uuid', fieldName: 'shortlist_id' },
    brandName: { type: 'string', length: 200, fieldName: 'brand_name' },
    email: { type: 'string', length: 255 },
    budgetRange: { type: 'string', length: 40, fieldName: 'budget_range', nullable: true },
    message: { type: 'text' },
    confirmTokenHash: { type: 'string', length: 64, fieldName: 'confirm_token_hash', unique: true },
    confirmExpiresAt: { type: 'Date', fieldName: 'confirm_expires_at' },
    confirmedAt: { type: 'Date', fieldName: 'confirmed_at', nullable: true },
    createdAt: { type: 'Date', fieldName: 'created_at' },
    input: { type: 'json', persist: false, getter: true } as never,
  },
});

export const HandleCheckSchema = new EntitySchema<HandleCheck>({
  class: HandleCheck,
  tableName: 'handle_checks',
  properties: {
    id: { type: 'uuid', primary: true },
    profileId: { type: 'uuid', fieldName: 'profile_id' },
    platform: { type: 'string', length: 20 },
    handle: { type: 'string', length: 100 },
    url: { type: 'text', default: '' },
    code: { type: 'string', length: 10 },
    confirmedAt: { type: 'Date', fieldName: 'confirmed_at', nullable: true },
    confirmedBy: { type: 'string', length: 255, fieldName: 'confirmed_by', nullable: true },
    version: { type: 'integer', version: true },
    createdAt: { type: 'Date', fieldName: 'created_at' },
  },
});

export const FollowerCountSchema = new EntitySchema<FollowerCount>({
  class: FollowerCount,
  tableName: 'follower_counts',
  properties: {
    id: { type: 'uuid', primary: true },
    profileId: { type: 'uuid', fieldName: 'profile_id' },
    platform: { type: 'string', length: 20 },
    handle: { type: 'string', length: 100 },
    followers: { type: 'bigint', runtimeType: 'number' } as never,
    confirmedAt: { type: 'Date', fieldName: 'confirmed_at' },
    remindedAt: { type: 'Date', fieldName: 'reminded_at', nullable: true },
    previousFollowers: {
      type: 'bigint',
      runtimeType: 'number',
      fieldName: 'previous_followers',
      nullable: true,
    } as never,
    jumpedAt: { type: 'Date', fieldName: 'jumped_at', nullable: true },
    jumpReviewedAt: { type: 'Date', fieldName: 'jump_reviewed_at', nullable: true },
    recent: { type: 'json', columnType: 'jsonb', default: '[]' } as never,
    createdAt: { type: 'Date', fieldName: 'created_at' },
  },
});
