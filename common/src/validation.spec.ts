import { LIMITS } from './constants';
import { MSG } from './messages';
import {
  firstEmailError,
  firstImageError,
  firstNewPasswordError,
  firstSigninPasswordError,
  firstSignupPasswordError,
  isWizardStepComplete,
  storyTitle,
  validateAmplifySubmission,
  validateInterestRequest,
  validateProfile,
  validateRecoveryRequest,
  validateSignup,
  validateContactRequest,
  wizardStepFailures,
  wizardStepOfField,
} from './validation';

// The rules the pages and the server share (spec point 5 and the Amplify forms). Each validator
// answers with the first failure only, in the spec table's order.

const profile = (over: Record<string, unknown> = {}) => ({
  full_name: 'Ada Lovelace',
  phone: '(216) 555-0100',
  bio: 'Food and coffee around Ohio City.',
  niches: ['Food'],
  platforms: [{ name: 'Instagram', handle: '@ada', url: 'https://instagram.com/ada', followers: 1200 }],
  content_types: ['Photo'],
  collab_types: ['Sponsored Post'],
  ...over,
});
const errorOf = <T>(result: { ok: true; value: T } | { ok: false; error: { field: string; message: string } }) =>
  result.ok ? null : result.error;

describe('e-mail addresses', () => {
  it.each(['ada@example.com', ' ada.l+news@mail.example.co.uk ', "o'brien@example.ie"])('accepts %p', (email) => {
    expect(firstEmailError(email)).toBeNull();
  });
  it.each([
    '',
    'ada',
    'ada@example',
    '.ada@example.com',
    'ad..a@example.com',
    'ada@example.c',
    'ada@@example.com',
    42,
    null,
  ])('refuses %p', (email) => {
    expect(firstEmailError(email)).toBe(MSG.emailInvalid);
  });
  it('refuses an address over the length limit with its own message', () => {
    const long = `${'a'.repeat(LIMITS.emailMax)}@example.com`;
    expect(firstEmailError(long)).toBe(MSG.emailTooLong);
  });
  it('asks for a missing address on the recovery form before judging its shape', () => {
    expect(errorOf(validateRecoveryRequest({ email: '  ' }))).toEqual({ field: 'email', message: MSG.emailRequired });
    expect(errorOf(validateRecoveryRequest({ email: 'nope' }))).toEqual({ field: 'email', message: MSG.emailInvalid });
    expect(validateRecoveryRequest({ email: ' ada@example.com ' })).toEqual({
      ok: true,
      value: { email: 'ada@example.com' },
    });
  });
});

describe('passwords', () => {
  it('sign-up checks length, then upper case, lower case and a digit, in that order', () => {
    expect(firstSignupPasswordError('short')).toBe(MSG.passwordTooShort);
    expect(firstSignupPasswordError('x'.repeat(LIMITS.passwordMax + 1))).toBe(MSG.passwordTooLong);
    expect(firstSignupPasswordError('lowercase1')).toBe(MSG.passwordUppercase);
    expect(firstSignupPasswordError('UPPERCASE1')).toBe(MSG.passwordLowercase);
    expect(firstSignupPasswordError('NoDigitsHere')).toBe(MSG.passwordNumber);
    expect(firstSignupPasswordError('Sunny-Lake-42')).toBeNull();
  });
  it('sign-in checks length only, so old passwords still sign in', () => {
    expect(firstSigninPasswordError('alllowercase')).toBeNull();
    expect(firstSigninPasswordError('short')).toBe(MSG.passwordTooShort);
  });
  it('a new password must match its confirmation and meet the sign-up policy', () => {
    expect(firstNewPasswordError('Sunny-Lake-42', 'Sunny-Lake-43')).toBe(MSG.passwordsDoNotMatch);
    expect(firstNewPasswordError('weakpassword', 'weakpassword')).toBe(MSG.passwordUppercase);
    expect(firstNewPasswordError('Sunny-Lake-42', 'Sunny-Lake-42')).toBeNull();
  });
  it('names the e-mail before the password, and keeps the password untrimmed', () => {
    expect(errorOf(validateSignup({ email: 'bad', password: 'x' }))).toEqual({
      field: 'email',
      message: MSG.emailInvalid,
    });
    expect(validateSignup({ email: ' ada@example.com ', password: ' Sunny-Lake-42 ' })).toEqual({
      ok: true,
      value: { email: 'ada@example.com', password: ' Sunny-Lake-42 ' },
    });
  });
});

