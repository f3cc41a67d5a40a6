/** Option lists and limits from the product spec (points 3 and 9). One source for every side. */

export const DEFAULT_CITY = 'Cleveland';

export const NICHES = [
  'Food',
  'Events',
  'Outdoors',
  'Family',
  'Fitness',
  'Music',
  'Fashion',
  'Comedy',
  'Photography',
  'Travel',
  'Lifestyle',
] as const;
export type Niche = (typeof NICHES)[number];

export const CONTENT_TYPES = [
  'UGC',
  'Reels',
  'Shorts',
  'Photo',
  'Blog',
  'Newsletter',
  'Event Coverage',
  'Giveaways',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const COLLAB_TYPES = [
  'Sponsored Post',
  'UGC Only',
  'Event Appearance',
  'Affiliate',
  'Product Trade',
  'Long-term Ambassador',
] as const;
export type CollabType = (typeof COLLAB_TYPES)[number];

export const PLATFORM_NAMES = ['Instagram', 'TikTok', 'YouTube', 'Facebook', 'X', 'Blog'] as const;
export type PlatformName = (typeof PLATFORM_NAMES)[number];

/**
 * One of a fixed list's options as the list spells it, whatever the case it was typed in
 * (`?niche=food` is Food); undefined when there is no such option.
 */
export function optionNamed<T extends string>(options: readonly T[], typed: string): T | undefined {
  const wanted = typed.trim().toLowerCase();
  return options.find((o) => o.toLowerCase() === wanted);
}

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const BUSINESS_CATEGORIES = [
  'Food & Drink',
  'Retail & Shopping',
  'Events & Entertainment',
  'Services',
  'Arts & Culture',
  'Other',
] as const;
export type BusinessCategory = (typeof BUSINESS_CATEGORIES)[number];

/** The spec names type_of_help as a list without options; these are ours (docs/decisions). */
export const TYPES_OF_HELP = [
  'Social media content',
  'Event promotion',
  'Product reviews',
  'Grand opening',
  'Brand awareness',
  'Other',
] as const;
export type TypeOfHelp = (typeof TYPES_OF_HELP)[number];

export const SUBMISSION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const ROLES = ['admin'] as const;
export type Role = (typeof ROLES)[number];

export const LIMITS = {
  emailMax: 255,
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 100,
  phoneMin: 10,
  phoneMax: 20,
  bioMin: 10,
  /** The step-1 input cap and the server limit agree (docs/decisions/0002-bio-limit.md). */
  bioMax: 240,
  neighborhoodMax: 100,
  urlMax: 500,
  handleMax: 100,
  platformsMax: 10,
  followersMax: 1_000_000_000,
  imageMaxBytes: 5 * 1024 * 1024,
  /** Width × height an uploaded image may have; checked from its header before decoding. */
  imageMaxPixels: 4096 * 4096,
  businessNameMax: 200,
  contactNameMax: 100,
  storyMax: 5000,
  storyTitleLength: 100,
  interestLinksMax: 1000,
  interestMessageMax: 2000,
  adminNotesMax: 2000,
  /** A brand's message to a creator through the Contact form (decision 0501). */
  contactMessageMax: 2000,
} as const;

/** Follower counts and how fresh they are (decision 0503). */
export const FOLLOWER_FRESHNESS = {
  /** After this many days the dashboard and a mail ask the creator to re-confirm the counts. */
  reconfirmAfterDays: 90,
  /** After this many days a profile shows a count "as of <Month YYYY>". */
  asOfAfterDays: 180,
  /**
   * A count that rises to more than this many times its lowest value in the window (the value in
   * force when the window began, or any lower one since) is flagged to the admins, whatever the
   * steps (decision 0510)...
   */
  jumpFactor: 2,
  /** ...unless it rose by at most this many (100 → 250 is a small account's good week; a new handle rises from 0). */
  jumpAllowance: 500,
  /** The rolling window, in days. */
  jumpWindowDays: 30,
} as const;

/**
 * How long an admin's check of a creator holds (decision 0800). The last check is the latest of
 * the admin's approval and the handle confirmations; past this many days the live badge says
 * "Not currently verified", and a handle confirmed that long ago asks for a new code.
 */
export const VERIFICATION_FRESHNESS = {
  lapsesAfterDays: 365,
} as const;

/**
 * One wording for the trust facts wherever they are shown (decision 0851): a creator whose check
 * lapsed, and a count that waits for an admin's look (the page, the cards, the shortlist's CSV).
 */
export const TRUST_TEXT = {
  notVerified: 'Not currently verified',
  unconfirmed: '(unconfirmed)',
} as const;

/**
 * A creator's local audience, proven by a screenshot an admin checked (decision 0720). The
 * recorded share goes stale like a follower count: one number, FOLLOWER_FRESHNESS.asOfAfterDays.
 */
export const LOCAL_AUDIENCE = {
  /** After this many days from the date the admin recorded, the share is not shown and not matched. */
  staleAfterDays: FOLLOWER_FRESHNESS.asOfAfterDays,
  /** A screenshot may show a date at most this many days back (and never a future one). */
  screenshotMaxAgeDays: FOLLOWER_FRESHNESS.asOfAfterDays,
  /** The longest side a stored screenshot keeps, in pixels (an insights screen stays legible). */
  screenshotMaxSize: 1600,
  reasonMax: 500,
} as const;

/** The Contact form's optional budget (decision 0501): what a brand may say it has in mind. */
export const BUDGET_RANGES = [
  'Under $250',
  '$250 – $1,000',
  '$1,000 – $5,000',
  '$5,000 or more',
  'Product or service exchange',
] as const;
export type BudgetRange = (typeof BUDGET_RANGES)[number];

/**
 * What a creator who turns the Contact form off may show in its place (decision 0501): any of
 * their platforms by name, the media kit, the link hub.
 */
export const CONTACT_LINK_EXTRAS = ['Media kit', 'Link hub'] as const;

export const DIRECTORY = {
  recentCount: 10,
  recentFeaturedCount: 3,
  nicheGroupSize: 8,
  cardNicheCount: 3,
  /** A profile shows the Featured badge when any platform has more followers than this. */
  featuredFollowerThreshold: 10_000,
  pageSizeDefault: 24,
  pageSizeMax: 100,
  /** Search counts stop here: more matches show as "1,000+" (decision 0204). */
  searchCountCap: 1000,
  /** The longest words or neighborhood a search takes (the form stops there; the API says 400 past it). */
  searchTextMax: 100,
  /** A search that finds nobody offers at most this many close names or handles (decision 0250). */
  suggestionMax: 3,
} as const;

export const APPROVAL_WAIT_HOURS = 48;

/** A visitor's introduction request waits this long for its mailed confirmation link (decision 0110). */
export const INTRO_CONFIRM_HOURS = 48;
/** How long an account's address-confirmation link works (decision 0508). */
export const EMAIL_CONFIRM_DAYS = 7;
export const PASSWORD_UPDATE_REDIRECT_MS = 1000;
export const PROFILE_IMAGE_BUCKET = 'profile-images';

export const FEATURE_FLAGS = { googleAuth: false, newsletter: true } as const;

/** localStorage key of the session; both front ends read it (one origin, one session). */
export const SESSION_STORAGE_KEY = 'lc.auth.session';
/** Refresh the access token this many seconds before it expires. */
export const SESSION_REFRESH_MARGIN_S = 60;
