import { COLLAB_TYPES, CONTENT_TYPES, NICHES, type CollabType, type ContentType, type Niche } from './constants';
import { hasLineBreak } from './text-input';
import { formatCount } from './text-format';

/**
 * Open calls (issue 40): a business with a proven address says what it needs in one city, a
 * city's admin approves it, and it is public at `/{city}/calls/{id}`. The rules, limits and
 * texts of the form: the API and the public site's form use these same functions.
 */
export const CALL_LIMITS = {
  businessNameMax: 200,
  titleMax: 100,
  descriptionMax: 2000,
  nichesMax: 3,
  neighborhoodsMax: 5,
  neighborhoodMax: 100,
  followersMax: 100_000_000,
  /** Whole dollars. */
  feeMax: 100_000,
  productMax: 200,
  creatorsMax: 50,
  /** How far ahead a call's dates may lie. */
  daysAheadMax: 365,
  declineReasonMax: 500,
  /** Calls of one account waiting for review or open at once (decision 0901). */
  openPerAccount: 5,
  /** Calls one proven address may post in 24 hours, whatever became of them (decision 0906). */
  postedPerDay: 10,
} as const;

export const CALL_OFFERS = ['paid', 'product', 'unpaid'] as const;
export type CallOffer = (typeof CALL_OFFERS)[number];

export const CALL_STATUSES = ['pending', 'approved', 'declined', 'closed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export const CALL_MSG = {
  businessNameRequired: 'Give the name of your business',
  businessNameTooLong: `Business name must be at most ${CALL_LIMITS.businessNameMax} characters`,
  titleRequired: 'Give the call a title',
  titleTooLong: `Title must be at most ${CALL_LIMITS.titleMax} characters`,
  singleLine: 'Keep this on one line',
  descriptionRequired: 'Say what the creators will do',
  descriptionTooLong: `Description must be at most ${CALL_LIMITS.descriptionMax} characters`,
  nichesRequired: 'Choose at least one niche',
  nichesTooMany: `Choose at most ${CALL_LIMITS.nichesMax} niches`,
  nicheUnknown: 'Unknown niche',
  contentTypesRequired: 'Choose at least one content type',
  contentTypeUnknown: 'Unknown content type',
  collabTypesRequired: 'Choose at least one kind of collaboration',
  collabTypeUnknown: 'Unknown kind of collaboration',
  neighborhoodsTooMany: `Name at most ${CALL_LIMITS.neighborhoodsMax} neighborhoods, or none for the whole city`,
  neighborhoodTooLong: `A neighborhood's name must be at most ${CALL_LIMITS.neighborhoodMax} characters`,
  followersInvalid: 'Followers must be a whole number from 0 to 100,000,000',
  followersOrder: 'The lowest follower count must not be above the highest',
  startsRequired: 'Give the first day of the work',
  endsRequired: 'Give the last day of the work',
  dateInvalid: 'Give a date as YYYY-MM-DD',
  startsInPast: 'The first day cannot be in the past',
  endsBeforeStart: 'The last day cannot be before the first day',
  tooFarAhead: `Dates must be within ${CALL_LIMITS.daysAheadMax} days`,
  deadlineRequired: 'Give a deadline for answers',
  deadlineInPast: 'The deadline cannot be in the past',
  deadlineAfterStart: 'The deadline must be on or before the first day of the work',
  offerRequired: 'Say what you offer: a fee, a product, or unpaid',
  feeRequired: 'Give the fee range in whole dollars',
  feeInvalid: `A fee must be a whole number of dollars from 1 to ${formatCount(CALL_LIMITS.feeMax)}`,
  feeOrder: 'The lowest fee must not be above the highest',
  productRequired: 'Say what product the creators get',
  productTooLong: `Product must be at most ${CALL_LIMITS.productMax} characters`,
  creatorsInvalid: `Creators wanted must be a whole number from 1 to ${CALL_LIMITS.creatorsMax}`,
  cityRequired: 'Choose the city of the call',
  failed: 'Your call could not be posted',
  posted: 'Your call was sent for review',
  reviewNote: "A city admin reviews every call before it is public. You'll see the answer on My calls.",
  needsProvenAddress: 'Confirm your e-mail address before you post a call',
  tooManyOpen: `You have ${CALL_LIMITS.openPerAccount} calls waiting for review or open. Close one before you post another.`,
  tooManyToday: (wait: string) =>
    `You have posted ${CALL_LIMITS.postedPerDay} calls in the last 24 hours. You can post another in ${wait}.`,
  notFound: 'Call not found',
  closed: 'This call is closed',
  declineReasonRequired: 'Say why the call is declined: the business reads it',
  declineReasonTooLong: `The reason must be at most ${CALL_LIMITS.declineReasonMax} characters`,
  notPending: 'Only a call waiting for review can be approved or declined',
  alreadyClosed: 'This call is already closed',
  cannotClose: 'Only a call waiting for review or open can be closed',
  changed: 'This call was changed meanwhile. Reload it and decide again.',
  actionUnknown: 'Unknown action: approve, decline or close',
} as const;