describe('the creator profile (spec 5, final validation table)', () => {
  it('accepts a complete profile and normalises it', () => {
    const result = validateProfile(
      profile({ full_name: '  Ada Lovelace  ', neighborhood: '  ', niches: ['Food', 'Food'] }),
    );
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        full_name: 'Ada Lovelace',
        neighborhood: null,
        media_kit_url: null,
        niches: ['Food'],
        can_use_name_publicly: true,
      }),
    });
  });

  it('reports the first failure in the table order', () => {
    const everythingWrong = {
      full_name: '',
      phone: 'abc',
      bio: 'short',
      niches: [],
      platforms: [],
      content_types: [],
      collab_types: [],
    };
    expect(errorOf(validateProfile(everythingWrong))).toEqual({ field: 'full_name', message: MSG.nameRequired });
    expect(errorOf(validateProfile({ ...everythingWrong, full_name: 'Ada' }))).toEqual({
      field: 'phone',
      message: MSG.phoneFormat,
    });
    expect(errorOf(validateProfile(profile({ bio: 'too short' })))).toEqual({ field: 'bio', message: MSG.bioTooShort });
    expect(errorOf(validateProfile(profile({ niches: [] })))).toEqual({ field: 'niches', message: MSG.nicheRequired });
    expect(errorOf(validateProfile(profile({ platforms: [] })))).toEqual({
      field: 'platforms',
      message: MSG.platformRequired,
    });
    expect(errorOf(validateProfile(profile({ content_types: [] })))).toEqual({
      field: 'content_types',
      message: MSG.contentTypeRequired,
    });
    expect(errorOf(validateProfile(profile({ collab_types: [] })))).toEqual({
      field: 'collab_types',
      message: MSG.collabTypeRequired,
    });
  });

  it('applies the length limits at their edges', () => {
    expect(validateProfile(profile({ full_name: 'a'.repeat(LIMITS.nameMax) })).ok).toBe(true);
    expect(errorOf(validateProfile(profile({ full_name: 'a'.repeat(LIMITS.nameMax + 1) })))?.message).toBe(
      MSG.nameTooLong,
    );
    expect(errorOf(validateProfile(profile({ phone: '123456789' })))?.message).toBe(MSG.phoneTooShort);
    expect(errorOf(validateProfile(profile({ phone: '1'.repeat(LIMITS.phoneMax + 1) })))?.message).toBe(
      MSG.phoneTooLong,
    );
    expect(validateProfile(profile({ bio: 'b'.repeat(LIMITS.bioMax) })).ok).toBe(true);
    expect(errorOf(validateProfile(profile({ bio: 'b'.repeat(LIMITS.bioMax + 1) })))?.message).toBe(MSG.bioTooLong);
    expect(errorOf(validateProfile(profile({ neighborhood: 'n'.repeat(LIMITS.neighborhoodMax + 1) })))?.message).toBe(
      MSG.neighborhoodTooLong,
    );
  });

  it('refuses links that are not http(s)', () => {
    expect(errorOf(validateProfile(profile({ media_kit_url: 'javascript:alert(1)' })))).toEqual({
      field: 'media_kit_url',
      message: MSG.mediaKitUrlInvalid,
    });
    expect(errorOf(validateProfile(profile({ link_hub_url: 'ftp://linktr.ee/ada' })))).toEqual({
      field: 'link_hub_url',
      message: MSG.linkHubUrlInvalid,
    });
  });

  it('takes links typed without https and stores them with it (decision 0240)', () => {
    const result = validateProfile(
      profile({
        media_kit_url: 'ada.example/kit.pdf',
        link_hub_url: 'linktr.ee/ada',
        platforms: [{ name: 'Instagram', handle: '@ada', url: 'instagram.com/ada', followers: 5 }],
      }),
    );
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        media_kit_url: 'https://ada.example/kit.pdf',
        link_hub_url: 'https://linktr.ee/ada',
        platforms: [{ name: 'Instagram', handle: '@ada', url: 'https://instagram.com/ada', followers: 5 }],
      }),
    });
    // The handle rule (decision 0509) still holds for a link typed without a scheme.
    expect(
      errorOf(
        validateProfile(
          profile({ platforms: [{ name: 'Instagram', handle: '@ada', url: 'instagram.com/someone', followers: 5 }] }),
        ),
      ),
    ).toEqual({
      field: 'platforms.0.url',
      message: MSG.platformUrlNotHandle('Instagram', 'https://instagram.com/ada'),
    });
  });

  it('refuses options outside the spec lists', () => {
    expect(errorOf(validateProfile(profile({ niches: ['Crypto'] })))?.message).toBe(MSG.nicheUnknown);
    expect(errorOf(validateProfile(profile({ content_types: ['Holograms'] })))?.message).toBe(MSG.contentTypeUnknown);
    expect(errorOf(validateProfile(profile({ collab_types: ['Bribes'] })))?.message).toBe(MSG.collabTypeUnknown);
  });

  describe('platforms', () => {
    const platformError = (p: Record<string, unknown>) =>
      errorOf(validateProfile(profile({ platforms: [{ name: 'Instagram', handle: '@ada', url: '', ...p }] })));

    it('names the field of the platform that failed', () => {
      expect(platformError({ name: '' })).toEqual({ field: 'platforms.0.name', message: MSG.platformNameRequired });
      expect(platformError({ name: 'MySpace' })).toEqual({ field: 'platforms.0.name', message: MSG.platformUnknown });
      expect(platformError({ url: 'not a url' })).toEqual({
        field: 'platforms.0.url',
        message: MSG.platformUrlInvalid,
      });
      expect(platformError({ handle: 'h'.repeat(LIMITS.handleMax + 1) })).toEqual({
        field: 'platforms.0.handle',
        message: MSG.handleTooLong,
      });
    });

    it('follower counts: whole, not negative, at most a billion; empty means 0', () => {
      expect(platformError({ followers: -50 })?.message).toBe(MSG.followersNegative);
      expect(platformError({ followers: LIMITS.followersMax + 1 })?.message).toBe(MSG.followersTooLarge);
      expect(platformError({ followers: 12.5 })?.message).toBe(MSG.followersNotWhole);
      expect(platformError({ followers: 'many' })?.message).toBe(MSG.followersNotWhole);
      // Only digits as typed: an exponent, hex or a boolean is not a whole number entry (decision 0851).
      for (const odd of ['1e9', '5e2', '0x10', true, [5], ' 1e3 '])
        expect(platformError({ followers: odd })?.message).toBe(MSG.followersNotWhole);
      expect(platformError({ followers: '1200' })).toBeNull();
      expect(platformError({ followers: '-5' })?.message).toBe(MSG.followersNegative);
      expect(platformError({ followers: LIMITS.followersMax })).toBeNull();
      const empty = validateProfile(profile({ platforms: [{ name: 'TikTok', handle: '', url: '', followers: '' }] }));
      expect(empty.ok && empty.value.platforms[0]!.followers).toBe(0);
    });

    it('allows at most the platform limit', () => {
      const many = Array.from({ length: LIMITS.platformsMax + 1 }, () => ({
        name: 'Instagram',
        handle: '',
        url: '',
        followers: 1,
      }));
      expect(errorOf(validateProfile(profile({ platforms: many })))).toEqual({
        field: 'platforms',
        message: MSG.tooManyPlatforms,
      });
    });
  });

  it('shows the name publicly unless the creator said no', () => {
    const said = (v: unknown) => {
      const r = validateProfile(profile({ can_use_name_publicly: v }));
      return r.ok && r.value.can_use_name_publicly;
    };
    expect(said(undefined)).toBe(true);
    expect(said(false)).toBe(false);
    expect(said('yes')).toBe(false);
  });
});

