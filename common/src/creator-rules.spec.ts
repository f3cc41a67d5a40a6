import { dashboardStatus, hasFeaturedReach, isListed, publicDisplayName } from './creator-rules';
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
    expect(dashboardStatus({ approval_status: 'rejected', phone_verified: false, approval_notes: 'Add your links' }).message).toBe('Add your links');
    expect(dashboardStatus({ approval_status: 'rejected', phone_verified: false, approval_notes: null }).message).toBe(MSG.rejectedDefault);
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
    expect(hasFeaturedReach([{ name: 'X', followers: 6_000 }, { name: 'Blog', followers: 6_000 }])).toBe(false);
  });

  it('hides the name when asked, showing the first handle', () => {
    const platforms = [{ name: 'TikTok', handle: '', followers: 1 }, { name: 'Instagram', handle: 'maya', followers: 1 }];
    expect(publicDisplayName({ full_name: 'Maya B', can_use_name_publicly: false, platforms })).toBe('@maya');
    expect(publicDisplayName({ full_name: 'Maya B', can_use_name_publicly: true, platforms })).toBe('Maya B');
  });
});
