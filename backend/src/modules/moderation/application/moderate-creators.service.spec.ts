import type { EntityManager } from '@mikro-orm/postgresql';
import { MSG, type ProfileInput } from '@local-creators/common';
import type { Clock } from '../../../shared/clock';
import type { CreatorRepository, HandleChecks } from '../../creator';
import type { CreatorAdminQueries } from '../../directory';
import type { AccountDirectory } from '../../identity';
import { CreatorProfile } from '../../creator';
import type { Principal } from '../../../shared/auth/principal';
import type { Outbox } from '../../notifications';
import type { AuditTrail } from './audit-trail';
import type { AppConfig } from '../../../config/app-config';
import { ModerateCreators } from './moderate-creators.service';

const input: ProfileInput = {
  full_name: 'Maya Brooks',
  phone: '216-555-0101',
  bio: 'Food and family adventures.',
  neighborhood: null,
  media_kit_url: null,
  link_hub_url: null,
  niches: ['Food'],
  platforms: [{ name: 'Instagram', handle: 'maya', url: '', followers: 100 }],
  content_types: ['Reels'],
  collab_types: ['Sponsored Post'],
  can_use_name_publicly: true,
};
const now = new Date('2026-11-22T10:00:00Z');
const admin: Principal = {
  id: 'a1',
  email: 'admin@example.com',
  emailConfirmed: true,
  roles: ['admin'],
  sessionId: 's1',
};

function setup(status: 'pending' | 'approved' | 'rejected' = 'pending') {
  const profile = CreatorProfile.create('u1', input, null, new Date('2026-11-01T00:00:00Z'));
  if (status === 'approved') profile.approve(profile.createdAt);
  if (status === 'rejected') profile.reject('old notes', profile.createdAt);
  const em = { flush: jest.fn() };
  const creators = {
    findById: jest.fn(async (id: string) => (id === profile.id ? profile : null)),
    loadPublicFacts: jest.fn(async () => undefined),
  };
  const accounts = { emailsOf: jest.fn(async (ids: string[]) => new Map(ids.map((id) => [id, 'maya@example.com']))) };
  const audit = { record: jest.fn() };
  const outbox = { add: jest.fn(), event: jest.fn(async () => 0) };
  const clock = { now: () => now };
  const useCase = new ModerateCreators(
    em as unknown as EntityManager,
    creators as unknown as CreatorRepository,
    {} as CreatorAdminQueries,
    accounts as unknown as AccountDirectory,
    audit as unknown as AuditTrail,
    outbox as unknown as Outbox,
    clock as Clock,
    {} as HandleChecks, // decisions never touch handle checks
    { cityTimeZone: 'America/New_York' } as AppConfig,
  );
  return { profile, em, audit, outbox, useCase };
}

describe('ModerateCreators.decide', () => {
  it('approves: domain transition, audit row and approval mail, one flush', async () => {
    const { profile, em, audit, outbox, useCase } = setup();
    const dto = await useCase.decide(admin, profile.id, { approval_status: 'approved' });
    expect(dto).toMatchObject({
      approval_status: 'approved',
      is_public: true,
      phone_verified: true,
      email: 'maya@example.com',
      decided_at: now.toISOString(),
    });
    expect(audit.record).toHaveBeenCalledWith(admin, 'creator_profile', profile, 'approve', {
      from: 'pending',
      to: 'approved',
    });
    expect(outbox.add).toHaveBeenCalledWith('creator-approved', {
      email: 'maya@example.com',
      name: 'Maya Brooks',
      profileId: profile.id,
    });
    expect(em.flush).toHaveBeenCalledTimes(1);
  });

  it("tells the partners' webhooks when a decision lists or unlists the creator, and only then (decision 0810)", async () => {
    const listed = setup('pending');
    await listed.useCase.decide(admin, listed.profile.id, { approval_status: 'approved' });
    expect(listed.outbox.event).toHaveBeenCalledWith(
      'creator.listed',
      { creator: expect.objectContaining({ id: listed.profile.id, verified: true }) },
      now,
    );
    const creator = (listed.outbox.event.mock.calls[0] as unknown[])[1] as { creator: Record<string, unknown> };
    for (const secret of ['phone', 'email', 'user_id', 'full_name']) expect(creator.creator).not.toHaveProperty(secret);

    const unlisted = setup('approved');
    await unlisted.useCase.decide(admin, unlisted.profile.id, { phone_verified: false });
    expect(unlisted.outbox.event).toHaveBeenCalledWith(
      'creator.unlisted',
      { creator: { id: unlisted.profile.id } },
      now,
    );

    const neither = setup('pending');
    await neither.useCase.decide(admin, neither.profile.id, { approval_status: 'rejected' });
    expect(neither.outbox.event).not.toHaveBeenCalled();
  });

  it('rejects with notes: audit row with the notes and the rejection mail', async () => {
    const { profile, audit, outbox, em, useCase } = setup('approved');
    await useCase.decide(admin, profile.id, { approval_status: 'rejected', approval_notes: ' Fake followers ' });
    expect(profile).toMatchObject({
      approvalStatus: 'rejected',
      isPublic: false,
      phoneVerified: false,
      approvalNotes: 'Fake followers',
    });
    expect(audit.record).toHaveBeenCalledWith(admin, 'creator_profile', profile, 'reject', {
      from: 'approved',
      to: 'rejected',
      notes: 'Fake followers',
    });
    expect(outbox.add).toHaveBeenCalledWith('creator-rejected', {
      email: 'maya@example.com',
      name: 'Maya Brooks',
      notes: 'Fake followers',
      citySlug: 'cleveland',
    });
    expect(em.flush).toHaveBeenCalledTimes(1);
  });

  it('toggles phone verification with an audit row and tells the creator (issue 23)', async () => {
    const { profile, audit, outbox, useCase } = setup('approved');
    await useCase.decide(admin, profile.id, { phone_verified: false });
    expect(profile.phoneVerified).toBe(false);
    expect(audit.record).toHaveBeenCalledWith(admin, 'creator_profile', profile, 'phone_verified_off', {
      from: 'true',
      to: 'false',
    });
    expect(outbox.add).toHaveBeenCalledWith(
      'creator-phone-verification',
      expect.objectContaining({ email: 'maya@example.com', verified: false }),
    );
  });

  it('refuses phone verification before approval and writes nothing', async () => {
    const { profile, em, audit, outbox, useCase } = setup('pending');
    await expect(useCase.decide(admin, profile.id, { phone_verified: true })).rejects.toMatchObject({
      kind: 'conflict',
      message: MSG.phoneToggleNeedsApproval,
    });
    expect(profile.phoneVerified).toBe(false);
    expect([em.flush, audit.record, outbox.add].map((f) => f.mock.calls.length)).toEqual([0, 0, 0]);
  });

  it('writes nothing for a body that changes nothing', async () => {
    const { profile, em, audit, outbox, useCase } = setup('approved');
    const dto = await useCase.decide(admin, profile.id, { approval_status: 'approved' });
    expect(dto.approval_status).toBe('approved');
    expect([em.flush, audit.record, outbox.add].map((f) => f.mock.calls.length)).toEqual([0, 0, 0]);
  });

  it('answers 404 with the spec text for an unknown creator', async () => {
    const { useCase } = setup();
    await expect(useCase.decide(admin, 'nope', { approval_status: 'approved' })).rejects.toMatchObject({
      kind: 'not_found',
      message: MSG.profileNotFound,
    });
  });
});
