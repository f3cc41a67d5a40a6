import { MSG, SUBMISSION_STATUSES, type AmplifySubmissionInput, type SubmissionStatus } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';
import { AmplifySubmission } from './amplify-submission';

const now = new Date('2026-11-01T00:00:00Z');
const later = new Date('2026-11-02T00:00:00Z');
const input: AmplifySubmissionInput = {
  business_name: 'Lakeside Bakery',
  contact_name: 'Rosa',
  contact_email: 'rosa@example.com',
  category: 'Food & Drink',
  story: 'x'.repeat(150),
  website_social: null,
  neighborhood: 'Ohio City',
  type_of_help: ['Event promotion'],
};

function inState(status: SubmissionStatus, featured = false) {
  const s = AmplifySubmission.create(input, now, 'cleveland');
  s.setStatus(status, now);
  if (featured) s.feature(now);
  return s;
}

const conflict = (fn: () => void) => {
  try {
    fn();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a DomainError');
};

describe('AmplifySubmission', () => {
  describe('create', () => {
    it('starts pending, not featured, without logo, titled by the first 100 characters of the story', () => {
      const s = AmplifySubmission.create(input, now, 'cleveland');
      expect(s).toMatchObject({
        status: 'pending',
        featured: false,
        logoUrl: null,
        title: 'x'.repeat(100),
        description: 'x'.repeat(150),
        businessName: 'Lakeside Bakery',
        category: 'Food & Drink',
        typeOfHelp: ['Event promotion'],
        createdAt: now,
        updatedAt: now,
      });
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(s.acceptsIntroductions).toBe(false);
    });

    it('keeps a short story whole as the title', () => {
      expect(AmplifySubmission.create({ ...input, story: 'Short story.' }, now, 'cleveland').title).toBe(
        'Short story.',
      );
      expect(AmplifySubmission.create({ ...input, story: 'y'.repeat(100) }, now, 'cleveland').title).toBe(
        'y'.repeat(100),
      );
    });
  });

  describe('status', () => {
    it.each(SUBMISSION_STATUSES.flatMap((from) => SUBMISSION_STATUSES.map((to) => [from, to] as const)))(
      'may go from %s to %s (any change from any state)',
      (from, to) => {
        const s = inState(from);
        s.setStatus(to, later);
        expect(s.status).toBe(to);
        expect(s.updatedAt).toBe(later);
      },
    );

    it('approve() and decline() are the two admin buttons', () => {
      const s = AmplifySubmission.create(input, now, 'cleveland');
      s.approve(later);
      expect(s.status).toBe('approved');
      s.decline(later);
      expect(s.status).toBe('declined');
      s.approve(later);
      expect(s.status).toBe('approved');
    });

    it('asks for the "featured" mail the first time only, however often it is switched', () => {
      const s = inState('approved');
      expect(s.feature(now)).toBe(true);
      s.unfeature(later);
      expect(s.feature(later)).toBe(false);
      s.setStatus('declined', later);
      s.setStatus('approved', later);
      expect(s.feature(later)).toBe(false);
      expect(s.featuredMailSentAt).toEqual(now);
    });

    it.each(['declined', 'pending'] as const)('leaving approved for %s also un-features', (to) => {
      const s = inState('approved', true);
      s.setStatus(to, later);
      expect(s).toMatchObject({ status: to, featured: false });
      s.approve(later);
      expect(s.featured).toBe(false); // re-approval does not bring the feature back
    });

    it('staying approved keeps the feature', () => {
      const s = inState('approved', true);
      s.setStatus('approved', later);
      expect(s.featured).toBe(true);
    });
  });

  describe('featured', () => {
    it.each(['pending', 'declined'] as const)('cannot be featured while %s (409 with the message)', (status) => {
      const s = inState(status);
      const error = conflict(() => s.feature(later));
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ kind: 'conflict', message: MSG.featureNeedsApproval });
      expect(s.featured).toBe(false);
      expect(s.updatedAt).toBe(now);
    });

    it('is featured and un-featured while approved', () => {
      const s = inState('approved');
      s.feature(later);
      expect(s.featured).toBe(true);
      s.unfeature(later);
      expect(s.featured).toBe(false);
    });

    it('can always be un-featured', () => {
      for (const status of SUBMISSION_STATUSES) {
        const s = inState(status);
        s.unfeature(later);
        expect(s.featured).toBe(false);
      }
    });
  });

  it.each([
    ['pending', false, false],
    ['declined', false, false],
    ['approved', false, false],
    ['approved', true, true],
  ] as const)('accepts introductions when %s and featured=%s: %s', (status, featured, accepts) => {
    expect(inState(status, featured).acceptsIntroductions).toBe(accepts);
  });

  it('records a logo', () => {
    const s = AmplifySubmission.create(input, now, 'cleveland');
    s.setLogo('http://localhost:3000/storage/business-logos/x/logo.webp', later);
    expect(s).toMatchObject({ logoUrl: 'http://localhost:3000/storage/business-logos/x/logo.webp', updatedAt: later });
  });
});
