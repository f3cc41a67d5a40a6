import { randomUUID } from 'node:crypto';
import { FOLLOWER_FRESHNESS, isFollowerJump, type PlatformName } from '@local-creators/common';
import { handleKey } from './handle-check';

const DAY_MS = 86_400_000;

/** One value a count had, and since when (the rolling window's memory). */
export interface CountValue {
  followers: number;
  at: string;
}

/**
 * One platform's follower count on a profile and when its creator last confirmed it (table
 * follower_counts, decision 0503), with the last reminder, the values it had over the rolling
 * window and the last jump, which holds Featured until an admin looks (decision 0510).
 */
export class FollowerCount {
  id: string;
  profileId: string;
  platform: PlatformName;
  handle: string;
  followers: number;
  confirmedAt: Date;
  remindedAt: Date | null;
  /** The lowest value in the window when it jumped (0 for a new handle). */
  previousFollowers: number | null;
  jumpedAt: Date | null;
  /** When an admin looked at the jump and let it count; null while it waits. */
  jumpReviewedAt: Date | null;
  /** The values over the last `jumpWindowDays`, and the one in force when the window began. */
  recent: CountValue[];
  createdAt: Date;

  static record(
    profileId: string,
    platform: PlatformName,
    handle: string,
    followers: number,
    now: Date,
  ): FollowerCount {
    return Object.assign(new FollowerCount(), {
      id: randomUUID(),
      profileId,
      platform,
      handle,
      followers,
      confirmedAt: now,
      remindedAt: null,
      previousFollowers: null,
      jumpedAt: null,
      jumpReviewedAt: null,
      recent: [{ followers, at: now.toISOString() }],
      createdAt: now,
    });
  }

  /**
   * A handle added to a profile that already existed: its count rose from nothing, and is
   * checked as such (an application's first counts are the admins' to review anyway).
   */
  static added(profileId: string, platform: PlatformName, handle: string, followers: number, now: Date): FollowerCount {
    const count = FollowerCount.record(profileId, platform, handle, followers, now);
    if (isFollowerJump(0, followers)) count.flagJump(0, now);
    return count;
  }

  /** The lowest value in the window ending `now`: the one in force when it began, or any lower since. */
  baseline(now: Date): number {
    const start = now.getTime() - FOLLOWER_FRESHNESS.jumpWindowDays * DAY_MS;
    const values = this.windowValues(start);
    return Math.min(Number(this.followers), ...values.map((v) => v.followers));
  }

  /** The creator says the count is (still) this: it is confirmed now. Answers whether it jumped. */
  confirm(followers: number, now: Date): boolean {
    const baseline = this.baseline(now);
    const jumped = followers !== Number(this.followers) && isFollowerJump(baseline, followers);
    if (jumped) this.flagJump(baseline, now);
    if (followers !== Number(this.followers)) {
      const start = now.getTime() - FOLLOWER_FRESHNESS.jumpWindowDays * DAY_MS;
      this.recent = [...this.windowValues(start), { followers, at: now.toISOString() }];
    }
    this.followers = followers;
    this.confirmedAt = now;
    this.remindedAt = null;
    return jumped;
  }

  /** Waiting for an admin: a jump nobody has looked at yet. */
  awaitsReview(): boolean {
    return this.jumpedAt !== null && this.jumpReviewedAt === null;
  }

  /** An admin looked at the jump: the count counts (for Featured) as it is. */
  review(now: Date) {
    if (this.awaitsReview()) this.jumpReviewedAt = now;
  }

  private flagJump(baseline: number, now: Date) {
    this.previousFollowers = baseline;
    this.jumpedAt = now;
    this.jumpReviewedAt = null;
  }

  /** The values still in the window, with the one in force at its start (rows from before 0510 have none). */
  private windowValues(start: number): CountValue[] {
    const values = [...(this.recent ?? [])].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    const inWindow = values.filter((v) => Date.parse(v.at) >= start);
    const atStart = values.filter((v) => Date.parse(v.at) < start).at(-1);
    return atStart ? [atStart, ...inWindow] : inWindow;
  }
}

export interface FollowerJump {
  platform: PlatformName;
  handle: string;
  before: number;
  after: number;
}

/**
 * A profile's save against its counts: a count the save changed is confirmed now (a jump over
 * the rolling window is reported), an unchanged one keeps its date, a new platform handle starts
 * confirmed (and, on a profile that existed, is checked as a rise from 0), a removed one goes.
 */
export function planFollowerCounts(
  profileId: string,
  counts: readonly FollowerCount[],
  platforms: readonly { name: PlatformName; handle: string; followers: number }[],
  now: Date,
  opts: { newProfile: boolean },
): { add: FollowerCount[]; remove: FollowerCount[]; jumps: FollowerJump[] } {
  const existing = new Map(counts.map((c) => [handleKey(c.platform, c.handle), c]));
  const seen = new Set<string>();
  const add: FollowerCount[] = [];
  const jumps: FollowerJump[] = [];
  for (const p of platforms) {
    const key = handleKey(p.name, p.handle);
    if (seen.has(key)) continue;
    seen.add(key);
    const count = existing.get(key);
    if (!count) {
      const added = opts.newProfile
        ? FollowerCount.record(profileId, p.name, p.handle, p.followers, now)
        : FollowerCount.added(profileId, p.name, p.handle, p.followers, now);
      add.push(added);
      if (added.awaitsReview()) jumps.push({ platform: p.name, handle: p.handle, before: 0, after: p.followers });
    } else {
      count.handle = p.handle;
      const baseline = count.baseline(now);
      if (Number(count.followers) !== p.followers && count.confirm(p.followers, now))
        jumps.push({ platform: p.name, handle: p.handle, before: baseline, after: p.followers });
    }
  }
  return { add, remove: counts.filter((c) => !seen.has(handleKey(c.platform, c.handle))), jumps };
}
