import { randomUUID } from 'node:crypto';
import type { BudgetRange, ContactRequestInput } from '@local-creators/common';
import { SHORTLIST_LIMITS, SHORTLIST_MSG } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';

/**
 * A brand's shortlist, kept without an account (issue 27, decision 0700). Found only by the
 * SHA-256 of its owner's link; a second, read-only link can be made and revoked.
 */
export class Shortlist {
  id: string;
  tokenHash: string;
  shareTokenHash: string | null;
  name: string;
  /** SHA-256 of the client address that started it: for the per-address limit only. */
  clientHash: string;
  createdAt: Date;
  updatedAt: Date;

  static start(name: string, tokenHash: string, clientHash: string, now: Date): Shortlist {
    const s = new Shortlist();
    s.id = randomUUID();
    s.tokenHash = tokenHash;
    s.shareTokenHash = null;
    s.name = name;
    s.clientHash = clientHash;
    s.createdAt = now;
    s.updatedAt = now;
    return s;
  }

  share(shareTokenHash: string, now: Date) {
    this.shareTokenHash = shareTokenHash;
    this.updatedAt = now;
  }

  revokeShare(now: Date) {
    this.shareTokenHash = null;
    this.updatedAt = now;
  }

  rename(name: string, now: Date) {
    this.name = name;
    this.updatedAt = now;
  }
}

/** One creator on a list: the name shown when saved, and the owner's note. */
export class ShortlistEntry {
  id: string;
  shortlistId: string;
  profileId: string;
  name: string;
  note: string;
  addedAt: Date;

  static add(
    shortlistId: string,
    profileId: string,
    name: string,
    note: string,
    now: Date,
    alreadyOnList: number,
  ): ShortlistEntry {
    if (alreadyOnList >= SHORTLIST_LIMITS.creatorsMax) throw DomainError.conflict('SHORTLIST.FULL', SHORTLIST_MSG.full);
    const e = new ShortlistEntry();
    e.id = randomUUID();
    e.shortlistId = shortlistId;
    e.profileId = profileId;
    e.name = name;
    e.note = note;
    e.addedAt = now;
    return e;
  }
}

/** A brand's message to everyone on a list, held until the brand opens the mailed link. */
export class ShortlistMessage {
  id: string;
  shortlistId: string;
  brandName: string;
  email: string;
  budgetRange: BudgetRange | null;
  message: string;
  confirmTokenHash: string;
  confirmExpiresAt: Date;
  confirmedAt: Date | null;
  createdAt: Date;

  static awaitingConfirmation(
    shortlistId: string,
    input: ContactRequestInput,
    tokenHash: string,
    now: Date,
  ): ShortlistMessage {
    const m = new ShortlistMessage();
    m.id = randomUUID();
    m.shortlistId = shortlistId;
    m.brandName = input.brand_name;
    m.email = input.email;
    m.budgetRange = input.budget_range;
    m.message = input.message;
    m.confirmTokenHash = tokenHash;
    m.confirmExpiresAt = new Date(now.getTime() + SHORTLIST_LIMITS.messageConfirmHours * 3_600_000);
    m.confirmedAt = null;
    m.createdAt = now;
    return m;
  }

  get input(): ContactRequestInput {
    return { brand_name: this.brandName, email: this.email, budget_range: this.budgetRange, message: this.message };
  }

  /** Spends the link: once, before it expires. */
  confirm(now: Date) {
    if (this.confirmedAt) throw DomainError.conflict('SHORTLIST.LINK_USED', SHORTLIST_MSG.linkUsed);
    if (this.confirmExpiresAt.getTime() <= now.getTime())
      throw new DomainError('gone', 'SHORTLIST.LINK_EXPIRED', SHORTLIST_MSG.linkExpired);
    this.confirmedAt = now;
  }
}
