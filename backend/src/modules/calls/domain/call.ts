import { randomUUID } from 'node:crypto';
import { CALL_ANSWER_MSG, CALL_MSG, type CallInput, type CallOffer, type CallStatus } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';

/**
 * A business's open call in one city (table calls, issue 40). Posted pending; a city's admin
 * approves it (public), declines it with a reason the business reads, or closes it (decision 0902).
 */
export class Call {
  id: string;
  /** The account that posted it; null once that account is removed. */
  accountId: string | null;
  citySlug: string;
  businessName: string;
  title: string;
  description: string;
  niches: string[];
  contentTypes: string[];
  collabTypes: string[];
  /** Empty: the whole city. */
  neighborhoods: string[];
  followersMin: number | null;
  followersMax: number | null;
  /** Calendar days (YYYY-MM-DD) in the city. */
  startsOn: string;
  endsOn: string;
  deadline: string;
  offer: CallOffer;
  feeMin: number | null;
  feeMax: number | null;
  product: string | null;
  creatorsWanted: number;
  status: CallStatus;
  declineReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  approvedAt: Date | null;
  closedAt: Date | null;
  /**
   * When its business told the creators it did not pick, or the call closed (decision 0916): it
   * takes no more answers from then on.
   */
  pickingDoneAt: Date | null;
  /** Optimistic lock: an admin's decision names the version they saw. */
  version: number;

  static post(input: CallInput, accountId: string, citySlug: string, now: Date): Call {
    const c = new Call();
    c.id = randomUUID();
    c.accountId = accountId;
    c.citySlug = citySlug;
    c.businessName = input.business_name;
    c.title = input.title;
    c.description = input.description;
    c.niches = [...input.niches];
    c.contentTypes = [...input.content_types];
    c.collabTypes = [...input.collab_types];
    c.neighborhoods = [...input.neighborhoods];
    c.followersMin = input.followers_min;
    c.followersMax = input.followers_max;
    c.startsOn = input.starts_on;
    c.endsOn = input.ends_on;
    c.deadline = input.deadline;
    c.offer = input.offer;
    c.feeMin = input.fee_min;
    c.feeMax = input.fee_max;
    c.product = input.product;
    c.creatorsWanted = input.creators_wanted;
    c.status = 'pending';
    c.declineReason = null;
    c.createdAt = now;
    c.updatedAt = now;
    c.approvedAt = null;
    c.closedAt = null;
    c.pickingDoneAt = null;
    c.version = 1;
    return c;
  }

  /** Public: approved, and not closed since. */
  get isPublic() {
    return this.status === 'approved';
  }

  /** Counts against the account's open calls: waiting for review or public. */
  get isOpen() {
    return this.status === 'pending' || this.status === 'approved';
  }

  approve(now: Date) {
    if (this.status !== 'pending') throw DomainError.conflict('CALLS.NOT_PENDING', CALL_MSG.notPending);
    this.status = 'approved';
    this.approvedAt = now;
    this.updatedAt = now;
  }

  /** `reason` was checked by firstDeclineReasonError; the business reads it on My calls. */
  decline(reason: string, now: Date) {
    if (this.status !== 'pending') throw DomainError.conflict('CALLS.NOT_PENDING', CALL_MSG.notPending);
    this.status = 'declined';
    this.declineReason = reason;
    this.updatedAt = now;
  }

  /** Returns whether the call was public until now (partners hear of that: call.closed). */
  close(now: Date): boolean {
    if (this.status === 'closed') throw DomainError.conflict('CALLS.CLOSED', CALL_MSG.alreadyClosed);
    if (!this.isOpen) throw DomainError.conflict('CALLS.CANNOT_CLOSE', CALL_MSG.cannotClose);
    const wasPublic = this.isPublic;
    this.status = 'closed';
    this.closedAt = now;
    this.pickingDoneAt ??= now;
    this.updatedAt = now;
    return wasPublic;
  }

  /**
   * Why the call takes no answer now (`today`: the city's day), or null when it takes one: a closed
   * call is gone (410, as its page), one never public is unknown (404), and a call whose business
   * has chosen or whose deadline has passed refuses (409). Decision 0914.
   */
  answerRefusal(today: string): DomainError | null {
    if (this.status === 'closed' && this.approvedAt) return new DomainError('gone', 'CALLS.CLOSED', CALL_MSG.closed);
    if (!this.isPublic) return DomainError.notFound('CALLS.NOT_FOUND', CALL_MSG.notFound);
    if (this.pickingDoneAt) return DomainError.conflict('CALLS.PICKING_DONE', CALL_ANSWER_MSG.pickingDone);
    if (this.deadline < today) return DomainError.conflict('CALLS.DEADLINE_PASSED', CALL_ANSWER_MSG.deadlinePassed);
    return null;
  }

  /** The business tells the creators it did not pick; answers whether this is the first time. Only an open call. */
  finishPicking(now: Date): boolean {
    if (!this.isPublic) throw DomainError.conflict('CALLS.NOT_OPEN', CALL_ANSWER_MSG.notOpen);
    if (this.pickingDoneAt) return false;
    this.pickingDoneAt = now;
    return true;
  }
}
