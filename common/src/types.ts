import type { ReplyTime } from './replies';
/** Shapes of the HTTP contract (docs/api.md). snake_case like the spec's entities. */
import type {
  ApprovalStatus,
  BudgetRange,
  BusinessCategory,
  CollabType,
  ContentType,
  Niche,
  PlatformName,
  Role,
  SubmissionStatus,
  TypeOfHelp,
} from './constants';

// ---------- identity ----------

export interface AuthUser {
  id: string;
  email: string;
  created_at: string;
  /** When the address was proven by the mailed link (GoTrue's field); null until then (decision 0508). */
  email_confirmed_at: string | null;
  /**
   * GoTrue keeps roles in app_metadata; ours come from user_roles. GET /api/auth/user adds an
   * admin's cities (decision 0661): their slugs, or null for an admin of every city.
   */
  app_metadata: { roles: Role[]; admin_cities?: string[] | null };
}

/** GoTrue's session shape. */
export interface AuthSession {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  /** seconds */
  expires_in: number;
  /** unix seconds */
  expires_at: number;
  user: AuthUser;
}

export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY'
  | 'MFA_CHALLENGE_VERIFIED';

export interface ApiError {
  statusCode: number;
  message: string;
  field?: string;
  code?: string;
}

export interface PublicConfig {
  city: string;
  features: { googleAuth: boolean; newsletter: boolean };
}

// ---------- creators ----------

export interface PlatformInput {
  name: PlatformName;
  handle: string;
  url: string;
  followers: number;
}
export type Platform = PlatformInput;

export interface ProfileInput {
  full_name: string;
  phone: string;
  bio: string;
  neighborhood: string | null;
  media_kit_url: string | null;
  link_hub_url: string | null;
  niches: Niche[];
  platforms: PlatformInput[];
  content_types: ContentType[];
  collab_types: CollabType[];
  can_use_name_publicly: boolean;
}

/** The owner's and the admins' view of a profile (table creator_profiles). */
export interface CreatorProfile extends ProfileInput {
  id: string;
  user_id: string;
  city: string;
  profile_image_url: string | null;
  approval_status: ApprovalStatus;
  approval_notes: string | null;
  is_public: boolean;
  phone_verified: boolean;
  has_joined_floaters_crew: boolean;
  created_at: string;
  updated_at: string;
  /** Brands may write through the profile's Contact form (decision 0501). */
  contact_enabled: boolean;
  /** With the form off: the links shown in its place (keys from contactLinkChoices). */
  contact_links: string[];
}

/** One field of a profile as it was verified (or last acknowledged) and as it is now. */
export interface ProfileFieldChange {
  field: keyof ProfileInput;
  label: string;
  before: string | null;
  after: string | null;
}

/**
 * Admin rows also carry the account e-mail, when an admin last decided, the row's version (sent
 * back with every decision: a decision applies only to the version the admin saw) and, for an
 * approved creator who edited the profile since an admin verified it, what changed.
 */
export interface AdminCreator extends CreatorProfile {
  /** The city it belongs to (a city's slug; `city` is its name; decision 0600). */
  city_slug: string;
  email: string;
  decided_at: string | null;
  version: number;
  changes_since_verification: { changed_at: string; changes: ProfileFieldChange[] } | null;
  /** A rejected creator changed the application at this time, after the rejection (decision 0117). */
  updated_after_rejection_at: string | null;
  /** The photo at avatar size (256 px) when it was stored with one (decisions 0213, 0260): what the console's avatars load. */
  profile_image_small_url: string | null;
}

