import { VERIFICATION_FRESHNESS, checkLapsed, isVerified } from '@local-creators/common';

/**
 * What "verified" means at a moment (issue 36 point 5, decision 0851): approved with the phone
 * verified (spec 2), and the admin's last check (decision 0800) not yet lapsed. The one rule the
 * profile, the cards, the partners' feed, the drawn page, the live badge and the shortlist's CSV
 * all say.
 */
export interface VerificationFacts {
  approvalStatus: string;
  phoneVerified: boolean;
  /** The admin's last check: the approval or a later handle confirmation; null when never checked. */
  checkedAt: Date | string | null;
}

export function isVerifiedNow(p: VerificationFacts, now: Date): boolean {
  return (
    isVerified({ approval_status: p.approvalStatus as never, phone_verified: p.phoneVerified }) &&
    !checkLapsed(p.checkedAt, now)
  );
}

/** The moment a creator verified now stops being so, unless checked again; null when not verified now. */
export function verifiedUntil(p: VerificationFacts, now: Date): Date | null {
  if (!isVerifiedNow(p, now)) return null;
  return new Date(new Date(p.checkedAt!).getTime() + VERIFICATION_FRESHNESS.lapsesAfterDays * 86_400_000);
}