/** The console's notice once an admin's decision on a call is saved (admin-console's Open calls). */
export const CALL_DECISION_MSG = {
  approved: 'Call approved: it is public now',
  declined: 'Call declined: the business reads your reason',
  closed: 'Call closed',
} as const;

/** What the form sends (and the API accepts), once checked. */
export interface CallInput {
  business_name: string;
  title: string;
  description: string;
  niches: Niche[];
  content_types: ContentType[];
  collab_types: CollabType[];
  /** Empty: the whole city. */
  neighborhoods: string[];
  followers_min: number | null;
  followers_max: number | null;
  starts_on: string;
  ends_on: string;
  deadline: string;
  offer: CallOffer;
  fee_min: number | null;
  fee_max: number | null;
  product: string | null;
  creators_wanted: number;
}

/** A call as the public reads it (approved and open). */
export interface PublicCall extends CallInput {
  id: string;
  city_slug: string;
  city_name: string;
  /** The offer said plainly: "$200–$400 fee", "Product: …", "Unpaid". */
  offer_text: string;
  approved_at: string;
}

/**
 * A call's numbers (issue 40 point 5, decisions 0920–0922): `views`, people who opened its page
 * (one a client a day, robots left out); `creators_mailed`, matched creators a call mail or digest
 * naming it was written to; `answers`, creators who answered; `picks`, those the business picked.
 */
export interface CallNumbers {
  views: number;
  creators_mailed: number;
  answers: number;
  picks: number;
}

export const CALL_NUMBER_KEYS = [
  'views',
  'creators_mailed',
  'answers',
  'picks',
] as const satisfies readonly (keyof CallNumbers)[];

export const NO_CALL_NUMBERS: CallNumbers = { views: 0, creators_mailed: 0, answers: 0, picks: 0 };

/** What each number is called, on My calls and in the console, and what it counts (a tooltip, a screen reader's text). */
export const CALL_NUMBER_LABELS: Record<keyof CallNumbers | 'open_calls', string> = {
  open_calls: 'Open calls',
  views: 'Views',
  creators_mailed: 'Creators mailed',
  answers: 'Answers',
  picks: 'Picked',
};
export const CALL_NUMBER_HINTS: Record<keyof CallNumbers | 'open_calls', string> = {
  open_calls: 'Calls public now',
  views: 'People who opened the call, each counted once a day',
  creators_mailed: 'Matching creators told of the call by mail',
  answers: 'Creators who answered',
  picks: 'Creators picked',
};
export const CALL_NUMBERS_TEXT = {
  heading: 'Numbers',
  cityHeading: 'Open calls in numbers',
  allCities: 'All your cities',
} as const;

/** A city's calls in numbers (`GET /api/admin/calls/numbers`): every call of the city, ever, and how many are open now. */
export interface CityCallNumbers extends CallNumbers {
  city_slug: string;
  open_calls: number;
}

export interface CallNumbersByCity {
  /** The cities asked for (every city the admin was given without `city`), by slug. */
  cities: CityCallNumbers[];
  /** Their sum. */
  totals: CallNumbers & { open_calls: number };
}

/** A call as its business and the console read it. */
export interface OwnCall extends CallInput {
  id: string;
  city_slug: string;
  status: CallStatus;
  decline_reason: string | null;
  offer_text: string;
  created_at: string;
  updated_at: string;
  approved_at: string | null;
  closed_at: string | null;
  /** Its numbers so far (zeros until it is public). */
  numbers: CallNumbers;
}

export interface AdminCall extends OwnCall {
  account_email: string | null;
  version: number;
}

export interface CallFailure {
  field: string;
  message: string;
}
export type CallValidated = { ok: true; value: CallInput } | { ok: false; error: CallFailure; errors: CallFailure[] };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const list = (v: unknown): string[] =>
  Array.isArray(v)
    ? [...new Set(v.filter((x): x is string => typeof x === 'string').map((x) => x.trim()))].filter((x) => x !== '')
    : [];

