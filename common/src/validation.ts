/**
 * Validation shared by the pages and the server. Every validator returns the FIRST failure
 * (the spec shows one message at a time) or null, and the normalised (trimmed) value.
 */
import { BUDGET_RANGES, type BudgetRange, BUSINESS_CATEGORIES, COLLAB_TYPES, CONTENT_TYPES, LIMITS, NICHES, PLATFORM_NAMES, TYPES_OF_HELP } from './constants';
import { MSG } from './messages';
import { contactLinkChoices } from './creator-rules';
import { hasLineBreak } from './text-input';
import { linkMatchesHandle, platformProfileUrl } from './platform-links';
import { linkFrom } from './links';
import type { AmplifySubmissionInput, ContactRequestInput, ContactSettings, InterestRequestInput, PlatformInput, ProfileInput } from './types';

export interface ValidationFailure {
  field: string;
  message: string;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; error: ValidationFailure };

const fail = <T>(field: string, message: string): Validated<T> => ({ ok: false, error: { field, message } });

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
  const emailError = firstEmailError(body.email);
  if (emailError) return fail('email', emailError);
  const passwordError = passwordRule(body.password);
  if (passwordError) return fail('password', passwordError);
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
/** The first of these one-line fields that holds a line break (decision 0504). */
const brokenLine = (fields: Record<string, string | null>): Validated<never> | null => {
  const field = Object.keys(fields).find((k) => hasLineBreak(fields[k] ?? ''));
  return field ? fail(field, MSG.singleLine) : null;
};
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
    return fail(field('url'), MSG.platformUrlNotHandle(name, platformProfileUrl(name as PlatformInput['name'], handle || 'yourname')));
  const followers = p.followers === undefined || p.followers === null || p.followers === '' ? 0 : Number(p.followers);
  if (Number.isNaN(followers)) return fail(field('followers'), MSG.followersNotWhole);
  if (followers < 0) return fail(field('followers'), MSG.followersNegative);
  if (followers > LIMITS.followersMax) return fail(field('followers'), MSG.followersTooLarge);
  if (!Number.isInteger(followers)) return fail(field('followers'), MSG.followersNotWhole);
  return { ok: true, value: { name: name as PlatformInput['name'], handle, url: url ?? '', followers } };
}

function checkOptions(values: string[], options: readonly string[], field: string, emptyMsg: string, unknownMsg: string) {
  if (values.length === 0) return fail<never>(field, emptyMsg);
  if (values.some((v) => !options.includes(v))) return fail<never>(field, unknownMsg);
  return null;
}

/** The final profile validation table of spec point 5, in the table's order. */
export function validateProfile(input: unknown): Validated<ProfileInput> {
  const body = (input ?? {}) as Record<string, unknown>;

  const full_name = str(body.full_name);
  if (full_name.length < 1) return fail('full_name', MSG.nameRequired);
  if (full_name.length > LIMITS.nameMax) return fail('full_name', MSG.nameTooLong);
  if (hasLineBreak(full_name)) return fail('full_name', MSG.singleLine);

  const phone = str(body.phone);
  if (hasLineBreak(phone)) return fail('phone', MSG.singleLine);
  if (!PHONE_PATTERN.test(phone)) return fail('phone', MSG.phoneFormat);
  if (phone.length < LIMITS.phoneMin) return fail('phone', MSG.phoneTooShort);
  if (phone.length > LIMITS.phoneMax) return fail('phone', MSG.phoneTooLong);

  const bio = str(body.bio);
  if (bio.length < LIMITS.bioMin) return fail('bio', MSG.bioTooShort);
  if (bio.length > LIMITS.bioMax) return fail('bio', MSG.bioTooLong);

  const neighborhood = str(body.neighborhood);
  if (neighborhood.length > LIMITS.neighborhoodMax) return fail('neighborhood', MSG.neighborhoodTooLong);
  if (hasLineBreak(neighborhood)) return fail('neighborhood', MSG.singleLine);

  const media_kit_url = optionalLink(body.media_kit_url);
  if (media_kit_url === false) return fail('media_kit_url', MSG.mediaKitUrlInvalid);
  const link_hub_url = optionalLink(body.link_hub_url);
  if (link_hub_url === false) return fail('link_hub_url', MSG.linkHubUrlInvalid);

  const niches = stringList(body.niches);
  const nicheError = checkOptions(niches, NICHES, 'niches', MSG.nicheRequired, MSG.nicheUnknown);
  if (nicheError) return nicheError;

  const rawPlatforms = Array.isArray(body.platforms) ? body.platforms : [];
  if (rawPlatforms.length === 0) return fail('platforms', MSG.platformRequired);
  if (rawPlatforms.length > LIMITS.platformsMax) return fail('platforms', MSG.tooManyPlatforms);
  const platforms: PlatformInput[] = [];
  for (const [i, raw] of rawPlatforms.entries()) {
    const result = validatePlatform(raw, i);
    if (!result.ok) return result;
    platforms.push(result.value);
  }

  const content_types = stringList(body.content_types);
  const contentError = checkOptions(content_types, CONTENT_TYPES, 'content_types', MSG.contentTypeRequired, MSG.contentTypeUnknown);
  if (contentError) return contentError;

  const collab_types = stringList(body.collab_types);
  const collabError = checkOptions(collab_types, COLLAB_TYPES, 'collab_types', MSG.collabTypeRequired, MSG.collabTypeUnknown);
  if (collabError) return collabError;

  return {
    ok: true,
    value: {
      full_name,
      phone,
      bio,
      neighborhood: neighborhood || null,
      media_kit_url,
      link_hub_url,
      niches: niches as ProfileInput['niches'],
      platforms,
      content_types: content_types as ProfileInput['content_types'],
      collab_types: collab_types as ProfileInput['collab_types'],
      can_use_name_publicly: body.can_use_name_publicly === undefined ? true : body.can_use_name_publicly === true,
    },
  };
}

