import {
  dashboardStatus,
  followersAsOf,
  followersStale,
  checkLapsed,
  followersDueReconfirmation,
  formatFollowerCount,
  hasFeaturedReach,
  isFollowerJump,
  isListed,
  localAudienceLine,
  localShareIsFresh,
  publicDisplayName,
} from './creator-rules';
import { MSG } from './messages';

describe('dashboard labels (spec point 4)', () => {
  it.each([
    [{ approval_status: 'approved', phone_verified: true }, 'Approved', 'Application Status'],
    [{ approval_status: 'approved', phone_verified: false }, 'Pending Verification', 'Application Status'],
    [{ approval_status: 'rejected', phone_verified: false }, 'Rejected', 'Application Status'],
    [{ approval_status: 'pending', phone_verified: false }, 'Pending Review', 'Application Status'],
    [null, 'No Application', 'Ready to Join?'],
  ] as const)('%j → %s', (profile, label, title) => {
    expect(dashboardStatus(profile)).toMatchObject({ label, title });
  });

  it('shows the admin notes on rejection, or the default text', () => {
    expect(
      dashboardStatus({ approval_status: 'rejected', phone_verified: false, approval_notes: 'Add your links' }).message,
    ).toBe('Add your links');
    expect(dashboardStatus({ approval_status: 'rejected', phone_verified: false, approval_notes: null }).message).toBe(
      MSG.rejectedDefault,
    );
  });
});

describe('directory rules', () => {
  it('lists only public, approved and verified profiles', () => {
    expect(isListed({ is_public: true, approval_status: 'approved', phone_verified: true })).toBe(true);
    expect(isListed({ is_public: true, approval_status: 'approved', phone_verified: false })).toBe(false);
    expect(isListed({ is_public: false, approval_status: 'approved', phone_verified: true })).toBe(false);
    expect(isListed({ is_public: true, approval_status: 'pending', phone_verified: true })).toBe(false);
  });

  it('features a profile above 10,000 followers on any one platform', () => {
    expect(hasFeaturedReach([{ name: 'X', followers: 10_000 }])).toBe(false);
    expect(hasFeaturedReach([{ name: 'X', followers: 10_001 }])).toBe(true);
    expect(
      hasFeaturedReach([
        { name: 'X', followers: 6_000 },
        { name: 'Blog', followers: 6_000 },
      ]),
    ).toBe(false);
  });

  it('hides the name when asked, showing the first handle', () => {
    const platforms = [
      { name: 'TikTok', handle: '', followers: 1 },
      { name: 'Instagram', handle: 'maya', followers: 1 },
    ];
    expect(publicDisplayName({ full_name: 'Maya B', can_use_name_publicly: false, platforms })).toBe('@maya');
    expect(publicDisplayName({ full_name: 'Maya B', can_use_name_publicly: true, platforms })).toBe('Maya B');
  });
});

describe('formatFollowerCount (issue 13: never reads more than it is)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1K'],
    [1_250, '1.2K'],
    [9_962, '9.9K'],
    [9_999, '9.9K'],
    [10_000, '10K'],
    [10_001, '10K'],
    [12_580, '12.5K'],
    [99_999, '99.9K'],
    [100_500, '100K'],
    [999_999, '999K'],
    [1_000_000, '1M'],
    [1_990_000, '1.9M'],
    [12_900_000, '12M'],
  ])('%i → %s', (n, text) => expect(formatFollowerCount(n)).toBe(text));
});

describe('follower freshness (decision 0503)', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

  it('asks for a re-confirmation from the 90th day', () => {
    expect(followersDueReconfirmation(daysAgo(89), now)).toBe(false);
    expect(followersDueReconfirmation(daysAgo(90), now)).toBe(true);
  });

  it('says "as of <Month YYYY>" beside every dated count, and calls it stale from the 180th day', () => {
    expect(followersAsOf(daysAgo(179), now)).toBe('as of May 2026');
    expect(followersAsOf('2026-05-01', now)).toBe('as of May 2026');
    expect(followersAsOf(null, now)).toBeNull();
    expect(followersStale(daysAgo(179), now)).toBe(false);
    expect(followersStale(daysAgo(180), now)).toBe(true);
    expect(followersStale(null, now)).toBe(false);
  });

  it('lets an admin check lapse on its 365th day; never checked is lapsed (decision 0800)', () => {
    expect(checkLapsed(daysAgo(364.9), now)).toBe(false);
    expect(checkLapsed(daysAgo(365), now)).toBe(true);
    expect(checkLapsed(null, now)).toBe(true);
  });

  it('flags a count that more than doubled and rose by more than 500, from any size (issue 23)', () => {
    expect(isFollowerJump(1_000, 2_001)).toBe(true);
    expect(isFollowerJump(1_000, 2_000)).toBe(false);
    expect(isFollowerJump(499, 5_000)).toBe(true);
    expect(isFollowerJump(499, 1_000_000_000)).toBe(true);
    expect(isFollowerJump(100, 250)).toBe(false);
    expect(isFollowerJump(0, 500)).toBe(false);
    expect(isFollowerJump(0, 501)).toBe(true);
  });
});

describe('local audience line (decision 0720)', () => {
  const audience = { share: 62, checked_on: '2027-03-15' };

  it('reads exactly as the issue asks, with the month of the day checked', () => {
    expect(localAudienceLine(audience, 'Cleveland', new Date('2027-03-20T15:00:00Z'))).toBe(
      '62% of followers in the Cleveland area (checked March 2027)',
    );
    // The day is a day in the city: checked on 31 March shows March, wherever the viewer is.
    expect(
      localAudienceLine({ share: 8, checked_on: '2027-03-31' }, 'Columbus', new Date('2027-04-01T03:00:00Z')),
    ).toBe('8% of followers in the Columbus area (checked March 2027)');
    expect(localAudienceLine(null, 'Cleveland', new Date())).toBeNull();
  });

  it('goes stale after 180 days, like a follower count', () => {
    expect(localShareIsFresh('2027-03-15', new Date('2027-09-10T23:59:00Z'))).toBe(true); // 179 days and a bit
    expect(localShareIsFresh('2027-03-15', new Date('2027-09-11T00:00:00Z'))).toBe(false); // 180 days
    expect(localAudienceLine(audience, 'Cleveland', new Date('2027-09-11T00:00:00Z'))).toBeNull();
  });
});