/** What anyone may see. Never phone, e-mail, user id or notes. */
export interface PublicCreator {
  id: string;
  display_name: string;
  bio: string;
  neighborhood: string | null;
  city: string;
  /** The city's slug: its pages live under it on an install of several cities (decision 0620). */
  city_slug: string;
  profile_image_url: string | null;
  /** The same photo at avatar size (256 px), when it was stored with one. */
  profile_image_small_url: string | null;
  niches: Niche[];
  /** Each with the date its count was last confirmed (decision 0503). */
  platforms: PublicPlatform[];
  content_types: ContentType[];
  collab_types: CollabType[];
  media_kit_url: string | null;
  link_hub_url: string | null;
  total_followers: number;
  /**
   * A count in the total waits for an admin's look (a jump, decision 0510): the total is shown as
   * unconfirmed and does not rank the creator among confirmed counts (decision 0851).
   */
  followers_unconfirmed: boolean;
  /** Approved, phone verified and the admin's last check not lapsed (decision 0851). */
  verified: boolean;
  /** any platform above 10,000 followers */
  featured_reach: boolean;
  created_at: string;
  /**
   * Handles an admin saw the creator's code on, and since when (decision 0502); `on` is that day
   * in the city's calendar (YYYY-MM-DD, decision 0801).
   */
  confirmed_handles: { platform: PlatformName; handle: string; since: string; on: string }[];
  /**
   * The admin's last check of this creator: the latest of the approval and the handle
   * confirmations (decision 0800), and its day in the city's calendar. Null when never checked.
   */
  reviewed_at: string | null;
  reviewed_on: string | null;
  /** The last change to anything the profile shows (schema.org dateModified). */
  modified_at: string;
  /** Every handle of the profile is confirmed (the directory's "handles confirmed" filter). */
  handles_confirmed: boolean;
  /** The profile shows the Contact form (decision 0501). */
  contact_enabled: boolean;
  /** With the form off: which of the profile's links show in its place (keys from contactLinkChoices). */
  contact_links: string[];
  /** "Usually replies within N days" / "Rarely replies" once 3 messages counted (decision 0710); nothing else about messages is public. */
  reply_time: ReplyTime | null;
  /**
   * The share of followers in the metro area an admin recorded from the creator's screenshot, and
   * the day it was checked (YYYY-MM-DD in the city); null without one. Shown while fresh (localAudienceLine).
   */
  local_audience: { share: number; checked_on: string } | null;
}

export type PublicCreatorCard = Pick<
  PublicCreator,
  | 'id'
  | 'display_name'
  | 'bio'
  | 'profile_image_url'
  | 'niches'
  | 'total_followers'
  | 'followers_unconfirmed'
  | 'verified'
  | 'neighborhood'
  | 'created_at'
  | 'city_slug'
>;

/**
 * A city as the public site lists it (GET /api/directory/cities; decision 0620): the root of an
 * install of several cities lists them, with how many creators each lists.
 */
export interface PublicCity {
  slug: string;
  name: string;
  state: string;
  total_creators: number;
}

export interface DirectoryResponse {
  total_creators: number;
  total_niches: number;
  recent: PublicCreatorCard[];
  niches: { niche: Niche; total: number; creators: PublicCreatorCard[] }[];
}

export interface CreatorSearchQuery {
  niche?: Niche;
  platform?: PlatformName;
  min_followers?: number;
  neighborhood?: string;
  content_type?: ContentType;
  collab_type?: CollabType;
  /** Words of a name, @handle, niche, neighborhood or bio (decision 0204). */
  q?: string;
  /** `confirmed`: only creators whose every handle an admin confirmed (decision 0502). */
  handles?: 'confirmed';
  /** One city's creators (its slug, decision 0603); without it, every city's. */
  city?: string;
  /** Only creators who usually reply within this many days (decision 0710). */
  replies_within?: number;
  /** Only creators with a fresh recorded local share of at least this many percent (decision 0721). */
  min_local_share?: number;
  /** `relevance` (the default when `q` is given) orders by how well `q` matches. */
  sort?: 'relevance' | 'newest' | 'followers' | 'name';
  /** A `next_cursor` or `prev_cursor` of an earlier page (keyset paging, decision 0204). */
  cursor?: string;
  per_page?: number;
}

/** GET /api/creators: one page of listed creators, paged by cursor (decision 0204). */
/**
 * The partners' feed (GET /api/feed/creators, decision 0803): listed creators, newest first, each
 * with every public field of its profile, a page at a time by an opaque cursor.
 */
export interface CreatorFeedPage {
  items: PublicCreator[];
  /** Listed creators in all, exact up to DIRECTORY.searchCountCap. */
  total: number;
  per_page: number;
  next_cursor: string | null;
}

export interface CreatorPage {
  items: PublicCreatorCard[];
  /** Exact when `total_exact`; otherwise a lower bound (DIRECTORY.searchCountCap): show "1,000+". */
  total: number;
  total_exact: boolean;
  per_page: number;
  /** The order applied: `relevance` falls back to `newest` when more than the cap match. */
  sort: 'relevance' | 'newest' | 'followers' | 'name';
  next_cursor: string | null;
  prev_cursor: string | null;
  /**
   * "Did you mean …?": when `q` without any filter finds nobody, up to DIRECTORY.suggestionMax shown names or
   * @handles of listed creators close to it (trigram similarity, decision 0250), best first; each
   * is a search of its own. Empty otherwise.
   */
  suggestions: string[];
}

/** A city as the console lists it (GET /api/admin/cities; decision 0601). */
export interface AdminCity {
  /** The city's slug. */
  id: string;
  name: string;
  state: string;
  time_zone: string;
  neighborhoods: string[];
  /** Whether the signed-in admin is an admin of every city (the same on every row). */
  every_city: boolean;
}

export interface AdminStats {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  /** Rejected creators who changed the application since (decision 0117). */
  updated_after_rejection: number;
}