describe('the application wizard steps', () => {
  it('each step needs its own fields before Next', () => {
    expect(isWizardStepComplete(1, { full_name: 'Ada', phone: '2165550100', bio: ' ' })).toBe(false);
    expect(isWizardStepComplete(1, { full_name: 'Ada', phone: '2165550100', bio: 'Hello there' })).toBe(true);
    expect(isWizardStepComplete(2, { platforms: [] })).toBe(false);
    expect(isWizardStepComplete(3, { niches: ['Food'], content_types: ['Photo'], collab_types: [] })).toBe(false);
    expect(isWizardStepComplete(4, {})).toBe(true);
  });
});

describe('profile images', () => {
  it('must be an image under 5 MB', () => {
    expect(firstImageError({ type: 'application/pdf', size: 10 })).toBe(MSG.imageNotImage);
    expect(firstImageError({ type: 'image/png', size: LIMITS.imageMaxBytes })).toBe(MSG.imageTooLarge);
    expect(firstImageError({ type: 'image/png', size: LIMITS.imageMaxBytes - 1 })).toBeNull();
  });
});

describe('Amplify forms', () => {
  const submission = (over: Record<string, unknown> = {}) => ({
    business_name: 'Rust Belt Bakery',
    contact_name: 'Olga',
    contact_email: 'olga@example.com',
    category: 'Food & Drink',
    story: 'Bread, daily.',
    ...over,
  });

  it('accepts a submission and normalises the optional fields', () => {
    expect(
      validateAmplifySubmission(
        submission({ website_social: ' ', type_of_help: ['Event promotion', 'Event promotion'] }),
      ),
    ).toEqual({
      ok: true,
      value: expect.objectContaining({ website_social: null, neighborhood: null, type_of_help: ['Event promotion'] }),
    });
  });

  it('stores a website by the one link rule, and a handle as text (decisions 0119, 0240)', () => {
    const website = (typed: string) =>
      (validateAmplifySubmission(submission({ website_social: typed })) as { value: { website_social: string } }).value
        .website_social;
    expect(website('lakeviewcoffee.example')).toBe('https://lakeviewcoffee.example');
    expect(website('https://lakeviewcoffee.example/menu')).toBe('https://lakeviewcoffee.example/menu');
    expect(website('@lakeviewcoffee')).toBe('@lakeviewcoffee');
  });

  it('reports the first missing or invalid field', () => {
    expect(errorOf(validateAmplifySubmission({}))).toEqual({
      field: 'business_name',
      message: MSG.businessNameRequired,
    });
    expect(errorOf(validateAmplifySubmission(submission({ contact_name: '' })))?.field).toBe('contact_name');
    expect(errorOf(validateAmplifySubmission(submission({ contact_email: 'olga' })))).toEqual({
      field: 'contact_email',
      message: MSG.emailInvalid,
    });
    expect(errorOf(validateAmplifySubmission(submission({ category: 'Casinos' })))).toEqual({
      field: 'category',
      message: MSG.categoryRequired,
    });
    expect(errorOf(validateAmplifySubmission(submission({ story: '' })))).toEqual({
      field: 'story',
      message: MSG.storyRequired,
    });
    expect(errorOf(validateAmplifySubmission(submission({ story: 's'.repeat(LIMITS.storyMax + 1) })))).toEqual({
      field: 'story',
      message: MSG.storyTooLong,
    });
    expect(errorOf(validateAmplifySubmission(submission({ type_of_help: ['Free money'] })))).toEqual({
      field: 'type_of_help',
      message: MSG.typeOfHelpUnknown,
    });
  });

  it("takes the title from the story's first 100 characters, not UTF-16 units", () => {
    const story = '🥐'.repeat(150);
    expect(Array.from(storyTitle(story))).toHaveLength(LIMITS.storyTitleLength);
    expect(storyTitle('Short story')).toBe('Short story');
  });

  it('an introduction request needs a name and an address; links and message are optional and capped', () => {
    expect(errorOf(validateInterestRequest({ creator_email: 'a@example.com' }))).toEqual({
      field: 'creator_name',
      message: MSG.interestNameRequired,
    });
    expect(errorOf(validateInterestRequest({ creator_name: 'Ada', creator_email: 'nope' }))?.field).toBe(
      'creator_email',
    );
    expect(
      errorOf(
        validateInterestRequest({
          creator_name: 'Ada',
          creator_email: 'a@example.com',
          message: 'm'.repeat(LIMITS.interestMessageMax + 1),
        }),
      ),
    ).toEqual({ field: 'message', message: MSG.messageTooLong });
    expect(
      validateInterestRequest({
        creator_name: ' Ada ',
        creator_email: 'a@example.com',
        creator_links: '',
        message: '',
      }),
    ).toEqual({
      ok: true,
      value: { creator_name: 'Ada', creator_email: 'a@example.com', creator_links: null, message: null },
    });
  });
});

