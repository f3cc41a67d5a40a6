import type {
  AdminContactCounts,
  AdminFollowerCount,
  AdminHandleCheck,
  AdminLocalAudienceCheck,
  CreatedShortlist,
  CreatorProfile,
  CreatorStats,
  OwnFollowerCount,
  OwnHandleCheck,
  OwnLocalAudienceCheck,
  OwnShortlist,
  PlatformInput,
  PublicPlatform,
  ReceivedContactRequest,
  SharedShortlist,
  ShortlistDelivery,
  ShortlistEntry,
  StatsDay,
} from '@local-creators/common';
import {
  APPROVAL_STATUSES,
  BUDGET_RANGES,
  COLLAB_TYPES,
  CONTENT_TYPES,
  NICHES,
  PLATFORM_NAMES,
  STATS_MEASURES,
  VISIT_SOURCES,
  type Niche,
  type PlatformName,
} from '@local-creators/common';
import {
  Bool,
  Counts,
  Day,
  DayOrNull,
  Int,
  IntOrNull,
  NumOrNull,
  Of,
  OfOrNull,
  OneOf,
  OneOfOrNull,
  Optional,
  SomeOf,
  Str,
  StrOrNull,
  Strs,
  Time,
  TimeOrNull,
  Uuid,
} from '../../../shared/http/api-schema';

// The answers and queries of the creator module's routes, for the OpenAPI document (decision
// 0862). `implements` keeps each in step with the shape the front ends use (common/src/types.ts).

export class PlatformDto implements PlatformInput {
  @OneOf(PLATFORM_NAMES) name: PlatformName;
  @Str() handle: string;
  @Str() url: string;
  @Int() followers: number;
}

export class PublicPlatformDto extends PlatformDto implements PublicPlatform {
  @Bool({ description: 'The count jumped and waits for an admin (decision 0510)' }) followers_unconfirmed: boolean;
  @TimeOrNull() followers_confirmed_at: string | null;
  @DayOrNull({ description: "That day in the city's calendar" }) followers_confirmed_on: string | null;
}

export class LocalAudienceDto {
  @Int({ minimum: 0, maximum: 100 }) share: number;
  @Day() checked_on: string;
}

export class CreatorProfileDto implements CreatorProfile {
  @Uuid() id: string;
  @Uuid() user_id: string;
  @Str({ description: "The city's name" }) city: string;
  @Str() full_name: string;
  @Str() phone: string;
  @Str() bio: string;
  @StrOrNull() neighborhood: string | null;
  @StrOrNull() media_kit_url: string | null;
  @StrOrNull() link_hub_url: string | null;
  @SomeOf(NICHES) niches: Niche[];
  @Of(() => [PlatformDto]) platforms: PlatformDto[];
  @SomeOf(CONTENT_TYPES) content_types: CreatorProfile['content_types'];
  @SomeOf(COLLAB_TYPES) collab_types: CreatorProfile['collab_types'];
  @Bool() can_use_name_publicly: boolean;
  @StrOrNull() profile_image_url: string | null;
  @OneOf(APPROVAL_STATUSES) approval_status: CreatorProfile['approval_status'];
  @StrOrNull() approval_notes: string | null;
  @Bool() is_public: boolean;
  @Bool() phone_verified: boolean;
  @Bool() has_joined_floaters_crew: boolean;
  @Time() created_at: string;
  @Time() updated_at: string;
  @Bool() contact_enabled: boolean;
  @Strs() contact_links: string[];
}

/** PUT /api/me/profile's body (ProfileInput), checked by the shared profile rules. */
export class ProfileInputDto {
  @Str() full_name: string;
  @Str() phone: string;
  @Str() bio: string;
  @StrOrNull() neighborhood: string | null;
  @StrOrNull() media_kit_url: string | null;
  @StrOrNull() link_hub_url: string | null;
  @SomeOf(NICHES) niches: string[];
  @Of(() => [PlatformDto]) platforms: PlatformDto[];
  @SomeOf(CONTENT_TYPES) content_types: string[];
  @SomeOf(COLLAB_TYPES) collab_types: string[];
  @Bool() can_use_name_publicly: boolean;
  @Optional({ type: String, description: "A city's slug, on the first save only (decision 0600)" }) city?: string;
}