/** A real calendar day as YYYY-MM-DD, else null. */
export function calendarDay(v: unknown): string | null {
  const s = text(v);
  if (!DATE.test(s)) return null;
  const d = new Date(`${s}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s ? null : s;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A whole number from a number or a typed string; undefined when empty, NaN when not one. */
function wholeNumber(v: unknown): number | undefined {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
  const n =
    typeof v === 'number'
      ? v
      : typeof v === 'string' && /^\s*\d+\s*$/.test(v.replace(/,/g, ''))
        ? Number(v.replace(/,/g, ''))
        : NaN;
  return Number.isSafeInteger(n) ? n : NaN;
}

/** The offer as a person says it. */
export function offerText(c: Pick<CallInput, 'offer' | 'fee_min' | 'fee_max' | 'product'>): string {
  const usd = (n: number) => `$${formatCount(n)}`;
  if (c.offer === 'paid')
    return c.fee_min === c.fee_max ? `${usd(c.fee_min ?? 0)} fee` : `${usd(c.fee_min ?? 0)}–${usd(c.fee_max ?? 0)} fee`;
  if (c.offer === 'product') return `Product: ${c.product ?? ''}`;
  return 'Unpaid';
}

/** Followers wanted, as a person says it; null for anyone. */
export function followerRangeText(min: number | null, max: number | null): string | null {
  const n = formatCount;
  if (min === null && max === null) return null;
  if (max === null) return `${n(min!)}+ followers`;
  if (min === null) return `Up to ${n(max)} followers`;
  return `${n(min)}–${n(max)} followers`;
}

/**
 * Checks every field of a call and says every failing field's first message (decision 0660).
 * `today` is the call's city's day (YYYY-MM-DD): dates before it are refused.
 */
export function validateCall(input: unknown, today: string): CallValidated {
  const body = (input && typeof input === 'object' && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
  const errors: CallFailure[] = [];
  const add = (field: string, message: string | null | false) => {
    if (message && !errors.some((e) => e.field === field)) errors.push({ field, message });
  };
  const first = (...rules: [boolean, string][]) => rules.find(([failed]) => failed)?.[1] ?? null;

  const businessName = text(body.business_name);
  add(
    'business_name',
    first(
      [!businessName, CALL_MSG.businessNameRequired],
      [[...businessName].length > CALL_LIMITS.businessNameMax, CALL_MSG.businessNameTooLong],
      [hasLineBreak(businessName), CALL_MSG.singleLine],
    ),
  );
  const title = text(body.title);
  add(
    'title',
    first(
      [!title, CALL_MSG.titleRequired],
      [[...title].length > CALL_LIMITS.titleMax, CALL_MSG.titleTooLong],
      [hasLineBreak(title), CALL_MSG.singleLine],
    ),
  );
  const description = text(body.description);
  add(
    'description',
    first(
      [!description, CALL_MSG.descriptionRequired],
      [[...description].length > CALL_LIMITS.descriptionMax, CALL_MSG.descriptionTooLong],
    ),
  );

  const niches = list(body.niches);
  add(
    'niches',
    first(
      [niches.length === 0, CALL_MSG.nichesRequired],
      [niches.some((n) => !(NICHES as readonly string[]).includes(n)), CALL_MSG.nicheUnknown],
      [niches.length > CALL_LIMITS.nichesMax, CALL_MSG.nichesTooMany],
    ),
  );
  const contentTypes = list(body.content_types);
  add(
    'content_types',
    first(
      [contentTypes.length === 0, CALL_MSG.contentTypesRequired],
      [contentTypes.some((t) => !(CONTENT_TYPES as readonly string[]).includes(t)), CALL_MSG.contentTypeUnknown],
    ),
  );
  const collabTypes = list(body.collab_types);
  add(
    'collab_types',
    first(
      [collabTypes.length === 0, CALL_MSG.collabTypesRequired],
      [collabTypes.some((t) => !(COLLAB_TYPES as readonly string[]).includes(t)), CALL_MSG.collabTypeUnknown],
    ),
  );
  const neighborhoods = list(body.neighborhoods);
  add(
    'neighborhoods',
    first(
      [neighborhoods.length > CALL_LIMITS.neighborhoodsMax, CALL_MSG.neighborhoodsTooMany],
      [neighborhoods.some((n) => [...n].length > CALL_LIMITS.neighborhoodMax), CALL_MSG.neighborhoodTooLong],
      [neighborhoods.some(hasLineBreak), CALL_MSG.singleLine],
    ),
  );

  const followersMin = wholeNumber(body.followers_min);
  const followersMax = wholeNumber(body.followers_max);
  const badFollowers = (n: number | undefined) =>
    n !== undefined && (Number.isNaN(n) || n < 0 || n > CALL_LIMITS.followersMax);
  add('followers_min', badFollowers(followersMin) && CALL_MSG.followersInvalid);
  add('followers_max', badFollowers(followersMax) && CALL_MSG.followersInvalid);
  if (
    !badFollowers(followersMin) &&
    !badFollowers(followersMax) &&
    followersMin !== undefined &&
    followersMax !== undefined &&
    followersMin > followersMax
  )
    add('followers_max', CALL_MSG.followersOrder);

  const latest = addDays(today, CALL_LIMITS.daysAheadMax);
  const startsOn = calendarDay(body.starts_on);
  const endsOn = calendarDay(body.ends_on);
  const deadline = calendarDay(body.deadline);
  add(
    'starts_on',
    first(
      [!text(body.starts_on), CALL_MSG.startsRequired],
      [!startsOn, CALL_MSG.dateInvalid],
      [!!startsOn && startsOn < today, CALL_MSG.startsInPast],
      [!!startsOn && startsOn > latest, CALL_MSG.tooFarAhead],
    ),
  );
  add(
    'ends_on',
    first(
      [!text(body.ends_on), CALL_MSG.endsRequired],
      [!endsOn, CALL_MSG.dateInvalid],
      [!!endsOn && !!startsOn && endsOn < startsOn, CALL_MSG.endsBeforeStart],
      [!!endsOn && endsOn > latest, CALL_MSG.tooFarAhead],
    ),
  );
  add(
    'deadline',
    first(
      [!text(body.deadline), CALL_MSG.deadlineRequired],
      [!deadline, CALL_MSG.dateInvalid],
      [!!deadline && deadline < today, CALL_MSG.deadlineInPast],
      [!!deadline && !!startsOn && deadline > startsOn, CALL_MSG.deadlineAfterStart],
    ),
  );

  const offer = text(body.offer);
  add('offer', !(CALL_OFFERS as readonly string[]).includes(offer) && CALL_MSG.offerRequired);
  const feeMin = wholeNumber(body.fee_min);
  const feeMax = wholeNumber(body.fee_max);
  const product = text(body.product);
  if (offer === 'paid') {
    const badFee = (n: number | undefined) => n === undefined || Number.isNaN(n) || n < 1 || n > CALL_LIMITS.feeMax;
    add('fee_min', feeMin === undefined ? CALL_MSG.feeRequired : badFee(feeMin) && CALL_MSG.feeInvalid);
    add('fee_max', feeMax === undefined ? CALL_MSG.feeRequired : badFee(feeMax) && CALL_MSG.feeInvalid);
    if (!badFee(feeMin) && !badFee(feeMax) && feeMin! > feeMax!) add('fee_max', CALL_MSG.feeOrder);
  }
  if (offer === 'product')
    add(
      'product',
      first(
        [!product, CALL_MSG.productRequired],
        [[...product].length > CALL_LIMITS.productMax, CALL_MSG.productTooLong],
        [hasLineBreak(product), CALL_MSG.singleLine],
      ),
    );

  const creators = wholeNumber(body.creators_wanted);
  add(
    'creators_wanted',
    (creators === undefined || Number.isNaN(creators) || creators < 1 || creators > CALL_LIMITS.creatorsMax) &&
      CALL_MSG.creatorsInvalid,
  );

  if (errors.length) return { ok: false, error: errors[0]!, errors };
  return {
    ok: true,
    value: {
      business_name: businessName,
      title,
      description,
      niches: niches as Niche[],
      content_types: contentTypes as ContentType[],
      collab_types: collabTypes as CollabType[],
      neighborhoods,
      followers_min: followersMin ?? null,
      followers_max: followersMax ?? null,
      starts_on: startsOn!,
      ends_on: endsOn!,
      deadline: deadline!,
      offer: offer as CallOffer,
      fee_min: offer === 'paid' ? feeMin! : null,
      fee_max: offer === 'paid' ? feeMax! : null,
      product: offer === 'product' ? product : null,
      creators_wanted: creators!,
    },
  };
}

/** A decline's reason, checked the same in the console and the API. */
export function firstDeclineReasonError(v: unknown): string | null {
  const reason = text(v);
  if (!reason) return CALL_MSG.declineReasonRequired;
  if ([...reason].length > CALL_LIMITS.declineReasonMax) return CALL_MSG.declineReasonTooLong;
  return null;
}

/** GET /api/calls?city=: a city's public calls. */
export interface CallsPage {
  city_slug: string;
  city_name: string;
  calls: PublicCall[];
}

/** The call page's data: the call, or the closed call's id only (410). */
export type CallRead = PublicCall | { id: string; closed: true };
