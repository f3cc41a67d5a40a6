import { randomUUID } from 'node:crypto';
import { CALL_ANSWER_MSG, type CallAnswerStatus } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';

/**
 * A listed creator's answer to an open call (table call_answers, issue 40 point 4, decision 0914):
 * one per creator and call. Sent; the business picks it (the creator is told at once) or, when it
 * tells the others or the call closes, it is not picked (told then). Each is told once: the
 * transition happens once, and its mail is written in the same flush.
 */
export class CallAnswer {
  id: string;
  callId: string;
  /** The creator's account (the proven address the cap counts, decision 0915). */
  accountId: string;
  /** The creator's profile when they answered: the business's shortlist saves it. */
  profileId: string;
  note: string;
  status: CallAnswerStatus;
  createdAt: Date;
  pickedAt: Date | null;
  /** When the creator's mail (picked or not) was written. */
  toldAt: Date | null;
  /** That mail's outbox message. */
  outboxId: string | null;
  /** Optimistic lock (decision 0916). */
  version: number;

  static answer(callId: string, accountId: string, profileId: string, note: string, now: Date): CallAnswer {
    const a = new CallAnswer();
    a.id = randomUUID();
    a.callId = callId;
    a.accountId = accountId;
    a.profileId = profileId;
    a.note = note;
    a.status = 'sent';
    a.createdAt = now;
    a.pickedAt = null;
    a.toldAt = null;
    a.outboxId = null;
    a.version = 1;
    return a;
  }

  /** Picked by the business; `tell` writes the mail that tells the creator (once the pick holds) and answers its id. */
  pick(now: Date, tell: () => string) {
    if (this.status === 'picked') throw DomainError.conflict('CALLS.ALREADY_PICKED', CALL_ANSWER_MSG.alreadyPicked);
    if (this.status === 'not_picked') throw DomainError.conflict('CALLS.ALREADY_TOLD', CALL_ANSWER_MSG.alreadyTold);
    this.status = 'picked';
    this.pickedAt = now;
    this.toldAt = now;
    this.outboxId = tell();
  }

  /** Not picked, told in the mail `tell` writes (none for an account removed meanwhile). Only a sent answer: a picked or told one was told already. */
  notPicked(now: Date, tell: () => string | null) {
    if (this.status !== 'sent') return;
    this.status = 'not_picked';
    this.toldAt = now;
    this.outboxId = tell();
  }
}