export interface AuditEntry {
  id: string;
  /** The city it belongs to (a city's slug; decision 0600). */
  city_slug: string;
  actor_id: string;
  actor_email: string;
  subject_type: 'creator_profile' | 'amplify_submission' | 'call';
  subject_id: string;
  action: string;
  from_value: string | null;
  to_value: string | null;
  notes: string | null;
  created_at: string;
}

// ---------- fresh follower counts (decision 0503) ----------

export interface PublicPlatform extends Platform {
  /** Its count jumped and waits for an admin's look (decision 0510): shown as unconfirmed (decision 0851). */
  followers_unconfirmed: boolean;
  /** When the creator last confirmed this count; null when not known. */
  followers_confirmed_at: string | null;
  /** That day in the city's calendar (YYYY-MM-DD, decision 0801). */
  followers_confirmed_on: string | null;
}

/** One platform's count on the caller's profile and when it was last confirmed. */
export interface OwnFollowerCount {
  platform: PlatformName;
  handle: string;
  followers: number;
  confirmed_at: string;
}

/** A count as the admins see it: stale ones and jumps (GET /api/admin/follower-counts). */
export interface AdminFollowerCount extends OwnFollowerCount {
  id: string;
  profile_id: string;
  /** The city it belongs to (a city's slug; decision 0600). */
  city_slug: string;
  creator_name: string;
  /** When the creator was last mailed to re-confirm it. */
  reminded_at: string | null;
  /** Before the last jump (more than doubled), and when it jumped; null without one. */
  previous_followers: number | null;
  jumped_at: string | null;
  /** When an admin looked at the jump and let it count; null while it waits (decision 0510). */
  jump_reviewed_at: string | null;
}

// ---------- local audience (decision 0720) ----------

export type LocalAudienceStatus = 'pending' | 'recorded' | 'rejected';

/** A creator's screenshot of a platform's audience insights, as its creator sees it (GET /api/me/local-audience). */
export interface OwnLocalAudienceCheck {
  id: string;
  platform: PlatformName;
  /** The day the screenshot shows (YYYY-MM-DD). */
  shows_on: string;
  status: LocalAudienceStatus;
  /** Recorded by an admin: the share (0–100) and the day it was checked. */
  share: number | null;
  checked_on: string | null;
  /** Why an admin rejected it. */
  reason: string | null;
  created_at: string;
  decided_at: string | null;
}

/** The same in the console's review queue (GET /api/admin/local-audience-checks). */
export interface AdminLocalAudienceCheck extends OwnLocalAudienceCheck {
  profile_id: string;
  creator_name: string;
  /** Where an admin's browser gets the screenshot: an admin-only API route, never a public URL. */
  image_url: string;
  decided_by: string | null;
}

// ---------- handle ownership proof (decision 0502) ----------

/** One platform handle of the caller's profile, the code to put in that platform's bio, and whether it is confirmed. */
export interface OwnHandleCheck {
  platform: PlatformName;
  handle: string;
  /** The code to show now: a new one once the confirmation is a year old (decision 0800). */
  code: string;
  confirmed_at: string | null;
  /** Confirmed a year ago or more: the handle asks for a new code in its bio. */
  renewal_due: boolean;
}

/** The same for the admins: the profile's address on the platform, who confirmed, and the version a change applies to. */
export interface AdminHandleCheck extends OwnHandleCheck {
  id: string;
  url: string | null;
  confirmed_by: string | null;
  version: number;
}

// ---------- brands contacting creators (decision 0501) ----------

export interface ContactRequestInput {
  brand_name: string;
  email: string;
  message: string;
  budget_range: BudgetRange | null;
}

/** A message a brand sent through the Contact form, as its creator sees it on the dashboard. */
export interface ReceivedContactRequest extends ContactRequestInput {
  id: string;
  created_at: string;
  /** When the creator marked it replied (the mail's "I replied" link), else null. */
  replied_at: string | null;
}

export interface ContactSettings {
  contact_enabled: boolean;
  contact_links: string[];
}

/** Messages per creator for the admins: counts and senders, never the messages themselves. */
export interface AdminContactCounts {
  /** The creator's profile id. */
  id: string;
  /** The city it belongs to (a city's slug; decision 0600). */
  city_slug: string;
  creator_name: string;
  total: number;
  last_7_days: number;
  distinct_senders: number;
  /** Of `total`, the copies of messages sent to a whole shortlist (decision 0702). */
  via_shortlists: number;
  /** Marked replied by the creator's "I replied" link (decision 0710). */
  replied: number;
  /** Not marked replied within 14 days. */
  unanswered: number;
  /** What the profile shows about replies, or null when it shows nothing yet. */
  reply_time: string | null;
  last_received_at: string;
}

