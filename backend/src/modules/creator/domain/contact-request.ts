import { randomUUID } from 'node:crypto';
import type { BudgetRange, ContactRequestInput } from '@local-creators/common';

/**
 * A brand's message to a creator through the profile's Contact form (table contact_requests,
 * decision 0501). Kept for the creator's dashboard and for the limits; the creator's address is
 * never part of it.
 */
export class ContactRequest {
  id: string;
  profileId: string;
  /** The creator's city (cities.slug). */
  citySlug: string;
  brandName: string;
  /** The brand's address: the mail's Reply-To. */
  email: string;
  budgetRange: BudgetRange | null;
  message: string;
  createdAt: Date;
  /** Set when it was one creator's copy of a message to a whole shortlist (decision 0702). */
  shortlistMessageId: string | null;
  /** SHA-256 of the creator's one-click "I replied" link (decision 0710); the link itself only goes in the mail. */
  replyTokenHash: string | null = null;
  /** The creator's own "I replied" note (decision 0841): shown on their dashboard, never counted by itself. */
  repliedAt: Date | null = null;
  /**
   * The sender's address was proven for this message (decision 0840): a confirmed account's own
   * address, or a shortlist message's mailed link. Only these take from the creator's cap and count
   * for the public reply time.
   */
  proven = false;
  /** SHA-256 of the "They replied" link in the brand's copy (decision 0841); proven messages only. */
  brandTokenHash: string | null = null;
  /** When the brand confirmed the creator's reply: the only reply that counts (decision 0841). */
  replyConfirmedAt: Date | null = null;
  /** When the sweep counted it as unanswered (14 days without a reply). */
  lapsedAt: Date | null = null;

  static create(
    profile: { id: string; citySlug: string },
    input: ContactRequestInput,
    now: Date,
    shortlistMessageId: string | null = null,
    replyTokenHash: string | null = null,
    brandTokenHash: string | null = null,
  ): ContactRequest {
    const r = new ContactRequest();
    r.id = randomUUID();
    r.profileId = profile.id;
    r.citySlug = profile.citySlug;
    r.brandName = input.brand_name;
    r.email = input.email;
    r.budgetRange = input.budget_range;
    r.message = input.message;
    r.createdAt = now;
    r.shortlistMessageId = shortlistMessageId;
    r.replyTokenHash = replyTokenHash;
    r.proven = brandTokenHash !== null;
    r.brandTokenHash = brandTokenHash;
    return r;
  }
}
