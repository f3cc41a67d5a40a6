/** Rules about creators that both the pages and the server apply. */
import {
  CONTACT_LINK_EXTRAS,
  DEFAULT_CITY,
  DIRECTORY,
  FOLLOWER_FRESHNESS,
  LOCAL_AUDIENCE,
  VERIFICATION_FRESHNESS,
} from './constants';
import { MSG } from './messages';
import { formatMonthYear } from './text-format';
import type { ApprovalStatus } from './constants';

export interface PlatformLike {
  name: string;
  handle?: string | null;
  followers: number;
}

export const totalFollowers = (platforms: readonly PlatformLike[]) =>
  platforms.reduce((sum, p) => sum + (Number(p.followers) || 0), 0);

/** Featured badge on a profile: any platform above 10,000 followers (spec 9). */
export const hasFeaturedReach = (platforms: readonly PlatformLike[]) =>
  platforms.some((p) => p.followers > DIRECTORY.featuredFollowerThreshold);

/** Directory visibility (spec 4): public, approved and phone verified, all three. */
export const isListed = (p: { is_public: boolean; approval_status: ApprovalStatus; phone_verified: boolean }) =>
  p.is_public && p.approval_status === 'approved' && p.phone_verified;

/** Verified badge (spec 2): approved and phone verified. */
export const isVerified = (p: { approval_status: ApprovalStatus; phone_verified: boolean }) =>
  p.approval_status === 'approved' && p.phone_verified;

/**
 * The name shown publicly. A creator who answered no to 'Can we list your name publicly?' is shown
 * by their first platform handle instead (docs/decisions).
 */
export function publicDisplayName(p: {
  full_name: string;
  can_use_name_publicly: boolean;
  platforms: readonly PlatformLike[];
}) {
  if (p.can_use_name_publicly) return p.full_name;
  const handle = p.platforms.find((x) => x.handle && x.handle.trim())?.handle?.trim();
  return handle ? (handle.startsWith('@') ? handle : `@${handle}`) : 'Local creator';
}