// ---------- amplify ----------

/** An introduction request as admins see it (GET /api/admin/introduction-requests). */
export interface AdminIntroductionRequest {
  id: string;
  submission_id: string;
  /** The city it belongs to (a city's slug; decision 0600). */
  city_slug: string;
  business_name: string;
  creator_name: string;
  creator_email: string;
  creator_links: string | null;
  message: string | null;
  /** unconfirmed: waiting for the requester to open the mailed link (decision 0110). */
  status: 'confirmed' | 'unconfirmed';
  created_at: string;
  confirmed_at: string | null;
}

/** Introduction requests per business (GET /api/admin/introduction-requests/by-business). */
export interface AdminIntroductionCounts {
  submission_id: string;
  city_slug: string;
  business_name: string;
  confirmed: number;
  unconfirmed: number;
}

export interface AmplifySubmissionInput {
  business_name: string;
  contact_name: string;
  contact_email: string;
  category: BusinessCategory;
  story: string;
  website_social: string | null;
  neighborhood: string | null;
  type_of_help: TypeOfHelp[];
}

export interface AmplifySubmission {
  id: string;
  business_name: string;
  contact_name: string;
  contact_email: string;
  website_social: string | null;
  title: string;
  description: string;
  category: BusinessCategory;
  status: SubmissionStatus;
  featured: boolean;
  logo_url: string | null;
  neighborhood: string | null;
  type_of_help: TypeOfHelp[];
  created_at: string;
  /** Sent back with every admin change: a change applies only to the version the admin saw. */
  version: number;
}

export type PublicAmplifySubmission = Omit<
  AmplifySubmission,
  'contact_name' | 'contact_email' | 'status' | 'featured' | 'version'
>;

/** A submission as the admins see it: with its city (a city's slug; decision 0600). */
export interface AdminAmplifySubmission extends AmplifySubmission {
  city_slug: string;
}

export interface InterestRequestInput {
  creator_name: string;
  creator_email: string;
  creator_links: string | null;
  message: string | null;
}

/**
 * The answer to an introduction request (decision 0110): `confirmation_sent` when a link went to
 * creator_email and the business hears nothing before it is opened; `sent` when the business is
 * notified now (a signed-in creator writing from the account's own address).
 */
export interface InterestRequestResult {
  status: 'confirmation_sent' | 'sent';
}

/** The answer to a confirmed introduction request: who is notified now. */
export interface InterestConfirmation {
  business_name: string;
}

// ---------- notifications (admin view) ----------

export type OutboxStatus = 'pending' | 'queued' | 'sent' | 'failed';

export interface OutboxMessage {
  id: string;
  kind: string;
  /** Who it goes (went) to, rendered from the template; empty when unknown. */
  recipients: string[];
  /** The mail's subject, or null when the stored payload cannot render it. */
  subject: string | null;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** When the relay next hands it to a worker (undelivered messages only). */
  due_at: string | null;
  /** An admin's resend: the id of the delivered message it repeats (decision 0116). */
  resend_of: string | null;
  /** Whether an admin may resend it (delivered, and no single-use link in it). */
  resendable: boolean;
}

/** What the console dashboard shows about mail: failed, and undelivered for too long. */
export interface MailHealth {
  failed: number;
  stuck: number;
  /** Undelivered this long (minutes) counts as stuck. */
  stuck_after_minutes: number;
  oldest_stuck_at: string | null;
}

/** The events a partner's webhook may subscribe to (decision 0810). */
export type WebhookEvent =
  'creator.listed' | 'creator.unlisted' | 'business.featured' | 'call.approved' | 'call.closed';

/** A partner's webhook as the console sees it: never its secret, which is shown once, at creation. */
export interface WebhookSubscription {
  id: string;
  url: string;
  events: WebhookEvent[];
  description: string;
  enabled: boolean;
  created_at: string;
  updated_at: string;
  /** The last attempt's outcome, for the list; null before the first. */
  last_attempt: { at: string; outcome: WebhookAttempt['outcome'] } | null;
}

/** The answer to its creation: the only time the signing secret is sent. */
export interface CreatedWebhookSubscription extends WebhookSubscription {
  secret: string;
}

/** One line of a subscription's delivery log. */
export interface WebhookAttempt {
  id: string;
  subscription_id: string;
  /** The delivery (one per event and subscription); its attempts share it. */
  delivery_id: string;
  event_id: string;
  event: WebhookEvent;
  attempt: number;
  attempted_at: string;
  /** The receiver's HTTP status; null when none came (refused, timed out, unreachable). */
  status_code: number | null;
  error: string | null;
  outcome: 'delivered' | 'retrying' | 'failed';
  next_retry_at: string | null;
}
