import type { Niche } from './constants';
import type { PublicPlatform } from './types';
import { hasLineBreak } from './text-input';

/** Shortlists without an account (issue 27, decision 0700). Limits: decision 0701. */
export const SHORTLIST_LIMITS = {
  nameMax: 100,
  noteMax: 500,
  /** Creators on one list. */
  creatorsMax: 100,
  /** Hours a brand's confirmation link for a message to the whole list works. */
  messageConfirmHours: 48,
} as const;

export const SHORTLIST_DEFAULT_NAME = 'My shortlist';

export const SHORTLIST_MSG = {
  save: 'Save',
  saved: 'Saved',
  savedToast: (name: string) => `${name} is on your shortlist`,
  removedToast: (name: string) => `${name} is off your shortlist`,
  notFound: 'This shortlist link is not valid. It may have been deleted, or the link was copied only in part.',
  sharedNotFound: 'This shared shortlist is not available. Its owner may have stopped sharing it.',
  nameTooLong: `A shortlist's name can be at most ${SHORTLIST_LIMITS.nameMax} characters`,
  noteTooLong: `A note can be at most ${SHORTLIST_LIMITS.noteMax} characters`,
  singleLine: 'Please keep the name on one line',
  full: `A shortlist holds at most ${SHORTLIST_LIMITS.creatorsMax} creators. Remove one, or start another list.`,
  creatorNotListed: 'This creator is not in the directory',
  notOnList: 'This creator is not on the shortlist',
  tooManyLists: (limit: number, wait: string) =>
    `Too many shortlists started from this network (at most ${limit} a day). Please try again in ${wait}, or keep using the one you have.`,
  noLongerListed: 'No longer listed',
  empty: 'Nobody on the list yet. Press "Save" on a creator\'s card or profile to add them.',
  nobodyToMessage: 'Nobody on this list takes messages here',
  confirmationSent: (email: string) =>
    `We sent a confirmation link to ${email}. Open it within ${SHORTLIST_LIMITS.messageConfirmHours} hours and we will pass your message on to each creator on the list.`,
  linkInvalid: 'This confirmation link is not valid. Please check that you opened the whole link from the e-mail.',
  linkUsed: 'This confirmation link was already used: your message has been passed on.',
  linkExpired: `This confirmation link has expired. Please send your message from the shortlist again.`,
} as const;

/** One creator on a list, as its owner (and anyone holding the share link) sees it. */
export interface ShortlistEntry {
  profile_id: string;
  /** The name shown when the creator was saved; kept for a creator who has since left the directory. */
  name: string;
  note: string;
  added_at: string;
  /** False once the creator left the directory: the list says "No longer listed" and nothing else. */
  listed: boolean;
  /** The public card's facts, while listed. */
  creator: {
    display_name: string;
    profile_image_url: string | null;
    /** The city's name: a list may hold creators of several cities. */
    city: string;
    neighborhood: string | null;
    niches: Niche[];
    platforms: PublicPlatform[];
    total_followers: number;
    /** A count in the total waits for an admin's look (decision 0851). */
    followers_unconfirmed: boolean;
    /** Verified now: the admin's last check has not lapsed (decision 0851). */
    verified: boolean;
    contact_enabled: boolean;
  } | null;
}

export interface SharedShortlist {
  name: string;
  entries: ShortlistEntry[];
  updated_at: string;
}

export interface OwnShortlist extends SharedShortlist {
  /** Whether a read-only link is live (the link itself is shown once, when made). */
  shared: boolean;
  limits: { creators_max: number };
}

export interface CreatedShortlist extends OwnShortlist {
  /** The owner's secret: the list's address. Only ever in this answer. */
  token: string;
}

/** Per creator, what became of a confirmed message to the whole list. */
export interface ShortlistDelivery {
  profile_id: string;
  name: string;
  status: 'sent' | 'refused';
  reason: string | null;
}

export function validateShortlistName(
  input: unknown,
): { ok: true; value: string } | { ok: false; error: { field: string; message: string } } {
  const raw = typeof input === 'string' ? input.trim() : '';
  if (input !== undefined && input !== null && typeof input !== 'string')
    return { ok: false, error: { field: 'name', message: SHORTLIST_MSG.nameTooLong } };
  if (raw.length > SHORTLIST_LIMITS.nameMax)
    return { ok: false, error: { field: 'name', message: SHORTLIST_MSG.nameTooLong } };
  if (hasLineBreak(raw)) return { ok: false, error: { field: 'name', message: SHORTLIST_MSG.singleLine } };
  return { ok: true, value: raw || SHORTLIST_DEFAULT_NAME };
}

export function validateShortlistNote(
  input: unknown,
): { ok: true; value: string } | { ok: false; error: { field: string; message: string } } {
  if (input !== undefined && input !== null && typeof input !== 'string')
    return { ok: false, error: { field: 'note', message: SHORTLIST_MSG.noteTooLong } };
  const note = typeof input === 'string' ? input.trim() : '';
  if (note.length > SHORTLIST_LIMITS.noteMax)
    return { ok: false, error: { field: 'note', message: SHORTLIST_MSG.noteTooLong } };
  return { ok: true, value: note };
}
