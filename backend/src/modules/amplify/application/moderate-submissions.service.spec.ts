import type { EntityManager } from '@mikro-orm/postgresql';
import { MSG } from '@local-creators/common';
import type { Clock } from '../../../shared/clock';
import type { Principal } from '../../../shared/auth/principal';
import type { AuditTrail } from '../../moderation';
import type { Outbox } from '../../notifications';
import { AmplifySubmission } from '../domain/amplify-submission';
import { ModerateSubmissions } from './moderate-submissions.service';

const now = new Date('2026-11-22T10:00:00Z');
const admin: Principal = {
  id: 'a1',
  email: 'admin@example.com',
  emailConfirmed: true,
  roles: ['admin'],
  sessionId: 's1',
};

function setup() {
  const submission = AmplifySubmission.create(
    {
      business_name: 'Lakeside Bakery',
      contact_name: 'Rosa',
      contact_email: 'rosa@example.com',
      category: 'Food & Drink',
      story: 'Paczki since 1952.',
      website_social: null,
      neighborhood: null,
      type_of_help: [],
    },
    new Date('2026-11-01T00:00:00Z'),
    'cleveland',
  );
  const em = {
    flush: jest.fn(),
    findOne: jest.fn(async (_: unknown, where: { id: string }) => (where.id === submission.id ? submission : null)),
  };
  const audit = { record: jest.fn() };
  const outbox = { add: jest.fn(), event: jest.fn(async () => 0) };
  const useCase = new ModerateSubmissions(
    em as unknown as EntityManager,
    audit as unknown as AuditTrail,
    { now: () => now } as Clock,
    outbox as unknown as Outbox,
  );
  return { submission, em, audit, outbox, useCase };
}

describe('ModerateSubmissions.update', () => {
  it('approves, features, and declines (un-featuring), each audited and flushed once', async () => {
    const { submission, em, audit, useCase } = setup();
    expect(await useCase.update(admin, submission.id, { status: 'approved' })).toMatchObject({
      status: 'approved',
      featured: false,
    });
    expect(await useCase.update(admin, submission.id, { featured: true })).toMatchObject({
      status: 'approved',
      featured: true,
    });
    expect(await useCase.update(admin, submission.id, { status: 'declined' })).toMatchObject({
      status: 'declined',
      featured: false,
    });
    expect(audit.record.mock.calls.map((c) => c.slice(3))).toEqual([
      ['status', { from: 'pending', to: 'approved', notes: null }],
      ['feature', { from: 'false', to: 'true' }],
      ['status', { from: 'approved', to: 'declined', notes: 'Removed from featured' }],
    ]);
    expect(em.flush).toHaveBeenCalledTimes(3);
  });

  it('refuses featuring before approval (409) and writes nothing', async () => {
    const { submission, em, audit, useCase } = setup();
    await expect(useCase.update(admin, submission.id, { featured: true })).rejects.toMatchObject({
      kind: 'conflict',
      message: MSG.featureNeedsApproval,
    });
    expect(submission.featured).toBe(false);
    expect(em.flush).not.toHaveBeenCalled();
    expect(audit.record).not.toHaveBeenCalled();
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const { useCase } = setup();
    await expect(
      useCase.update(admin, '00000000-0000-4000-8000-000000000000', { status: 'approved' }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    await expect(useCase.update(admin, 'nope', { status: 'approved' })).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('refuses an unknown status without touching the row', async () => {
    const { submission, audit, useCase } = setup();
    await expect(useCase.update(admin, submission.id, { status: 'bogus' })).rejects.toMatchObject({ kind: 'invalid' });
    expect(submission.status).toBe('pending');
    expect(audit.record).not.toHaveBeenCalled();
  });
});