export class ContactSettingsDto {
  @Bool() contact_enabled: boolean;
  @Strs({ description: "Links of the profile's own: a platform's name, `Media kit`, `Link hub`" })
  contact_links: string[];
}

export class ProfileImageDto {
  @Str() profile_image_url: string;
}

export class OwnHandleCheckDto implements OwnHandleCheck {
  @OneOf(PLATFORM_NAMES) platform: PlatformName;
  @Str() handle: string;
  @Str({ description: "The code to put in the platform's bio" }) code: string;
  @TimeOrNull() confirmed_at: string | null;
  @Bool() renewal_due: boolean;
}

export class AdminHandleCheckDto extends OwnHandleCheckDto implements AdminHandleCheck {
  @Uuid() id: string;
  @StrOrNull() url: string | null;
  @StrOrNull() confirmed_by: string | null;
  @Int() version: number;
}

export class OwnFollowerCountDto implements OwnFollowerCount {
  @OneOf(PLATFORM_NAMES) platform: PlatformName;
  @Str() handle: string;
  @Int() followers: number;
  @Time() confirmed_at: string;
}

export class AdminFollowerCountDto extends OwnFollowerCountDto implements AdminFollowerCount {
  @Uuid() id: string;
  @Uuid() profile_id: string;
  @Str() city_slug: string;
  @Str() creator_name: string;
  @TimeOrNull() reminded_at: string | null;
  @IntOrNull() previous_followers: number | null;
  @TimeOrNull() jumped_at: string | null;
  @TimeOrNull() jump_reviewed_at: string | null;
}

export class FollowerReviewDto {
  @Bool({ description: 'Must be true: the admin looked at the jump and lets the count count' }) reviewed: boolean;
}

export class OwnLocalAudienceCheckDto implements OwnLocalAudienceCheck {
  @Uuid() id: string;
  @OneOf(PLATFORM_NAMES) platform: PlatformName;
  @Day() shows_on: string;
  @OneOf(['pending', 'recorded', 'rejected']) status: OwnLocalAudienceCheck['status'];
  @NumOrNull() share: number | null;
  @DayOrNull() checked_on: string | null;
  @StrOrNull() reason: string | null;
  @Time() created_at: string;
  @TimeOrNull() decided_at: string | null;
}

export class AdminLocalAudienceCheckDto extends OwnLocalAudienceCheckDto implements AdminLocalAudienceCheck {
  @Uuid() profile_id: string;
  @Str() creator_name: string;
  @Str() image_url: string;
  @StrOrNull() decided_by: string | null;
}

export class OwnLocalAudienceDto {
  @OfOrNull(() => LocalAudienceDto) recorded: LocalAudienceDto | null;
  @Of(() => [OwnLocalAudienceCheckDto], { description: 'The latest 5' }) checks: OwnLocalAudienceCheckDto[];
}

export class ReceivedContactRequestDto implements ReceivedContactRequest {
  @Uuid() id: string;
  @Str() brand_name: string;
  @Str() email: string;
  @Str() message: string;
  @OneOfOrNull(BUDGET_RANGES) budget_range: ReceivedContactRequest['budget_range'];
  @Time() created_at: string;
  @TimeOrNull() replied_at: string | null;
}

export class ContactRequestInputDto {
  @Str() brand_name: string;
  @Str() email: string;
  @Str() message: string;
  @Optional({ enum: [...BUDGET_RANGES], nullable: true, description: 'The budget, if the brand says' }) budget_range?:
    string | null;
  @Optional({ type: String, description: 'Honeypot: left empty by people' }) company_website?: string;
}

