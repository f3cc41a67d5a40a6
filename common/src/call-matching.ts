import type { PublicCall } from './calls';

/**
 * Matching that reaches people (issue 40 point 3, decision 0910): which listed creators a call is
 * for. The API mails them when the call is approved and their dashboard lists it; both use this.
 */

/** What of a listed creator a call is matched against. */
export interface CallMatchCreator {
  city_slug: string;
  niches: readonly string[];
  content_types: readonly string[];
  collab_types: readonly string[];
  neighborhood: string | null;
  /** The followers the directory counts for the creator (all platforms). */
  followers: number;
}

export interface CallMatchNeeds {
  city_slug: string;
  niches: readonly string[];
  content_types: readonly string[];
  collab_types: readonly string[];
  /** Empty: the whole city. */
  neighborhoods: readonly string[];
  followers_min: number | null;
  followers_max: number | null;
}

const sameName = (a: string) => a.trim().replace(/\s+/g, ' ').toLowerCase();
const shares = (a: readonly string[], b: readonly string[]) => a.some((x) => b.includes(x));

/**
 * A creator matches a call of their city when they share a niche, a content type and a kind of
 * collaboration with it, live in one of its neighbourhoods (any, for a whole-city call; names
 * compared without case or extra spaces), and their followers are within its range (when given).
 */
export function callMatches(call: CallMatchNeeds, creator: CallMatchCreator): boolean {
  if (call.city_slug !== creator.city_slug) return false;
  if (
    !shares(call.niches, creator.niches) ||
    !shares(call.content_types, creator.content_types) ||
    !shares(call.collab_types, creator.collab_types)
  )
    return false;
  if (call.neighborhoods.length > 0) {
    if (!creator.neighborhood) return false;
    const home = sameName(creator.neighborhood);
    if (!call.neighborhoods.some((n) => sameName(n) === home)) return false;
  }
  if (call.followers_min !== null && creator.followers < call.followers_min) return false;
  if (call.followers_max !== null && creator.followers > call.followers_max) return false;
  return true;
}

/** Call mail's timing (decision 0911): at most one mail a day; what matches later waits for the next day's digest, sent from this hour of the city's day. */
export const CALL_MAIL = { digestHour: 8 } as const;

export const CALL_MAIL_MSG = {
  /** The dashboard's card. */
  heading: 'Open calls for you',
  empty: 'No open call matches your profile right now.',
  notListed: 'Once your profile is live, calls from local businesses that match it show here.',
  setting: 'E-mail me when a call matches my profile',
  on: 'You will get an e-mail when a call matches your profile.',
  off: 'You will not get e-mails about calls.',
  /** The page a mail's unsubscribe link opens. */
  unsubscribed: 'You will not get e-mails about open calls any more.',
  unknownLink: 'This link is not valid.',
} as const;

/** GET /api/me/matching-calls: the open calls of the creator's city that match their profile, and whether they get call mail. */
export interface MatchingCalls {
  /** The creator is listed (only listed creators are matched). */
  listed: boolean;
  call_mail: boolean;
  calls: PublicCall[];
}
