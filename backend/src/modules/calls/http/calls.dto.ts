import {
  CALL_ANSWER_LIMITS,
  CALL_NUMBER_KEYS,
  CALL_OFFERS,
  COLLAB_TYPES,
  CONTENT_TYPES,
  NICHES,
  type CallInput,
  type CollabType,
  type ContentType,
  type Niche,
} from '@local-creators/common';
import {
  Bool,
  Day,
  Int,
  IntOrNull,
  OneOf,
  Optional,
  SomeOf,
  Str,
  Of,
  StrOrNull,
  Strs,
  Counts,
} from '../../../shared/http/api-schema';
import { CALL_ACTIONS } from '../application/moderate-calls.service';

/** What the call form sends (decision 0862: it describes; common's validateCall checks, with the spec's messages). */
export class CallInputDto implements CallInput {
  @Str() business_name: string;
  @Str() title: string;
  @Str() description: string;
  @SomeOf(NICHES) niches: Niche[];
  @SomeOf(CONTENT_TYPES) content_types: ContentType[];
  @SomeOf(COLLAB_TYPES) collab_types: CollabType[];
  @Strs({ description: "The city's neighbourhoods it is for; none: the whole city" }) neighborhoods: string[];
  @IntOrNull() followers_min: number | null;
  @IntOrNull() followers_max: number | null;
  @Day() starts_on: string;
  @Day() ends_on: string;
  @Day({ description: 'The last day for answers' }) deadline: string;
  @OneOf(CALL_OFFERS) offer: (typeof CALL_OFFERS)[number];
  @IntOrNull() fee_min: number | null;
  @IntOrNull() fee_max: number | null;
  @StrOrNull() product: string | null;
  @Int() creators_wanted: number;
  @Optional({ type: String, description: "The city's slug; without it, the home city" }) city?: string;
}

/** One admin decision on a call, taken only on the version the admin saw. */
export class CallDecisionDto {
  @OneOf(CALL_ACTIONS) action: string;
  @Optional({ type: String, description: 'Required to decline: the business reads it' }) reason?: string;
  @Int({ description: 'The version the admin saw' }) version: number;
}

/** A creator's call-mail setting (decision 0912). */
export class CallMailSettingDto {
  @Bool({ description: 'E-mail me when a call matches my profile' }) call_mail: boolean;
}

/** A creator's answer to a call (common's validateCallAnswer checks it). */
export class CallAnswerInputDto {
  @Str({ description: `A short note to the business, 1–${CALL_ANSWER_LIMITS.noteMax} characters` }) note: string;
}

/** A city's calls in numbers (decision 0922). */
export class CityCallNumbersDto {
  @Str({ description: "The city's slug" }) city_slug: string;
  @Int({ description: 'Calls public now' }) open_calls: number;
  @Int({ description: 'People who opened its calls, each once a day per call (decision 0920)' }) views: number;
  @Int({ description: 'Matched creators a mail naming one of its calls was written to' }) creators_mailed: number;
  @Int({ description: 'Answers to its calls' }) answers: number;
  @Int({ description: 'Answers picked' }) picks: number;
}

/** `GET /api/admin/calls/numbers`: per city the admin may see, and their sum. */
export class CallNumbersByCityDto {
  @Of(() => [CityCallNumbersDto]) cities: CityCallNumbersDto[];
  @Counts(['open_calls', ...CALL_NUMBER_KEYS], { description: 'The cities summed' }) totals: Record<string, number>;
}
