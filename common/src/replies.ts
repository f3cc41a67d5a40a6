/**
 * Replies you can count on (issue 27, decision 0710). What is public is only the result of this
 * rule, never a message, a count or a date.
 */
export const REPLY_TIMES = {
  /** A message not marked replied this many days after it came counts as unanswered. */
  unansweredAfterDays: 14,
  /** The profile says something only once this many messages were answered or went unanswered. */
  minCounted: 3,
  /** The directory filter's choices ("Replies within N days"). */
  filterDays: [1, 3, 7] as const,
  /** The API's bounds for `replies_within`. */
  maxFilterDays: 60,
} as const;

/** What the public profile and the API carry: `days` when most counted messages were answered, else `rarely`. */
export interface ReplyTime {
  /** At least half of the counted messages were answered within this many days (1 or more). */
  within_days: number | null;
  /** More than half of the counted messages went unanswered for 14 days. */
  rarely: boolean;
}

/**
 * The public fact from the counted messages' reply delays (in ms; `null` = unanswered for 14 days):
 * the lower median with unanswered ones sorted last, so "within N days" means at least half were
 * answered within N days, and most unanswered gives "Rarely replies". Fewer than 3 counted: nothing.
 */
export function replyTimeOf(delaysMs: (number | null)[]): ReplyTime | null {
  if (delaysMs.length < REPLY_TIMES.minCounted) return null;
  const sorted = [...delaysMs].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));
  const middle = sorted[Math.ceil(sorted.length / 2) - 1];
  if (middle === null) return { within_days: null, rarely: true };
  return { within_days: Math.max(1, Math.ceil(middle / 86_400_000)), rarely: false };
}

/** The profile's words for it. */
export function replyTimeText(t: ReplyTime | null): string | null {
  if (!t) return null;
  if (t.rarely || t.within_days === null) return 'Rarely replies';
  return `Usually replies within ${t.within_days === 1 ? '1 day' : `${t.within_days} days`}`;
}

export const REPLY_MSG = {
  linkInvalid: 'This link is not valid. Open the "I replied" link from the e-mail again.',
  linkUnknown: 'This link is not valid: it may have been copied incompletely.',
  recorded: 'Thanks: we noted that you replied.',
  alreadyRecorded: 'You already told us you replied to this message.',
  // The brand's side (decision 0841): only a reply the brand confirms counts.
  brandLinkInvalid: 'This link is not valid. Open the "They replied" link from the e-mail again.',
  brandRecorded: 'Thanks: we noted that they replied.',
  brandAlreadyRecorded: 'You already told us they replied to this message.',
  repliesWithinInvalid: 'replies_within must be a whole number of days from 1 to 60',
} as const;
