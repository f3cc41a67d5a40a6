/**
 * Validation shared by the pages and the server. A form's validator checks every field and
 * returns all the failures, one per field in the form's order (`errors`, shown on their fields
 * at once: decision 0660), with the first of them as `error` (the server's answer and the
 * toast, spec 5), or the normalised (trimmed) value.
 */
import {
  BUDGET_RANGES,
  type BudgetRange,
  BUSINESS_CATEGORIES,
  COLLAB_TYPES,
  CONTENT_TYPES,
  LIMITS,
  NICHES,
  PLATFORM_NAMES,
  TYPES_OF_HELP,
} from './constants';
import { MSG } from './messages';
import { contactLinkChoices } from './creator-rules';
import { hasLineBreak } from './text-input';
import { linkMatchesHandle, platformProfileUrl } from './platform-links';
import { linkFrom } from './links';
import type {
  AmplifySubmissionInput,
  ContactRequestInput,
  ContactSettings,
  InterestRequestInput,
  PlatformInput,
  ProfileInput,
} from './types';

export interface ValidationFailure {
  field: string;
  message: string;
}

export type Validated<T> =
  { ok: true; value: T } | { ok: false; error: ValidationFailure; errors: ValidationFailure[] };

const fail = <T>(field: string, message: string): Validated<T> => ({
  ok: false,
  error: { field, message },
  errors: [{ field, message }],
});

/** Every field's first failure, in the order checked; a field already failed keeps its first message. */
class Failures {
  readonly list: ValidationFailure[] = [];
  add(field: string, message: string | null | undefined | false): void {
    if (message && !this.list.some((f) => f.field === field)) this.list.push({ field, message });
  }
  has(field: string): boolean {
    return this.list.some((f) => f.field === field);
  }
  /** The failures as a result, or null when there are none. */
  result<T>(): Validated<T> | null {
    return this.list.length ? { ok: false, error: this.list[0]!, errors: this.list } : null;
  }
}

// Same shape as the common "practical" e-mail pattern: local part without leading/double dots, a
// dotted domain and a 2+ letter top-level domain.
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const PHONE_PATTERN = /^[0-9\s\-+()]+$/;

export function firstEmailError(raw: unknown): string | null {
  const email = typeof raw === 'string' ? raw.trim() : '';
  if (!EMAIL_PATTERN.test(email)) return MSG.emailInvalid;
  if (email.length > LIMITS.emailMax) return MSG.emailTooLong;
  return null;
}

/** Sign-up: the full password policy of spec point 5. */
export function firstSignupPasswordError(raw: unknown): string | null {
  const password = typeof raw === 'string' ? raw : '';
  if (password.length < LIMITS.passwordMin) return MSG.passwordTooShort;
  if (password.length > LIMITS.passwordMax) return MSG.passwordTooLong;
  if (!/[A-Z]/.test(password)) return MSG.passwordUppercase;
  if (!/[a-z]/.test(password)) return MSG.passwordLowercase;
  if (!/[0-9]/.test(password)) return MSG.passwordNumber;
  return null;
}

/** Sign-in: only the length rule. */
export function firstSigninPasswordError(raw: unknown): string | null {
  const password = typeof raw === 'string' ? raw : '';
  if (password.length < LIMITS.passwordMin) return MSG.passwordTooShort;
  if (password.length > LIMITS.passwordMax) return MSG.passwordTooLong;
  return null;
}

export interface Credentials {
  email: string;
  password: string;
}

function validateCredentials(input: unknown, passwordRule: (p: unknown) => string | null): Validated<Credentials> {
  const body = (input ?? {}) as Record<string, unknown>;
  const failures = new Failures();
  failures.add('email', firstEmailError(body.email));
  failures.add('password', passwordRule(body.password));
  const failed = failures.result<Credentials>();
  if (failed) return failed;
  return { ok: true, value: { email: (body.email as string).trim(), password: body.password as string } };
}

