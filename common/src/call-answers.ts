import type { PublicCreator } from './types';

/**
 * Answers to open calls (issue 40 point 4, decisions 0914–0917): a listed creator answers a call
 * of their city with a short note; the call's business reads the answers with each creator's
 * public facts, picks creators, and tells the others. The rules, limits and texts of the form and
 * the API: both use these.
 */
export const CALL_ANSWER_LIMITS = {
  noteMax: 500,
  /** Answers one creator (a proven address) may send in 24 hours, whatever became of them (decision 0915). */
  perDay: 10,
} as const;

export const CALL_ANSWER_STATUSES = ['sent', 'picked', 'not_picked'] as const;
export type CallAnswerStatus = (typeof CALL_ANSWER_STATUSES)[number];

export const CALL_ANSWER_MSG = {
  answer: 'Answer this call',
  noteLabel: 'A short note to the business',
  noteHint: `Why you, in a few lines (at most ${CALL_ANSWER_LIMITS.noteMax} characters). The business sees it with your public profile, never your e-mail or phone.`,
  noteRequired: 'Write a short note to the business',
  noteTooLong: `Your note must be at most ${CALL_ANSWER_LIMITS.noteMax} characters`,
  failed: 'Your answer could not be sent',
  sent: 'Your answer was sent',
  needsProvenAddress: 'Confirm your e-mail address before you answer a call',
  notListed: 'Only creators listed in the directory can answer a call',
  otherCity: 'This call is for creators of another city',
  deadlinePassed: 'The deadline for answers has passed',
  pickingDone: 'This business has chosen its creators: the call takes no more answers',
  alreadyAnswered: 'You have already answered this call',
  tooManyToday: (wait: string) =>
    `You have answered ${CALL_ANSWER_LIMITS.perDay} calls in the last 24 hours. You can answer another in ${wait}.`,
  answerNotFound: 'Answer not found',
  pickNeedsProvenAddress: 'Confirm your e-mail address before you pick a creator',
  notOpen: 'Only the answers of an open call can be picked',
  alreadyPicked: 'You already picked this creator',
  alreadyTold: 'This creator was already told they were not picked',
  enoughPicked: (n: number) =>
    `You have picked the ${n === 1 ? 'one creator' : `${n} creators`} this call asked for. Tell the others when you are done.`,
  pick: 'Pick',
  picked: 'Picked',
  /** The business's notice once a creator is picked on "My calls". */
  pickedNotice: (name: string) => `${name} is picked`,
  pickedNoticeNote: 'We e-mailed them; they reply to you.',
  notPicked: 'Not picked',
  tellOthers: 'Tell the others they were not picked',
  tellOthersHint: 'Everyone you did not pick gets a short, kind e-mail, and the call takes no more answers.',
  toldOthers: 'The others were told',
  noAnswers: 'No answers yet.',
  yourAnswer: 'You answered this call',
} as const;

export interface CallAnswerFailure {
  field: string;
  message: string;
}
export type CallAnswerValidated =
  { ok: true; value: { note: string } } | { ok: false; error: CallAnswerFailure; errors: CallAnswerFailure[] };

/** Checks every field of an answer and says every failing field's first message (decision 0660). */
export function validateCallAnswer(input: unknown): CallAnswerValidated {
  const body = (input && typeof input === 'object' && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
  const errors: CallAnswerFailure[] = [];
  const note = typeof body.note === 'string' ? body.note.trim() : '';
  if (!note) errors.push({ field: 'note', message: CALL_ANSWER_MSG.noteRequired });
  else if ([...note].length > CALL_ANSWER_LIMITS.noteMax)
    errors.push({ field: 'note', message: CALL_ANSWER_MSG.noteTooLong });
  if (errors.length) return { ok: false, error: errors[0]!, errors };
  return { ok: true, value: { note } };
}

/** A creator's own answer, as they read it. */
export interface OwnCallAnswer {
  id: string;
  call_id: string;
  note: string;
  status: CallAnswerStatus;
  created_at: string;
}

/** GET /api/calls/{id}/my-answer: the signed-in creator's answer, and whether they may answer now (and why not). */
export interface MyCallAnswer {
  answer: OwnCallAnswer | null;
  can_answer: boolean;
  /** Why not, in common's words; null when they may. */
  reason: string | null;
}

/**
 * One answer as the call's business reads it: the note and the creator's public profile (handles
 * confirmed, counts with their dates, reply time, verified), never the creator's e-mail or phone.
 */
export interface CallAnswerForBusiness {
  id: string;
  note: string;
  status: CallAnswerStatus;
  created_at: string;
  picked_at: string | null;
  /** When the creator was told (picked or not). */
  told_at: string | null;
  creator: PublicCreator;
}

/** GET /api/me/calls/{id}/answers. */
export interface CallAnswers {
  call_id: string;
  creators_wanted: number;
  /** When the business told the others (or the call closed): the call takes no more answers. */
  picking_done_at: string | null;
  answers: CallAnswerForBusiness[];
}
