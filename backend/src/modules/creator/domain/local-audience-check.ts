import { randomUUID } from 'node:crypto';
import { MSG, type LocalAudienceStatus, type PlatformName } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day (YYYY-MM-DD) that exists, as a UTC midnight; null otherwise. */
export function parseDay(value: unknown): Date | null {
  if (typeof value !== 'string' || !DAY.test(value)) return null;
  const at = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value ? null : at;
}

/** Days from `from` to `to`, both YYYY-MM-DD. */
export const daysFromTo = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * A day a screenshot or a check names: a real day, not after `today` (the city's), and at most
 * `maxAgeDays` back. Otherwise a 400 naming `field`.
 */
export function checkDay(value: unknown, today: string, field: string, maxAgeDays: number): string {
  if (!parseDay(value)) throw DomainError.invalid('LOCAL_AUDIENCE.BAD_DATE', MSG.localAudienceBadDate, field);
  const day = value as string;
  if (day > today) throw DomainError.invalid('LOCAL_AUDIENCE.FUTURE_DATE', MSG.localAudienceFutureDate, field);
  if (daysFromTo(day, today) > maxAgeDays)
    throw DomainError.invalid('LOCAL_AUDIENCE.OLD_DATE', MSG.localAudienceOldDate, field);
  return day;
}

/**
 * A creator's screenshot of a platform's audience insights (table local_audience_checks, decision
 * 0720): pending until an admin records the share it shows and the day, or rejects it with a
 * reason. The image lives in the row itself, so no storage driver can ever serve it publicly.
 */
export class LocalAudienceCheck {
  id: string;
  profileId: string;
  platform: PlatformName;
  /** The day the screenshot shows, YYYY-MM-DD. */
  showsOn: string;
  image: Buffer;
  imageType: string;
  status: LocalAudienceStatus;
  share: number | null;
  checkedOn: string | null;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;

  static upload(
    profileId: string,
    platform: PlatformName,
    showsOn: string,
    image: Buffer,
    imageType: string,
    now: Date,
  ): LocalAudienceCheck {
    return Object.assign(new LocalAudienceCheck(), {
      id: randomUUID(),
      profileId,
      platform,
      showsOn,
      image,
      imageType,
      status: 'pending' as const,
      share: null,
      checkedOn: null,
      reason: null,
      decidedBy: null,
      decidedAt: null,
      createdAt: now,
    });
  }

  /** Only a pending check is decided, once: a second admin's decision is a 409, never a silent overwrite. */
  private decide(adminEmail: string, now: Date) {
    if (this.status !== 'pending') throw DomainError.conflict('LOCAL_AUDIENCE.DECIDED', MSG.localAudienceDecided);
    this.decidedBy = adminEmail;
    this.decidedAt = now;
  }

  record(share: number, checkedOn: string, adminEmail: string, now: Date) {
    this.decide(adminEmail, now);
    this.status = 'recorded';
    this.share = share;
    this.checkedOn = checkedOn;
  }

  reject(reason: string, adminEmail: string, now: Date) {
    this.decide(adminEmail, now);
    this.status = 'rejected';
    this.reason = reason;
  }
}
