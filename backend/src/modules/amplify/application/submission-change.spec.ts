import { DomainError } from '../../../shared/domain-error';
import { submissionChangeFromBody } from './submission-change';

const pending = { status: 'pending' as const, featured: false };
const approved = { status: 'approved' as const, featured: false };
const featured = { status: 'approved' as const, featured: true };

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return `${(e as DomainError).kind}:${(e as DomainError).code}`;
  }
  return 'no error';
};

describe('submissionChangeFromBody', () => {
  it('reads a status change', () => {
    expect(submissionChangeFromBody({ status: 'approved' }, pending)).toEqual({ kind: 'status', status: 'approved' });
    expect(submissionChangeFromBody({ status: 'declined' }, featured)).toEqual({ kind: 'status', status: 'declined' });
    expect(submissionChangeFromBody({ status: 'pending' }, approved)).toEqual({ kind: 'status', status: 'pending' });
  });

  it('reads a featured change', () => {
    expect(submissionChangeFromBody({ featured: true }, approved)).toEqual({ kind: 'featured', featured: true });
    expect(submissionChangeFromBody({ featured: false }, featured)).toEqual({ kind: 'featured', featured: false });
    // The domain, not the body reader, refuses featuring a pending one.
    expect(submissionChangeFromBody({ featured: true }, pending)).toEqual({ kind: 'featured', featured: true });
  });

  it('reads the whole record react-admin sends, ignoring fields that are not editable', () => {
    const record = { id: 'x', business_name: 'Renamed', contact_email: 'evil@example.com', ...featured };
    expect(submissionChangeFromBody({ ...record, status: 'declined' }, featured)).toEqual({
      kind: 'status',
      status: 'declined',
    });
    expect(submissionChangeFromBody({ ...record, featured: false }, featured)).toEqual({
      kind: 'featured',
      featured: false,
    });
  });

  it('answers null when nothing differs (a repeated click changes nothing)', () => {
    expect(submissionChangeFromBody({ status: 'approved' }, approved)).toBeNull();
    expect(submissionChangeFromBody({ ...featured, business_name: 'x' }, featured)).toBeNull();
  });

  it.each([
    [null, 'invalid:AMPLIFY.BAD_BODY'],
    [[], 'invalid:AMPLIFY.BAD_BODY'],
    ['approved', 'invalid:AMPLIFY.BAD_BODY'],
    [{}, 'invalid:AMPLIFY.NO_CHANGE'],
    [{ business_name: 'x' }, 'invalid:AMPLIFY.NO_CHANGE'],
    [{ status: 'bogus' }, 'invalid:AMPLIFY.BAD_STATUS'],
    [{ status: null }, 'invalid:AMPLIFY.BAD_STATUS'],
    [{ status: 'APPROVED' }, 'invalid:AMPLIFY.BAD_STATUS'],
    [{ featured: 'yes' }, 'invalid:AMPLIFY.BAD_FEATURED'],
    [{ featured: 1 }, 'invalid:AMPLIFY.BAD_FEATURED'],
    [{ status: 'approved', featured: true }, 'invalid:AMPLIFY.ONE_CHANGE'],
  ])('refuses %j', (body, expected) => {
    expect(code(() => submissionChangeFromBody(body, pending))).toBe(expected);
  });
});