export const validateSignup = (input: unknown) => validateCredentials(input, firstSignupPasswordError);
export const validateSignin = (input: unknown) => validateCredentials(input, firstSigninPasswordError);

export function validateRecoveryRequest(input: unknown): Validated<{ email: string }> {
  const raw = (input as { email?: unknown } | null)?.email;
  const email = typeof raw === 'string' ? raw.trim() : '';
  if (!email) return fail('email', MSG.emailRequired);
  const emailError = firstEmailError(email);
  if (emailError) return fail('email', emailError);
  return { ok: true, value: { email } };
}

/**
 * New password after recovery. The spec's form checks length and confirmation only; the server
 * applies the sign-up policy too so a reset cannot weaken an account (docs/decisions).
 */
export function firstNewPasswordError(password: string, confirmation?: string): string | null {
  if (password.length < LIMITS.passwordMin) return MSG.passwordTooShort;
  if (confirmation !== undefined && password !== confirmation) return MSG.passwordsDoNotMatch;
  return firstSignupPasswordError(password);
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
/** An optional link: null when empty, the full link (linkFrom) when it is one, false when it is not. */
const optionalLink = (v: unknown): string | null | false => {
  const s = str(v);
  return s === '' ? null : (linkFrom(s) ?? false);
};

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? [...new Set(v.filter((x): x is string => typeof x === 'string'))] : [];
}

function validatePlatform(raw: unknown, index: number): Validated<PlatformInput> {
  const p = (raw ?? {}) as Record<string, unknown>;
  const field = (name: string) => `platforms.${index}.${name}`;
  const name = str(p.name);
  if (!name) return fail(field('name'), MSG.platformNameRequired);
  if (!(PLATFORM_NAMES as readonly string[]).includes(name)) return fail(field('name'), MSG.platformUnknown);
  const handle = str(p.handle);
  if (handle.length > LIMITS.handleMax) return fail(field('handle'), MSG.handleTooLong);
  if (hasLineBreak(handle)) return fail(field('handle'), MSG.singleLine);
  const url = optionalLink(p.url);
  if (url === false) return fail(field('url'), MSG.platformUrlInvalid);
  if (!linkMatchesHandle(name as PlatformInput['name'], handle, url ?? ''))
    return fail(
      field('url'),
      MSG.platformUrlNotHandle(name, platformProfileUrl(name as PlatformInput['name'], handle || 'yourname')),
    );
  // A whole number as typed (spec 5): digits, never an exponent ("1e9"), hex or a boolean (decision 0851).
  const followers =
    p.followers === undefined || p.followers === null || p.followers === ''
      ? 0
      : typeof p.followers === 'number'
        ? p.followers
        : typeof p.followers === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(p.followers)
          ? Number(p.followers)
          : NaN;
  if (Number.isNaN(followers)) return fail(field('followers'), MSG.followersNotWhole);
  if (followers < 0) return fail(field('followers'), MSG.followersNegative);
  if (followers > LIMITS.followersMax) return fail(field('followers'), MSG.followersTooLarge);
  if (!Number.isInteger(followers)) return fail(field('followers'), MSG.followersNotWhole);
  return { ok: true, value: { name: name as PlatformInput['name'], handle, url: url ?? '', followers } };
}

function checkOptions(
  values: string[],
  options: readonly string[],
  emptyMsg: string,
  unknownMsg: string,
): string | null {
  if (values.length === 0) return emptyMsg;
  if (values.some((v) => !options.includes(v))) return unknownMsg;
  return null;
}

/** The first of a field's rules that fails, or null. */
const firstOf = (...rules: [boolean, string][]): string | null => rules.find(([failed]) => failed)?.[1] ?? null;

