import { randomUUID } from 'node:crypto';
import { INTRO_CONFIRM_HOURS, MSG, type InterestRequestInput } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';

const CONFIRM_TTL_MS = INTRO_CONFIRM_HOURS * 3600_000;

/**
 * A creator's request for an introduction to a featured business (table amplify_interest_requests).
 * The business hears of it only once it is confirmed (decision 0110): at once when the requester
 * has proven the address (a signed-in account's own e-mail), else when the single-use link mailed
 * to that address is opened. Only the link token's hash is kept.
 */
export class InterestRequest {
  id: string;
  submissionId: string;
  /** The business's city (cities.slug). */
  citySlug: string;
  creatorName: string;
  creatorEmail: string;
  /** The account that asked, when signed in (a creator's numbers count it, decision 0821); null for a visitor. */
  requesterUserId: string | null;
  creatorLinks: string | null;
  message: string | null;
  createdAt: Date;
  /** When the business was notified; null while the link waits. */
  confirmedAt: Date | null;
  confirmTokenHash: string | null;
  confirmExpiresAt: Date | null;

  /** The address is proven (the signed-in account's own): the business is notified now. */
  static confirmed(
    submission: { id: string; citySlug: string },
    input: InterestRequestInput,
    now: Date,
    requesterUserId: string | null = null,
  ): InterestRequest {
    const r = InterestRequest.base(submission, input, now, requesterUserId);
    r.confirmedAt = now;
    return r;
  }

  /** The address is not proven: the request waits for the link whose token hashes to `tokenHash`. */
  static awaitingConfirmation(
    submission: { id: string; citySlug: string },
    input: InterestRequestInput,
    now: Date,
    tokenHash: string,
    requesterUserId: string | null = null,
  ): InterestRequest {
    const r = InterestRequest.base(submission, input, now, requesterUserId);
    r.confirmTokenHash = tokenHash;
    r.confirmExpiresAt = new Date(now.getTime() + CONFIRM_TTL_MS);
    return r;
  }

  private static base(
    submission: { id: string; citySlug: string },
    input: InterestRequestInput,
    now: Date,
    requesterUserId: string | null,
  ): InterestRequest {
    const r = new InterestRequest();
    r.id = randomUUID();
    r.submissionId = submission.id;
    r.citySlug = submission.citySlug;
    r.creatorName = input.creator_name;
    r.creatorEmail = input.creator_email;
    r.requesterUserId = requesterUserId;
    r.creatorLinks = input.creator_links;
    r.message = input.message;
    r.createdAt = now;
    r.confirmedAt = null;
    r.confirmTokenHash = null;
    r.confirmExpiresAt = null;
    return r;
  }

  /** Checks the link can still be used, without using it (409 used, 410 expired). */
  assertConfirmable(now: Date) {
    if (this.confirmedAt) throw DomainError.conflict('AMPLIFY.LINK_USED', MSG.interestLinkUsed);
    if (!this.confirmExpiresAt || this.confirmExpiresAt.getTime() <= now.getTime()) {
      throw new DomainError('gone', 'AMPLIFY.LINK_EXPIRED', MSG.interestLinkExpired);
    }
  }

  /** The link is used: once, before it expires. */
  confirm(now: Date) {
    this.assertConfirmable(now);
    this.confirmedAt = now;
  }
}

/** Addresses are compared without case or surrounding spaces. */
export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