/** Wizard step gates (spec 5): which steps are complete enough for Next. */
export function isWizardStepComplete(step: 1 | 2 | 3 | 4, draft: Partial<ProfileInput>): boolean {
  switch (step) {
    case 1:
      return !!draft.full_name?.trim() && !!draft.phone?.trim() && !!draft.bio?.trim();
    case 2:
      return (draft.platforms?.length ?? 0) > 0;
    case 3:
      return (draft.niches?.length ?? 0) > 0 && (draft.content_types?.length ?? 0) > 0 && (draft.collab_types?.length ?? 0) > 0;
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
  const business_name = str(body.business_name);
  if (!business_name) return fail('business_name', MSG.businessNameRequired);
  if (business_name.length > LIMITS.businessNameMax) return fail('business_name', MSG.businessNameTooLong);
  const contact_name = str(body.contact_name);
  if (!contact_name) return fail('contact_name', MSG.contactNameRequired);
  if (contact_name.length > LIMITS.contactNameMax) return fail('contact_name', MSG.contactNameTooLong);
  const emailError = firstEmailError(body.contact_email);
  if (emailError) return fail('contact_email', emailError);
  const category = str(body.category);
  if (!(BUSINESS_CATEGORIES as readonly string[]).includes(category)) return fail('category', MSG.categoryRequired);
  const story = str(body.story);
  if (!story) return fail('story', MSG.storyRequired);
  if (story.length > LIMITS.storyMax) return fail('story', MSG.storyTooLong);
  const website_social = str(body.website_social);
  if (website_social.length > LIMITS.urlMax) return fail('website_social', MSG.websiteInvalid);
  const neighborhood = str(body.neighborhood);
  if (neighborhood.length > LIMITS.neighborhoodMax) return fail('neighborhood', MSG.neighborhoodTooLong);
  const lineError = brokenLine({ business_name, contact_name, website_social, neighborhood });
  if (lineError) return lineError;
  const type_of_help = stringList(body.type_of_help);
  if (type_of_help.some((t) => !(TYPES_OF_HELP as readonly string[]).includes(t))) {
    return fail('type_of_help', MSG.typeOfHelpUnknown);
  }
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
  const creator_name = str(body.creator_name);
  if (!creator_name) return fail('creator_name', MSG.interestNameRequired);
  if (creator_name.length > LIMITS.nameMax) return fail('creator_name', MSG.nameTooLong);
  const emailError = firstEmailError(body.creator_email);
  if (emailError) return fail('creator_email', emailError);
  const creator_links = str(body.creator_links);
  if (creator_links.length > LIMITS.interestLinksMax) return fail('creator_links', MSG.linksTooLong);
  const message = str(body.message);
  if (message.length > LIMITS.interestMessageMax) return fail('message', MSG.messageTooLong);
  const lineError = brokenLine({ creator_name, creator_links });
  if (lineError) return lineError;
  return {
    ok: true,
    value: { creator_name, creator_email: str(body.creator_email), creator_links: creator_links || null, message: message || null },
  };
}

/** A brand's message through a profile's Contact form (decision 0501). */
export function validateContactRequest(input: unknown): Validated<ContactRequestInput> {
  const body = (input ?? {}) as Record<string, unknown>;
  const brand_name = str(body.brand_name);
  if (!brand_name) return fail('brand_name', MSG.contactBrandRequired);
  if (brand_name.length > LIMITS.businessNameMax) return fail('brand_name', MSG.nameTooLong);
  if (hasLineBreak(brand_name)) return fail('brand_name', MSG.singleLine);
  const emailError = firstEmailError(body.email);
  if (emailError) return fail('email', emailError);
  const message = str(body.message);
  if (!message) return fail('message', MSG.contactMessageRequired);
  if (message.length > LIMITS.contactMessageMax) return fail('message', MSG.messageTooLong);
  const budget = body.budget_range === undefined || body.budget_range === null ? '' : body.budget_range;
  if (budget !== '' && !(BUDGET_RANGES as readonly unknown[]).includes(budget)) return fail('budget_range', MSG.contactBudgetInvalid);
  return { ok: true, value: { brand_name, email: str(body.email), message, budget_range: (budget || null) as BudgetRange | null } };
}

/** A creator's Contact settings: the links named must be the profile's own (contactLinkChoices). */
export function validateContactSettings(input: unknown, profile: Parameters<typeof contactLinkChoices>[0]): Validated<ContactSettings> {
  const body = (input ?? {}) as Record<string, unknown>;
  if (typeof body.contact_enabled !== 'boolean') return fail('contact_enabled', MSG.contactEnabledInvalid);
  const links = Array.isArray(body.contact_links) ? body.contact_links : body.contact_links === undefined ? [] : null;
  const allowed = new Set(contactLinkChoices(profile).map((c) => c.key));
  if (links === null || !links.every((l): l is string => typeof l === 'string' && allowed.has(l))) return fail('contact_links', MSG.contactLinkUnknown);
  return { ok: true, value: { contact_enabled: body.contact_enabled, contact_links: [...new Set(links)] } };
}