/** The final profile validation table of spec point 5, in the table's order; every field is checked. */
export function validateProfile(input: unknown): Validated<ProfileInput> {
  const body = (input ?? {}) as Record<string, unknown>;
  const failures = new Failures();

  const full_name = str(body.full_name);
  failures.add(
    'full_name',
    firstOf(
      [full_name.length < 1, MSG.nameRequired],
      [full_name.length > LIMITS.nameMax, MSG.nameTooLong],
      [hasLineBreak(full_name), MSG.singleLine],
    ),
  );

  const phone = str(body.phone);
  failures.add(
    'phone',
    firstOf(
      [phone === '', MSG.phoneRequired],
      [hasLineBreak(phone), MSG.singleLine],
      [!PHONE_PATTERN.test(phone), MSG.phoneFormat],
      [phone.length < LIMITS.phoneMin, MSG.phoneTooShort],
      [phone.length > LIMITS.phoneMax, MSG.phoneTooLong],
    ),
  );

  const bio = str(body.bio);
  failures.add(
    'bio',
    firstOf([bio.length < LIMITS.bioMin, MSG.bioTooShort], [bio.length > LIMITS.bioMax, MSG.bioTooLong]),
  );

  const neighborhood = str(body.neighborhood);
  failures.add(
    'neighborhood',
    firstOf(
      [neighborhood.length > LIMITS.neighborhoodMax, MSG.neighborhoodTooLong],
      [hasLineBreak(neighborhood), MSG.singleLine],
    ),
  );

  const media_kit_url = optionalLink(body.media_kit_url);
  failures.add('media_kit_url', media_kit_url === false && MSG.mediaKitUrlInvalid);
  const link_hub_url = optionalLink(body.link_hub_url);
  failures.add('link_hub_url', link_hub_url === false && MSG.linkHubUrlInvalid);

  const niches = stringList(body.niches);
  failures.add('niches', checkOptions(niches, NICHES, MSG.nicheRequired, MSG.nicheUnknown));

  const rawPlatforms = Array.isArray(body.platforms) ? body.platforms : [];
  failures.add(
    'platforms',
    firstOf(
      [rawPlatforms.length === 0, MSG.platformRequired],
      [rawPlatforms.length > LIMITS.platformsMax, MSG.tooManyPlatforms],
    ),
  );
  const platforms: PlatformInput[] = [];
  if (!failures.has('platforms')) {
    for (const [i, raw] of rawPlatforms.entries()) {
      const result = validatePlatform(raw, i);
      if (result.ok) platforms.push(result.value);
      else failures.add(result.error.field, result.error.message);
    }
  }

  const content_types = stringList(body.content_types);
  failures.add(
    'content_types',
    checkOptions(content_types, CONTENT_TYPES, MSG.contentTypeRequired, MSG.contentTypeUnknown),
  );

  const collab_types = stringList(body.collab_types);
  failures.add('collab_types', checkOptions(collab_types, COLLAB_TYPES, MSG.collabTypeRequired, MSG.collabTypeUnknown));

  const failed = failures.result<ProfileInput>();
  if (failed) return failed;
  return {
    ok: true,
    value: {
      full_name,
      phone,
      bio,
      neighborhood: neighborhood || null,
      media_kit_url: media_kit_url || null,
      link_hub_url: link_hub_url || null,
      niches: niches as ProfileInput['niches'],
      platforms,
      content_types: content_types as ProfileInput['content_types'],
      collab_types: collab_types as ProfileInput['collab_types'],
      can_use_name_publicly: body.can_use_name_publicly === undefined ? true : body.can_use_name_publicly === true,
    },
  };
}

/** The fields each wizard step shows (spec 5's steps), by the validator's field names. */
export const WIZARD_STEP_FIELDS = {
  1: ['full_name', 'phone', 'bio', 'neighborhood'],
  2: ['platforms'],
  3: ['niches', 'content_types', 'collab_types'],
  4: ['media_kit_url', 'link_hub_url', 'can_use_name_publicly'],
} as const satisfies Record<1 | 2 | 3 | 4, readonly string[]>;

