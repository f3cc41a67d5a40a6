import type {
  AreaPageResponse,
  CreatorFeedPage,
  CreatorPage,
  DirectoryResponse,
  PublicCity,
  PublicCreator,
  PublicCreatorCard,
  ReplyTime,
} from '@local-creators/common';
import {
  COLLAB_TYPES,
  CONTENT_TYPES,
  NICHES,
  PLATFORM_NAMES,
  type Niche,
  type PlatformName,
} from '@local-creators/common';
import {
  Bool,
  Day,
  DayOrNull,
  Int,
  IntOrNull,
  Of,
  OfOrNull,
  OneOf,
  Optional,
  SomeOf,
  Str,
  StrOrNull,
  Strs,
  Time,
  TimeOrNull,
  Uuid,
} from '../../../shared/http/api-schema';
import { LocalAudienceDto, PublicPlatformDto } from '../../creator';

// The answers and queries of the directory's routes, for the OpenAPI document (decision 0862).
// `implements` keeps each in step with the shape the front ends use (common/src/types.ts).

export class ReplyTimeDto implements ReplyTime {
  @IntOrNull({ description: 'Usually replies within this many days' }) within_days: number | null;
  @Bool() rarely: boolean;
}

export class ConfirmedHandleDto {
  @OneOf(PLATFORM_NAMES) platform: PlatformName;
  @Str() handle: string;
  @Time() since: string;
  @Day() on: string;
}

export class PublicCreatorCardDto implements PublicCreatorCard {
  @Uuid() id: string;
  @Str() display_name: string;
  @Str() bio: string;
  @StrOrNull({ description: 'The photo at avatar size when there is one' }) profile_image_url: string | null;
  @SomeOf(NICHES) niches: Niche[];
  @Int() total_followers: number;
  @Bool() followers_unconfirmed: boolean;
  @Bool() verified: boolean;
  @StrOrNull() neighborhood: string | null;
  @Time() created_at: string;
  @Str() city_slug: string;
}

export class PublicCreatorDto implements PublicCreator {
  @Uuid() id: string;
  @Str() display_name: string;
  @Str() bio: string;
  @StrOrNull() neighborhood: string | null;
  @Str() city: string;
  @Str() city_slug: string;
  @StrOrNull() profile_image_url: string | null;
  @StrOrNull({ description: 'The 256 px photo' }) profile_image_small_url: string | null;
  @SomeOf(NICHES) niches: Niche[];
  @Of(() => [PublicPlatformDto]) platforms: PublicPlatformDto[];
  @SomeOf(CONTENT_TYPES) content_types: PublicCreator['content_types'];
  @SomeOf(COLLAB_TYPES) collab_types: PublicCreator['collab_types'];
  @StrOrNull() media_kit_url: string | null;
  @StrOrNull() link_hub_url: string | null;
  @Int() total_followers: number;
  @Bool() followers_unconfirmed: boolean;
  @Bool({ description: 'Approved, phone verified, last check within the year (decision 0851)' }) verified: boolean;
  @Bool() featured_reach: boolean;
  @Time() created_at: string;
  @Of(() => [ConfirmedHandleDto]) confirmed_handles: ConfirmedHandleDto[];
  @TimeOrNull() reviewed_at: string | null;
  @DayOrNull() reviewed_on: string | null;
  @Time() modified_at: string;
  @Bool() handles_confirmed: boolean;
  @Bool() contact_enabled: boolean;
  @Strs() contact_links: string[];
  @OfOrNull(() => ReplyTimeDto) reply_time: ReplyTimeDto | null;
  @OfOrNull(() => LocalAudienceDto) local_audience: LocalAudienceDto | null;
}

export class NicheCardsDto {
  @OneOf(NICHES) niche: Niche;
  @Int() total: number;
  @Of(() => [PublicCreatorCardDto]) creators: PublicCreatorCardDto[];
}

export class DirectoryResponseDto implements DirectoryResponse {
  @Int() total_creators: number;
  @Int() total_niches: number;
  @Of(() => [PublicCreatorCardDto]) recent: PublicCreatorCardDto[];
  @Of(() => [NicheCardsDto]) niches: NicheCardsDto[];
}

export class PublicCityDto implements PublicCity {
  @Str() slug: string;
  @Str() name: string;
  @Str() state: string;
  @Int() total_creators: number;
}

const SORTS = ['relevance', 'newest', 'followers', 'name'] as const;