export class AdminContactCountsDto implements AdminContactCounts {
  @Uuid() id: string;
  @Str() city_slug: string;
  @Str() creator_name: string;
  @Int() total: number;
  @Int() last_7_days: number;
  @Int() distinct_senders: number;
  @Int() via_shortlists: number;
  @Int() replied: number;
  @Int() unanswered: number;
  @StrOrNull() reply_time: string | null;
  @Time() last_received_at: string;
}

export class TokenDto {
  @Str({ description: "The mailed link's token" }) token: string;
}

export class ReplyRecordedDto {
  @OneOf(['recorded', 'already_recorded']) status: string;
  @Str() brand_name: string;
}

export class BrandReplyRecordedDto {
  @OneOf(['recorded', 'already_recorded']) status: string;
}

export class SentDto {
  @OneOf(['sent']) status: string;
}

export class StatsDayDto implements StatsDay {
  @Day() day: string;
  @Int() views: number;
  @Int() appearances: number;
  @Int() contacts: number;
  @Int() introductions: number;
  @Int() shortlist_saves: number;
}

export class CreatorStatsDto implements CreatorStats {
  @Day() from: string;
  @Day() to: string;
  @Of(() => [StatsDayDto]) days: StatsDayDto[];
  @Counts(STATS_MEASURES) totals: CreatorStats['totals'];
  @Counts(VISIT_SOURCES) sources: CreatorStats['sources'];
  @Optional({ type: 'integer', description: "A city's totals: how many creators' numbers are summed" })
  creators?: number;
}

export class ShortlistCreatorDto {
  @Str() display_name: string;
  @StrOrNull() profile_image_url: string | null;
  @Str() city: string;
  @StrOrNull() neighborhood: string | null;
  @SomeOf(NICHES) niches: Niche[];
  @Of(() => [PublicPlatformDto]) platforms: PublicPlatformDto[];
  @Int() total_followers: number;
  @Bool() followers_unconfirmed: boolean;
  @Bool() verified: boolean;
  @Bool() contact_enabled: boolean;
}

export class ShortlistEntryDto implements ShortlistEntry {
  @Uuid() profile_id: string;
  @Str() name: string;
  @Str() note: string;
  @Time() added_at: string;
  @Bool() listed: boolean;
  @OfOrNull(() => ShortlistCreatorDto, { description: 'Null once the creator is no longer listed' })
  creator: ShortlistCreatorDto | null;
}

export class SharedShortlistDto implements SharedShortlist {
  @Str() name: string;
  @Of(() => [ShortlistEntryDto]) entries: ShortlistEntryDto[];
  @Time() updated_at: string;
}

export class ShortlistLimitsDto {
  @Int() creators_max: number;
}

export class OwnShortlistDto extends SharedShortlistDto implements OwnShortlist {
  @Bool() shared: boolean;
  @Of(() => ShortlistLimitsDto) limits: ShortlistLimitsDto;
}

export class CreatedShortlistDto extends OwnShortlistDto implements CreatedShortlist {
  @Str({ description: "The owner's secret, sent this once" }) token: string;
}

export class ShareTokenDto {
  @Str({ description: 'The read-only link secret, sent this once' }) share_token: string;
}

export class ShortlistDeliveryDto implements ShortlistDelivery {
  @Uuid() profile_id: string;
  @Str() name: string;
  @OneOf(['sent', 'refused']) status: ShortlistDelivery['status'];
  @StrOrNull() reason: string | null;
}

export class ShortlistNameDto {
  @Optional({ type: String, description: 'The list’s name (one line)' }) name?: string;
}

export class ShortlistNoteDto {
  @Optional({ type: String, description: 'A note on this creator' }) note?: string;
}

export class ShortlistMessageDto extends ContactRequestInputDto {}

export class SentToConfirmDto {
  @OneOf(['confirmation_sent']) status: string;
  @Str({ description: 'Where the confirmation link went' }) email: string;
}

export class ShortlistDeliveriesDto {
  @Of(() => [ShortlistDeliveryDto]) deliveries: ShortlistDeliveryDto[];
}
