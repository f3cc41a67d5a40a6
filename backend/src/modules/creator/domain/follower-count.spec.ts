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
    );
    expect(ig).toMatchObject({ followers: 1_200, confirmedAt: now });
    expect(tt).toMatchObject({ followers: 300, confirmedAt: then, handle: '@Maya' });
    expect(plan.add.map((c) => [c.platform, c.followers, c.confirmedAt])).toEqual([['YouTube', 50, now]]);
    expect(plan.remove).toEqual([]);
    expect(plan.jumps).toEqual([]);
  });

  it('reports a count that more than doubled, with before and after, and keeps it for the admins', () => {
    const ig = FollowerCount.record('p1', 'Instagram', 'maya', 1_000, then);
    const plan = planFollowerCounts('p1', [ig], [{ name: 'Instagram', handle: 'maya', followers: 5_000 }], now);
    expect(plan.jumps).toEqual([{ platform: 'Instagram', handle: 'maya', before: 1_000, after: 5_000 }]);
    expect(ig).toMatchObject({ followers: 5_000, previousFollowers: 1_000, jumpedAt: now });
  });

  it('removes the counts of platforms the profile no longer has', () => {
    const ig = FollowerCount.record('p1', 'Instagram', 'maya', 1_000, then);
    expect(planFollowerCounts('p1', [ig], [{ name: 'Instagram', handle: 'other', followers: 1_000 }], now).remove).toEqual([ig]);
  });
});