describe('every failure at once (decision 0660)', () => {
  const fieldsOf = (result: { ok: boolean; errors?: { field: string }[] }) =>
    result.ok ? [] : result.errors!.map((f) => f.field);
  it('an empty contact form names the brand, the address and the message', () => {
    const result = validateContactRequest({ brand_name: '', email: '', message: '' });
    expect(result).toMatchObject({
      ok: false,
      error: { field: 'brand_name', message: MSG.contactBrandRequired },
      errors: [
        { field: 'brand_name', message: MSG.contactBrandRequired },
        { field: 'email', message: MSG.emailInvalid },
        { field: 'message', message: MSG.contactMessageRequired },
      ],
    });
  });
  it('a business form with a bad address and no category names both, with every other missing field', () => {
    const result = validateAmplifySubmission({
      business_name: 'Cafe',
      contact_name: 'Ana',
      contact_email: 'nope',
      story: 'A story',
    });
    expect(fieldsOf(result)).toEqual(['contact_email', 'category']);
    expect(fieldsOf(validateAmplifySubmission({}))).toEqual([
      'business_name',
      'contact_name',
      'contact_email',
      'category',
      'story',
    ]);
  });
  it('sign-up names both fields; the introduction request both required ones', () => {
    expect(fieldsOf(validateSignup({ email: 'bad', password: 'x' }))).toEqual(['email', 'password']);
    expect(fieldsOf(validateInterestRequest({}))).toEqual(['creator_name', 'creator_email']);
  });
  it('the profile names one failure per field, platforms each by their own field', () => {
    const result = validateProfile(
      profile({
        full_name: '',
        phone: '',
        bio: 'short',
        platforms: [{ name: '' }, { name: 'Instagram', followers: -1 }],
      }),
    );
    expect(result.ok ? [] : result.errors).toEqual([
      { field: 'full_name', message: MSG.nameRequired },
      { field: 'phone', message: MSG.phoneRequired },
      { field: 'bio', message: MSG.bioTooShort },
      { field: 'platforms.0.name', message: MSG.platformNameRequired },
      { field: 'platforms.1.followers', message: MSG.followersNegative },
    ]);
  });
  it("a wizard step's failures are its own fields'", () => {
    expect(wizardStepFailures(1, {})).toEqual([
      { field: 'full_name', message: MSG.nameRequired },
      { field: 'phone', message: MSG.phoneRequired },
      { field: 'bio', message: MSG.bioTooShort },
    ]);
    expect(wizardStepFailures(1, profile())).toEqual([]);
    expect(wizardStepOfField('platforms.0.url')).toBe(2);
  });
});
