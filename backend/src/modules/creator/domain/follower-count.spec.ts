import { FollowerCount, planFollowerCounts } from './follower-count';

const then = new Date('2026-05-01T10:00:00Z');
const now = new Date('2026-11-25T10:00:00Z');

describe('follower counts', () => {
  it('dates a changed count today, keeps an unchanged one as it was, and starts a new one confirmed', () => {
    const ig = FollowerCount.record('p1', 'Instagram', 'maya', 1_000, then);
    const tt = FollowerCount.record('p1', 'TikTok', 'maya', 300, then);
    const plan = planFollowerCounts(
      'p1',
      [ig, tt],
      [
        { name: 'Instagram', handle: 'maya', followers: 1_200 },
        { name: 'TikTok', handle: '@Maya', followers: 300 },
        { name: 'YouTube', handle: 'maya', followers: 50 },
      ],
      now,
      { newProfile: false },
    );
    expect(ig).toMatchObject({ followers: 1_200, confirmedAt: now });
    expect(tt).toMatchObject({ followers: 300, confirmedAt: then, handle: '@Maya' });
    expect(plan.add.map((c) => [c.platform, c.followers, c.confirmedAt])).toEqual([['YouTube', 50, now]]);
    expect(plan.remove).toEqual([]);
    expect(plan.jumps).toEqual([]);
  });

  it('reports a count that more than doubled, with before and after, and keeps it for the admins', () => {
    const ig = FollowerCount.record('p1', 'Instagram', 'maya', 1_000, then);
    const plan = planFollowerCounts('p1', [ig], [{ name: 'Instagram', handle: 'maya', followers: 5_000 }], now, {
      newProfile: false,
    });
    expect(plan.jumps).toEqual([{ platform: 'Instagram', handle: 'maya', before: 1_000, after: 5_000 }]);
    expect(ig).toMatchObject({ followers: 5_000, previousFollowers: 1_000, jumpedAt: now });
  });

  it('flags a rise over the rolling window whatever the steps, and a small one never (issue 23)', () => {
    const day = (n: number) => new Date(then.getTime() + n * 86_400_000);
    const ig = FollowerCount.record('p1', 'Instagram', 'maya', 500, then);
    // Doubling exactly, once a day: no single save more than doubles, but 500 → 4,000 in 3 days does.
    expect(ig.confirm(1_000, day(1))).toBe(false);
    expect(ig.confirm(2_000, day(2))).toBe(true);
    expect(ig).toMatchObject({ previousFollowers: 500, jumpedAt: day(2), jumpReviewedAt: null });
    expect(ig.awaitsReview()).toBe(true);
    ig.review(day(3));
    expect(ig.awaitsReview()).toBe(false);
    // Two months later the window starts from what the count was then.
    expect(ig.confirm(3_900, day(70))).toBe(false);
    expect(ig.baseline(day(71))).toBe(2_000);
    // A small account's good week is no jump; 499 → a billion is.
    const small = FollowerCount.record('p1', 'TikTok', 'maya', 100, then);
    expect(small.confirm(250, day(1))).toBe(false);
    const tiny = FollowerCount.record('p1', 'X', 'maya', 499, then);
    expect(tiny.confirm(1_000_000_000, day(1))).toBe(true);
  });

  it("checks a handle added to an existing profile as a rise from 0, and not an application's first counts", () => {
    const added = planFollowerCounts('p1', [], [{ name: 'YouTube', handle: 'new', followers: 64_000 }], now, {
      newProfile: false,
    });
    expect(added.jumps).toEqual([{ platform: 'YouTube', handle: 'new', before: 0, after: 64_000 }]);
    expect(added.add[0]!.awaitsReview()).toBe(true);
    expect(
      planFollowerCounts('p1', [], [{ name: 'YouTube', handle: 'new', followers: 400 }], now, { newProfile: false })
        .jumps,
    ).toEqual([]);
    expect(
      planFollowerCounts('p1', [], [{ name: 'YouTube', handle: 'new', followers: 64_000 }], now, { newProfile: true })
        .jumps,
    ).toEqual([]);
  });

  it('removes the counts of platforms the profile no longer has', () => {
    const ig = FollowerCount.record('p1', 'Instagram', 'maya', 1_000, then);
    expect(
      planFollowerCounts('p1', [ig], [{ name: 'Instagram', handle: 'other', followers: 1_000 }], now, {
        newProfile: false,
      }).remove,
    ).toEqual([ig]);
  });
});
