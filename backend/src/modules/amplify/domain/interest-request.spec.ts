import { INTRO_CONFIRM_HOURS, MSG, type InterestRequestInput } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';
import { InterestRequest, sameAddress } from './interest-request';

const input: InterestRequestInput = {
  creator_name: 'Maya',
  creator_email: 'maya@example.com',
  creator_links: null,
  message: 'Hi',
};
const now = new Date('2026-11-23T10:00:00Z');
const at = (hours: number) => new Date(now.getTime() + hours * 3600_000);
const errorOf = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('no error');
};

describe('InterestRequest', () => {
  it('from a proven address is confirmed when made, with no link', () => {
    const r = InterestRequest.confirmed({ id: 'sub-1', citySlug: 'akron' }, input, now);
    expect(r).toMatchObject({
      submissionId: 'sub-1',
      creatorName: 'Maya',
      creatorEmail: 'maya@example.com',
      creatorLinks: null,
      message: 'Hi',
      createdAt: now,
      confirmedAt: now,
      confirmTokenHash: null,
      confirmExpiresAt: null,
    });
  });

  it(`from any other address waits for its link, for ${INTRO_CONFIRM_HOURS} hours`, () => {
    const r = InterestRequest.awaitingConfirmation({ id: 'sub-1', citySlug: 'akron' }, input, now, 'a'.repeat(64));
    expect(r).toMatchObject({
      confirmedAt: null,
      confirmTokenHash: 'a'.repeat(64),
      confirmExpiresAt: at(INTRO_CONFIRM_HOURS),
    });
  });

  it('is confirmed once, before the link expires', () => {
    const r = InterestRequest.awaitingConfirmation({ id: 'sub-1', citySlug: 'akron' }, input, now, 'a'.repeat(64));
    r.confirm(at(INTRO_CONFIRM_HOURS - 0.01));
    expect(r.confirmedAt).toEqual(at(INTRO_CONFIRM_HOURS - 0.01));
    expect(errorOf(() => r.confirm(at(INTRO_CONFIRM_HOURS - 0.001)))).toMatchObject({
      kind: 'conflict',
      message: MSG.interestLinkUsed,
    });
    const late = InterestRequest.awaitingConfirmation({ id: 'sub-1', citySlug: 'akron' }, input, now, 'b'.repeat(64));
    expect(errorOf(() => late.confirm(at(INTRO_CONFIRM_HOURS)))).toMatchObject({
      kind: 'gone',
      message: MSG.interestLinkExpired,
    });
    expect(late.confirmedAt).toBeNull();
  });

  it('compares addresses without case or spaces', () => {
    expect(sameAddress(' Maya@Example.com ', 'maya@example.com')).toBe(true);
    expect(sameAddress('maya@example.com', 'maya@example.org')).toBe(false);
  });
});