export class CreatorPageDto implements CreatorPage {
  @Of(() => [PublicCreatorCardDto]) items: PublicCreatorCardDto[];
  @Int() total: number;
  @Bool() total_exact: boolean;
  @Int() per_page: number;
  @OneOf(SORTS) sort: CreatorPage['sort'];
  @StrOrNull() next_cursor: string | null;
  @StrOrNull() prev_cursor: string | null;
  @Strs({ description: '"Did you mean": up to 3 names or @handles, when `q` alone found nobody' })
  suggestions: string[];
}

export class CreatorFeedPageDto implements CreatorFeedPage {
  @Of(() => [PublicCreatorDto]) items: PublicCreatorDto[];
  @Int() total: number;
  @Int() per_page: number;
  @StrOrNull() next_cursor: string | null;
}

export class FollowerSpreadDto {
  @Str() label: string;
  @Int() min: number;
  @IntOrNull() max: number | null;
  @Int() count: number;
}

export class AreaPageResponseDto implements AreaPageResponse {
  @OneOf(['niche', 'neighborhood']) kind: AreaPageResponse['kind'];
  @Str() slug: string;
  @Str() name: string;
  @StrOrNull() city: string | null;
  @StrOrNull() city_name: string | null;
  @Int() total_creators: number;
  @Of(() => [FollowerSpreadDto]) follower_spread: FollowerSpreadDto[];
  @Of(() => [PublicCreatorCardDto]) newest: PublicCreatorCardDto[];
  @Of(() => [PublicCreatorCardDto]) most_followed: PublicCreatorCardDto[];
}

/** GET /api/creators: described, not validated (the directory's own checks answer `400 'Invalid <name>'`). */
export class CreatorSearchQueryDto {
  @Optional({ type: String, description: 'Words of a name, @handle, niche, neighbourhood or bio' }) q?: string;
  @Optional({ enum: [...NICHES], description: 'One niche' }) niche?: string;
  @Optional({ enum: [...PLATFORM_NAMES], description: 'Creators on this platform' }) platform?: string;
  @Optional({ type: 'integer', minimum: 0, description: 'At least this many followers in all' }) min_followers?: string;
  @Optional({ type: String, description: 'One neighbourhood, any spelling' }) neighborhood?: string;
  @Optional({ enum: [...CONTENT_TYPES], description: 'One content type' }) content_type?: string;
  @Optional({ enum: [...COLLAB_TYPES], description: 'One kind of collaboration' }) collab_type?: string;
  @Optional({ enum: ['confirmed'], description: 'Only creators whose every handle an admin confirmed (decision 0502)' })
  handles?: string;
  @Optional({
    type: 'integer',
    minimum: 1,
    maximum: 60,
    description: 'Only creators who usually reply within this many days (decision 0710)',
  })
  replies_within?: string;
  @Optional({
    type: 'integer',
    minimum: 1,
    maximum: 100,
    description:
      'Only creators whose share of followers in the metro area, checked by an admin fewer than 180 days ago, is at least this (decision 0721)',
  })
  min_local_share?: string;
  @Optional({
    type: String,
    description: "One city's creators (a slug; unknown: 400 'Unknown city'); without it, every city's",
  })
  city?: string;
  @Optional({ enum: [...SORTS], description: '`relevance` (the default with `q`) or `newest` (without)' })
  sort?: string;
  @Optional({ type: String, description: 'A `next_cursor` or `prev_cursor` of an earlier page' }) cursor?: string;
  @Optional({ type: 'integer', minimum: 1, maximum: 100, default: 24, description: 'Creators per page' })
  per_page?: string;
  @Optional({ type: String, description: "Where the visitor came from, for the creators' numbers (decision 0850)" })
  ref?: string;
  [other: string]: unknown;
}

/** GET /api/feed/creators: these three only; any other parameter is `400 'Invalid <name>'`. */
export class FeedQueryDto {
  @Optional({ type: String, description: 'The `next_cursor` of the page before' }) cursor?: string;
  @Optional({ type: 'integer', minimum: 1, maximum: 100, default: 24, description: 'Creators per page' })
  per_page?: string;
  @Optional({ type: String, description: "A city's slug: that city's creators only (unknown: 400)" }) city?: string;
  [other: string]: unknown;
}

/** GET /api/directory: one parameter, and the view source. */
export class DirectoryQueryDto {
  @Optional({
    type: String,
    description: "A city's slug: its counts and cards; without it every city's (unknown: 400 'Unknown city')",
  })
  city?: string;
  @Optional({ type: String, description: "Where the visitor came from, for the creators' numbers (decision 0850)" })
  ref?: string;
  [other: string]: unknown;
}
