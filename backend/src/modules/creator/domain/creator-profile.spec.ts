import { MSG, type ProfileInput } from '@local-creators/common';
import { CreatorProfile } from './creator-profile';

const input: ProfileInput = {
  full_name: 'Maya Brooks',
  phone: '216-555-0101',
  bio: 'Food and family adventures around Cleveland.',
  neighborhood: 'Tremont',
  media_kit_url: null,
  link_hub_url: null,
  niches: ['Food'],
  platforms: [
    { name: 'Instagram', handle: 'maya', url: '', followers: 12_000 },
    { name: 'TikTok', handle: 'maya', url: '', followers: 3_000 },
  ],
  content_types: ['Reels'],
  collab_types: ['Sponsored Post'],
  can_use_name_publicly: true,
};
const now = new Date('2026-11-01T12:00:00Z');
const later = new Date('2026-11-02T12:00:00Z');

describe('CreatorProfile', () => {
  it('starts pending, not public, not verified, in Cleveland', () => {
    const p = CreatorProfile.create('u1', input, null, now);
    expect(p).toMatchObject({
      approvalStatus: 'pending',
      isPublic: false,
      phoneVerified: false,
      city: 'Cleveland',
      totalFollowers: 15_000,
    });
    expect(p.isListed).toBe(false);
  });

  it('approve sets approved, public and phone verified together', () => {
    const p = CreatorProfile.create('u1', input, null, now);
    p.approve(later);
    expect(p).toMatchObject({ approvalStatus: 'approved', isPublic: true, phoneVerified: true, decidedAt: later });
    expect(p.isListed).toBe(true);
  });

  it('reject clears public and verified and stores notes, null when empty', () => {
    const p = CreatorProfile.create('u1', input, null, now);
    p.approve(now);
    p.reject('  Please add a link to your TikTok. ', later);
    expect(p).toMatchObject({
      approvalStatus: 'rejected',
      isPublic: false,
      phoneVerified: false,
      approvalNotes: 'Please add a link to your TikTok.',
    });
    p.reject('   ', later);
    expect(p.approvalNotes).toBeNull();
  });

  it('editing keeps the approval status', () => {
    const p = CreatorProfile.create('u1', input, null, now);
    p.approve(now);
    p.update({ ...input, bio: 'A brand new bio, still local.' }, null, later);
    expect(p).toMatchObject({
      approvalStatus: 'approved',
      isPublic: true,
      phoneVerified: true,
      bio: 'A brand new bio, still local.',
    });
  });

  it('toggles phone verification only when approved, leaving the directory when off', () => {
    const p = CreatorProfile.create('u1', input, null, now);
    expect(() => p.setPhoneVerified(true, later)).toThrow(MSG.phoneToggleNeedsApproval);
    p.approve(now);
    p.setPhoneVerified(false, later);
    expect(p.isListed).toBe(false);
    p.setPhoneVerified(true, later);
    expect(p.isListed).toBe(true);
  });

  it('rejects a pending application with notes, and refuses the phone toggle while rejected', () => {
    const p = CreatorProfile.create('u1', input, null, now);
    p.reject(null, later);
    expect(p).toMatchObject({
      approvalStatus: 'rejected',
      isPublic: false,
      phoneVerified: false,
      approvalNotes: null,
      decidedAt: later,
    });
    let thrown: unknown;
    try {
      p.setPhoneVerified(true, later);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      kind: 'conflict',
      code: 'MODERATION.NOT_APPROVED',
      message: MSG.phoneToggleNeedsApproval,
    });
    expect(p.phoneVerified).toBe(false);
  });

  it('an edit after a rejection stays rejected and keeps the notes', () => {
    const p = CreatorProfile.create('u1', input, null, now);
    p.reject('Add your TikTok link.', now);
    p.update(
      { ...input, platforms: [{ name: 'TikTok', handle: 'maya', url: 'https://tiktok.com/@maya', followers: 500 }] },
      null,
      later,
    );
    expect(p).toMatchObject({
      approvalStatus: 'rejected',
      isPublic: false,
      approvalNotes: 'Add your TikTok link.',
      totalFollowers: 500,
      updatedAt: later,
    });
  });

  it('keeps the photo on create and update as given, and changes it alone through setImage', () => {
    const p = CreatorProfile.create('u1', input, '/storage/profile-images/u1/profile.webp?v=1', now);
    expect(p.profileImageUrl).toBe('/storage/profile-images/u1/profile.webp?v=1');
    p.setImage(null, null, later);
    expect(p).toMatchObject({ profileImageUrl: null, updatedAt: later, approvalStatus: 'pending' });
  });

  it('keeps the avatar size of a photo only while the photo stays the same', () => {
    const p = CreatorProfile.create('u1', input, null, now);
    p.setImage('/storage/p/u1/profile.webp?v=2', '/storage/p/u1/avatar.webp?v=2', later);
    p.update(input, '/storage/p/u1/profile.webp?v=2', later);
    expect(p.profileImageSmallUrl).toBe('/storage/p/u1/avatar.webp?v=2');
    p.update(input, '/storage/p/u1/profile.webp?v=3', later);
    expect(p.profileImageSmallUrl).toBeNull();
    p.setImage(null, '/storage/p/u1/avatar.webp?v=3', later);
    expect([p.profileImageUrl, p.profileImageSmallUrl]).toEqual([null, null]);
  });

  it('a new profile takes the city it is given: its name and its slug', () => {
    const p = CreatorProfile.create('u1', input, null, now, { name: 'Akron', slug: 'akron' });
    expect({ city: p.city, citySlug: p.citySlug }).toEqual({ city: 'Akron', citySlug: 'akron' });
  });

  it("approving clears an earlier rejection's notes", () => {
    const p = CreatorProfile.create('u1', input, null, now);
    p.reject('Add your TikTok', now);
    p.approve(later);
    expect(p).toMatchObject({ approvalStatus: 'approved', approvalNotes: null });
  });

  it('an approved profile reports what changed since verification, until acknowledged', () => {
    const p = CreatorProfile.create('u1', input, null, now);
    const reviewed = { ...input, bio: 'Edited while pending, reviewed as is.' };
    expect(p.update(reviewed, null, now)).toMatchObject({
      approvedProfileChanged: false,
      firstSinceVerification: false,
    });
    p.approve(now);
    expect(p.changesSinceVerification).toEqual([]);
    const first = p.update(
      { ...reviewed, full_name: 'Someone Else', link_hub_url: 'https://x.example.com' },
      null,
      later,
    );
    expect(first).toMatchObject({ approvedProfileChanged: true, firstSinceVerification: true });
    expect(first.changes.map((c) => c.field)).toEqual(['full_name', 'link_hub_url']);
    expect(p).toMatchObject({ approvalStatus: 'approved', isListed: true, contentChangedAt: later });
    const second = p.update(
      { ...reviewed, full_name: 'Someone Else', link_hub_url: 'https://x.example.com', niches: ['Food', 'Music'] },
      null,
      later,
    );
    expect(second).toMatchObject({ approvedProfileChanged: true, firstSinceVerification: false });
    expect(p.changesSinceVerification.map((c) => c.field)).toEqual(['full_name', 'niches', 'link_hub_url']);
    p.acknowledgeChanges();
    expect(p.changesSinceVerification).toEqual([]);
    expect(p.contentChangedAt).toBeNull();
    // Changing it back after an acknowledgement is a change again.
    expect(p.update(reviewed, null, later).changes.map((c) => c.field)).toEqual([
      'full_name',
      'niches',
      'link_hub_url',
    ]);
    p.reject(null, later);
    expect(p.changesSinceVerification).toEqual([]);
  });

  it('an approved row without a verified copy (seeded in SQL) counts as verified as it was before the edit', () => {
    const p = CreatorProfile.create('u1', input, null, now);
    p.approve(now);
    p.verifiedContent = null;
    expect(p.update({ ...input, bio: 'Changed after a seed wrote the row.' }, null, later)).toMatchObject({
      approvedProfileChanged: true,
      firstSinceVerification: true,
    });
    expect(p.changesSinceVerification.map((c) => c.field)).toEqual(['bio']);
  });
});