export const initials = (name: string) =>
  name
    .replace(/^@/, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

export const cityOrDefault = (city?: string | null) => city || DEFAULT_CITY;

export type DashboardLabel = 'Approved' | 'Pending Verification' | 'Rejected' | 'Pending Review' | 'No Application';

export interface DashboardStatus {
  title: 'Application Status' | 'Ready to Join?';
  label: DashboardLabel;
  message: string;
  tone: 'success' | 'warning' | 'danger' | 'info' | 'neutral';
}

/** The dashboard label table of spec point 4. */
export function dashboardStatus(
  profile: { approval_status: ApprovalStatus; phone_verified: boolean; approval_notes?: string | null } | null,
): DashboardStatus {
  if (!profile) {
    return {
      title: 'Ready to Join?',
      label: 'No Application',
      message: 'Start your application to join the directory. It takes about 2 minutes.',
      tone: 'neutral',
    };
  }
  const title = 'Application Status';
  switch (profile.approval_status) {
    case 'approved':
      return profile.phone_verified
        ? { title, label: 'Approved', message: 'Your profile is live in the directory.', tone: 'success' }
        : {
            title,
            label: 'Pending Verification',
            message: "You're approved! We'll text or call you shortly to verify your phone number.",
            tone: 'warning',
          };
    case 'rejected':
      return {
        title,
        label: 'Rejected',
        message: profile.approval_notes?.trim() || MSG.rejectedDefault,
        tone: 'danger',
      };
    case 'pending':
      return {
        title,
        label: 'Pending Review',
        message: "Our team is reviewing your application. We'll e-mail you as soon as you're approved.",
        tone: 'info',
      };
  }
}

/**
 * A follower count, short: rounded down, never up, so a count reads at most what it is (9,962 is
 * "9.9K", not "10K", which read as past the Featured threshold). Exact below 1,000. Integer
 * division, so no floating-point rounding creeps in.
 */
export function formatFollowerCount(n: number): string {
  if (n >= 10_000_000) return `${Math.floor(n / 1_000_000)}M`;
  if (n >= 1_000_000) return `${Math.floor(n / 100_000) / 10}M`;
  if (n >= 100_000) return `${Math.floor(n / 1_000)}K`;
  if (n >= 1_000) return `${Math.floor(n / 100) / 10}K`;
  return String(n);
}

/** One link a creator may show in place of the Contact form (decision 0501). */
export interface ContactLinkChoice {
  /** What is stored: the platform's name, "Media kit" or "Link hub". */
  key: string;
  url: string;
}

/** The links a profile can show instead of the Contact form: platforms with an address, the media kit, the link hub. */
export function contactLinkChoices(p: {
  platforms: readonly { name: string; url: string }[];
  media_kit_url: string | null;
  link_hub_url: string | null;
}): ContactLinkChoice[] {
  const choices: ContactLinkChoice[] = p.platforms
    .filter((x) => x.url.trim())
    .map((x) => ({ key: x.name, url: x.url.trim() }));
  if (p.media_kit_url) choices.push({ key: CONTACT_LINK_EXTRAS[0], url: p.media_kit_url });
  if (p.link_hub_url) choices.push({ key: CONTACT_LINK_EXTRAS[1], url: p.link_hub_url });
  return choices;
}

const DAY_MS = 86_400_000;
const daysBetween = (fromIso: string | Date, now: Date) => (now.getTime() - new Date(fromIso).getTime()) / DAY_MS;

/** A follower count confirmed this long ago is due a re-confirmation (decision 0503). */
export const followersDueReconfirmation = (confirmedAt: string | Date, now: Date) =>
  daysBetween(confirmedAt, now) >= FOLLOWER_FRESHNESS.reconfirmAfterDays;

/**
 * "as of November 2026" for a count with a known date, else null: the profile shows it beside
 * every count (decision 0801). `confirmedOn` is the day in the city's calendar (YYYY-MM-DD), or a
 * timestamp (read in UTC).
 */
export function followersAsOf(confirmedOn: string | Date | null, _now?: Date): string | null {
  return confirmedOn ? `as of ${formatMonthYear(confirmedOn)}` : null;
}

/** A count nobody confirmed for 180 days: its "as of" is shown as a warning (decision 0503). */
export const followersStale = (confirmedAt: string | Date | null, now: Date) =>
  !!confirmedAt && daysBetween(confirmedAt, now) >= FOLLOWER_FRESHNESS.asOfAfterDays;

/**
 * An admin's check that no longer holds (decision 0800): the live badge says "Not currently
 * verified" once the last check is this old, and a handle confirmed this long ago asks for a new
 * code. Null (never checked) has lapsed too.
 */
export const checkLapsed = (checkedAt: string | Date | null, now: Date) =>
  !checkedAt || daysBetween(checkedAt, now) >= VERIFICATION_FRESHNESS.lapsesAfterDays;

/**
 * A rise worth an admin's look (decision 0510): more than doubled from `baseline` (the lowest
 * count in the rolling window; 0 for a new handle) and by more than the small allowance.
 */
export const isFollowerJump = (baseline: number, after: number) =>
  after > baseline * FOLLOWER_FRESHNESS.jumpFactor && after - baseline > FOLLOWER_FRESHNESS.jumpAllowance;

/**
 * Whether a local share recorded for `checkedOn` (a calendar day, YYYY-MM-DD, in the city) still
 * counts at `now`: for LOCAL_AUDIENCE.staleAfterDays days, the follower counts' rule (decision 0720).
 */
export const localShareIsFresh = (checkedOn: string, now: Date) =>
  daysBetween(`${checkedOn}T00:00:00Z`, now) < LOCAL_AUDIENCE.staleAfterDays;

/**
 * The profile's line, "62% of followers in the Cleveland area (checked March 2027)", or null
 * when there is no recorded share or it is stale. The month is the recorded day's, a day in the city.
 */
export function localAudienceLine(
  audience: { share: number; checked_on: string } | null | undefined,
  city: string,
  now: Date,
): string | null {
  if (!audience || !localShareIsFresh(audience.checked_on, now)) return null;
  return `${audience.share}% of followers in the ${city} area (checked ${formatMonthYear(`${audience.checked_on}T00:00:00Z`)})`;
}