/** The step that holds a field named in a validation failure (e.g. 'platforms.0.url'), or null. */
export function wizardStepOfField(field: string | undefined): 1 | 2 | 3 | 4 | null {
  const root = field?.split('.')[0];
  for (const step of [1, 2, 3, 4] as const)
    if ((WIZARD_STEP_FIELDS[step] as readonly string[]).includes(root ?? '')) return step;
  return null;
}

/**
 * What keeps a wizard step from its Next (decision 0660): the final rules' failures of the
 * step's own fields, so a missing or too short field is said on its step, not at the end.
 */
export function wizardStepFailures(step: 1 | 2 | 3 | 4, draft: unknown): ValidationFailure[] {
  const checked = validateProfile(draft);
  return checked.ok ? [] : checked.errors.filter((f) => wizardStepOfField(f.field) === step);
}

/** Wizard step gates (spec 5): which steps are complete enough for Next. */
export function isWizardStepComplete(step: 1 | 2 | 3 | 4, draft: Partial<ProfileInput>): boolean {
  switch (step) {
    case 1:
      return !!draft.full_name?.trim() && !!draft.phone?.trim() && !!draft.bio?.trim();
    case 2:
      return (draft.platforms?.length ?? 0) > 0;
    case 3:
      return (
        (draft.niches?.length ?? 0) > 0 &&
        (draft.content_types?.length ?? 0) > 0 &&
        (draft.collab_types?.length ?? 0) > 0
      );
    case 4:
      return true;
  }
}

/** Profile image: checked by MIME type in the page and by content on the server. */
export function firstImageError(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return MSG.imageNotImage;
  if (file.size >= LIMITS.imageMaxBytes) return MSG.imageTooLarge;
  return null;
}

export function validateAmplifySubmission(input: unknown): Validated<AmplifySubmissionInput> {
  const body = (input ?? {}) as Record<string, unknown>;
  const failures = new Failures();
  const business_name = str(body.business_name);
  failures.add(
    'business_name',
    firstOf(
      [!business_name, MSG.businessNameRequired],
      [business_name.length > LIMITS.businessNameMax, MSG.businessNameTooLong],
      [hasLineBreak(business_name), MSG.singleLine],
    ),
  );
  const contact_name = str(body.contact_name);
  failures.add(
    'contact_name',
    firstOf(
      [!contact_name, MSG.contactNameRequired],
      [contact_name.length > LIMITS.contactNameMax, MSG.contactNameTooLong],
      [hasLineBreak(contact_name), MSG.singleLine],
    ),
  );
  failures.add('contact_email', firstEmailError(body.contact_email));
  const category = str(body.category);
  failures.add('category', !(BUSINESS_CATEGORIES as readonly string[]).includes(category) && MSG.categoryRequired);
  const story = str(body.story);
  failures.add('story', firstOf([!story, MSG.storyRequired], [story.length > LIMITS.storyMax, MSG.storyTooLong]));
  const website_social = str(body.website_social);
  failures.add(
    'website_social',
    firstOf(
      [website_social.length > LIMITS.urlMax, MSG.websiteInvalid],
      [hasLineBreak(website_social), MSG.singleLine],
    ),
  );
  const neighborhood = str(body.neighborhood);
  failures.add(
    'neighborhood',
    firstOf(
      [neighborhood.length > LIMITS.neighborhoodMax, MSG.neighborhoodTooLong],
      [hasLineBreak(neighborhood), MSG.singleLine],
    ),
  );
  const type_of_help = stringList(body.type_of_help);
  failures.add(
    'type_of_help',
    type_of_help.some((t) => !(TYPES_OF_HELP as readonly string[]).includes(t)) && MSG.typeOfHelpUnknown,
  );
  const failed = failures.result<AmplifySubmissionInput>();
  if (failed) return failed;
  return {
    ok: true,
    value: {
      business_name,
      contact_name,
      contact_email: str(body.contact_email),
      category: category as AmplifySubmissionInput['category'],
      story,
      // A link is stored as one (https:// in front when typed without); a handle or a name stays text (decision 0119).
      website_social: linkFrom(website_social) ?? (website_social || null),
      neighborhood: neighborhood || null,
      type_of_help: type_of_help as AmplifySubmissionInput['type_of_help'],
    },
  };
}

