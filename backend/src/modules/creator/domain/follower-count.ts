import { randomUUID } from 'node:crypto';
import { isFollowerJump, type PlatformName } from '@local-creators/common';
import { handleKey } from './handle-check';

/**
 * One platform's follower count on a profile and when its creator last confirmed it (table
 * follower_counts, decision 0503), with the last reminder and the last jump.
 */
export class FollowerCount {
  id: string;
  profileId: string;
  platform: PlatformName;
  handle: string;
  followers: number;
  confirmedAt: Date;
  remindedAt: Date | null;
  previousFollowers: number | null;
  jumpedAt: Date | null;
  createdAt: Date;

  static record(profileId: string, platform: PlatformName, handle: string, followers: number, now: Date): FollowerCount {
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
      createdAt: now,
    });
  }

  /** The creator says the count is (still) this: it is confirmed now; a jump is kept for the admins. Answers whether it jumped. */
  confirm(followers: number, now: Date): boolean {
    const jumped = isFollowerJump(this.followers, followers);
    if (jumped) {
      this.previousFollowers = this.followers;
      this.jumpedAt = now;
    }
    this.followers = followers;
    this.confirmedAt = now;
    this.remindedAt = null;
    return jumped;
  }
}

export interface FollowerJump {
  platform: PlatformName;
  handle: string;
  before: number;
  after: number;
}

/**
 * A profile's save against its counts: a count the save changed is confirmed now (a jump is
 * reported), an unchanged one keeps its date, a new platform handle starts confirmed, a removed one goes.
 */
export function planFollowerCounts(
  profileId: string,
  counts: readonly FollowerCount[],
  platforms: readonly { name: PlatformName; handle: string; followers: number }[],
  now: Date,
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
    if (!count) add.push(FollowerCount.record(profileId, p.name, p.handle, p.followers, now));
    else {
      count.handle = p.handle;
      const before = count.followers;
      if (before !== p.followers && count.confirm(p.followers, now)) jumps.push({ platform: p.name, handle: p.handle, before, after: p.followers });
    }
  }
  return { add, remove: counts.filter((c) => !seen.has(handleKey(c.platform, c.handle))), jumps };
}
