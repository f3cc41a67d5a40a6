import {
  CALL_ANSWER_LIMITS,
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
  StrOrNull,
  Strs,
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
