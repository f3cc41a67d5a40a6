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
  repliedAt: Date | null = null;
  /** When the sweep counted it as unanswered (14 days without a reply). */
  lapsedAt: Date | null = null;

  static create(
    profile: { id: string; citySlug: string },
    input: ContactRequestInput,
    now: Date,
    shortlistMessageId: string | null = null,
    replyTokenHash: string | null = null,
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
    return r;
  }
}