/** title = the first 100 characters of the story (spec 3), counted as characters, not UTF-16 units. */
export const storyTitle = (story: string) => Array.from(story).slice(0, LIMITS.storyTitleLength).join('');

export function validateInterestRequest(input: unknown): Validated<InterestRequestInput> {
  const body = (input ?? {}) as Record<string, unknown>;
  const failures = new Failures();
  const creator_name = str(body.creator_name);
  failures.add(
    'creator_name',
    firstOf(
      [!creator_name, MSG.interestNameRequired],
      [creator_name.length > LIMITS.nameMax, MSG.nameTooLong],
      [hasLineBreak(creator_name), MSG.singleLine],
    ),
  );
  failures.add('creator_email', firstEmailError(body.creator_email));
  const creator_links = str(body.creator_links);
  failures.add(
    'creator_links',
    firstOf(
      [creator_links.length > LIMITS.interestLinksMax, MSG.linksTooLong],
      [hasLineBreak(creator_links), MSG.singleLine],
    ),
  );
  const message = str(body.message);
  failures.add('message', message.length > LIMITS.interestMessageMax && MSG.messageTooLong);
  const failed = failures.result<InterestRequestInput>();
  if (failed) return failed;
  return {
    ok: true,
    value: {
      creator_name,
      creator_email: str(body.creator_email),
      creator_links: creator_links || null,
      message: message || null,
    },
  };
}

/** A brand's message through a profile's Contact form (decision 0501). */
export function validateContactRequest(input: unknown): Validated<ContactRequestInput> {
  const body = (input ?? {}) as Record<string, unknown>;
  const failures = new Failures();
  const brand_name = str(body.brand_name);
  failures.add(
    'brand_name',
    firstOf(
      [!brand_name, MSG.contactBrandRequired],
      [brand_name.length > LIMITS.businessNameMax, MSG.nameTooLong],
      [hasLineBreak(brand_name), MSG.singleLine],
    ),
  );
  failures.add('email', firstEmailError(body.email));
  const message = str(body.message);
  failures.add(
    'message',
    firstOf([!message, MSG.contactMessageRequired], [message.length > LIMITS.contactMessageMax, MSG.messageTooLong]),
  );
  const budget = body.budget_range === undefined || body.budget_range === null ? '' : body.budget_range;
  failures.add(
    'budget_range',
    budget !== '' && !(BUDGET_RANGES as readonly unknown[]).includes(budget) && MSG.contactBudgetInvalid,
  );
  const failed = failures.result<ContactRequestInput>();
  if (failed) return failed;
  return {
    ok: true,
    value: { brand_name, email: str(body.email), message, budget_range: (budget || null) as BudgetRange | null },
  };
}

/** A creator's Contact settings: the links named must be the profile's own (contactLinkChoices). */
export function validateContactSettings(
  input: unknown,
  profile: Parameters<typeof contactLinkChoices>[0],
): Validated<ContactSettings> {
  const body = (input ?? {}) as Record<string, unknown>;
  if (typeof body.contact_enabled !== 'boolean') return fail('contact_enabled', MSG.contactEnabledInvalid);
  const links = Array.isArray(body.contact_links) ? body.contact_links : body.contact_links === undefined ? [] : null;
  const allowed = new Set(contactLinkChoices(profile).map((c) => c.key));
  if (links === null || !links.every((l): l is string => typeof l === 'string' && allowed.has(l)))
    return fail('contact_links', MSG.contactLinkUnknown);
  return { ok: true, value: { contact_enabled: body.contact_enabled, contact_links: [...new Set(links)] } };
}
