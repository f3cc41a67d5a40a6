import { LIMITS } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';
import { decisionFromBody } from './creator-decision';

const pending = { approvalStatus: 'pending' as const, approvalNotes: null, phoneVerified: false };
const approved = { approvalStatus: 'approved' as const, approvalNotes: null, phoneVerified: true };
const unverified = { ...approved, phoneVerified: false };
const rejected = { approvalStatus: 'rejected' as const, approvalNotes: 'Add your TikTok', phoneVerified: false };

/** A whole AdminCreator record as react-admin holds it. */
const record = (p: { approvalStatus: string; approvalNotes: string | null; phoneVerified: boolean }) => ({
  id: 'c1',
  full_name: 'Maya Brooks',
  bio: 'Food and family.',
  is_public: p.approvalStatus === 'approved',
  email: 'maya@example.com',
  approval_status: p.approvalStatus,
  approval_notes: p.approvalNotes,
  phone_verified: p.phoneVerified,
});

const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return `${(e as DomainError).kind}:${(e as DomainError).code}`;
  }
  return 'no error';
};

describe('decisionFromBody', () => {
  it.each([pending, rejected])('approves from %j (any status may be re-decided)', (current) => {
    expect(decisionFromBody({ approval_status: 'approved' }, current)).toEqual({ kind: 'approve' });
  });

  it.each([pending, approved])('rejects from %j, with notes trimmed or null', (current) => {
    expect(decisionFromBody({ approval_status: 'rejected', approval_notes: '  Add links  ' }, current)).toEqual({
      kind: 'reject',
      notes: 'Add links',
    });
    expect(decisionFromBody({ approval_status: 'rejected', approval_notes: '   ' }, current)).toEqual({
      kind: 'reject',
      notes: null,
    });
    expect(decisionFromBody({ approval_status: 'rejected', approval_notes: null }, current)).toEqual({
      kind: 'reject',
      notes: null,
    });
    expect(decisionFromBody({ approval_status: 'rejected' }, current)).toEqual({ kind: 'reject', notes: null });
  });

  it('updates the notes of a rejected profile when they differ, and does nothing when they do not', () => {
    expect(decisionFromBody({ approval_status: 'rejected', approval_notes: 'Now add YouTube' }, rejected)).toEqual({
      kind: 'reject',
      notes: 'Now add YouTube',
    });
    expect(decisionFromBody({ approval_status: 'rejected', approval_notes: '' }, rejected)).toEqual({
      kind: 'reject',
      notes: null,
    });
    expect(decisionFromBody({ approval_status: 'rejected', approval_notes: ' Add your TikTok ' }, rejected)).toBeNull();
    expect(decisionFromBody({ approval_status: 'rejected' }, rejected)).toBeNull();
  });

  it('toggles phone verification (the domain checks that the creator is approved)', () => {
    expect(decisionFromBody({ phone_verified: false }, approved)).toEqual({ kind: 'phone', verified: false });
    expect(decisionFromBody({ phone_verified: true }, unverified)).toEqual({ kind: 'phone', verified: true });
    expect(decisionFromBody({ phone_verified: true }, pending)).toEqual({ kind: 'phone', verified: true });
  });

  it('passes a bare phone_verified on a creator who is not approved to the domain (which refuses it), even when it matches', () => {
    expect(decisionFromBody({ phone_verified: false }, pending)).toEqual({ kind: 'phone', verified: false });
    expect(decisionFromBody({ phone_verified: false }, rejected)).toEqual({ kind: 'phone', verified: false });
    expect(decisionFromBody({ ...record(pending) }, pending)).toBeNull(); // a whole unchanged record is not a request
  });

  it('is idempotent: a repeated click changes nothing and mails nobody', () => {
    expect(decisionFromBody({ approval_status: 'approved' }, approved)).toBeNull();
    expect(decisionFromBody({ approval_status: 'approved' }, unverified)).toBeNull(); // does not re-verify
    expect(decisionFromBody({ phone_verified: true }, approved)).toBeNull();
    expect(decisionFromBody({ approval_status: 'pending' }, pending)).toBeNull();
  });

  describe("react-admin's whole record", () => {
    it('finds the one field that changed', () => {
      expect(decisionFromBody({ ...record(pending), approval_status: 'approved' }, pending)).toEqual({
        kind: 'approve',
      });
      expect(decisionFromBody({ ...record(approved), phone_verified: false }, approved)).toEqual({
        kind: 'phone',
        verified: false,
      });
      expect(decisionFromBody({ ...record(rejected), approval_status: 'approved' }, rejected)).toEqual({
        kind: 'approve',
      });
      expect(
        decisionFromBody({ ...record(pending), approval_status: 'rejected', approval_notes: 'No links' }, pending),
      ).toEqual({
        kind: 'reject',
        notes: 'No links',
      });
    });

    it('ignores fields admins may not change', () => {
      expect(
        decisionFromBody({ ...record(approved), full_name: 'Hacked', is_public: false, email: 'x@y.z' }, approved),
      ).toBeNull();
      expect(
        decisionFromBody({ ...record(unverified), full_name: 'Hacked', phone_verified: true }, unverified),
      ).toEqual({ kind: 'phone', verified: true });
    });

    it('lets a status change win over phone_verified in the same body', () => {
      expect(decisionFromBody({ approval_status: 'approved', phone_verified: false }, pending)).toEqual({
        kind: 'approve',
      });
      expect(decisionFromBody({ approval_status: 'rejected', phone_verified: true }, approved)).toEqual({
        kind: 'reject',
        notes: null,
      });
    });
  });

  it.each([
    [null, 'invalid:MODERATION.BAD_BODY'],
    [[], 'invalid:MODERATION.BAD_BODY'],
    ['approved', 'invalid:MODERATION.BAD_BODY'],
    [{}, 'invalid:MODERATION.NO_CHANGE'],
    [{ full_name: 'Hacked' }, 'invalid:MODERATION.NO_CHANGE'],
    [{ approval_notes: 'only notes' }, 'invalid:MODERATION.NO_CHANGE'],
    [{ approval_status: 'bogus' }, 'invalid:MODERATION.BAD_STATUS'],
    [{ approval_status: null }, 'invalid:MODERATION.BAD_STATUS'],
    [{ approval_status: 'rejected', approval_notes: 42 }, 'invalid:MODERATION.BAD_NOTES'],
    [
      { approval_status: 'rejected', approval_notes: 'x'.repeat(LIMITS.adminNotesMax + 1) },
      'invalid:MODERATION.NOTES_TOO_LONG',
    ],
    [{ phone_verified: 'yes' }, 'invalid:MODERATION.BAD_PHONE'],
    [{ phone_verified: null }, 'invalid:MODERATION.BAD_PHONE'],
  ])('refuses %j', (body, expected) => {
    expect(failure(() => decisionFromBody(body, pending))).toBe(expected);
  });

  it('refuses new notes sent with an approval (they belong to a rejection), but not the stored ones of a whole record', () => {
    expect(failure(() => decisionFromBody({ approval_status: 'approved', approval_notes: 'Welcome!' }, pending))).toBe(
      'invalid:MODERATION.NOTES_WITH_APPROVAL',
    );
    expect(failure(() => decisionFromBody({ approval_status: 'approved', approval_notes: 'Now fine' }, rejected))).toBe(
      'invalid:MODERATION.NOTES_WITH_APPROVAL',
    );
    expect(decisionFromBody({ approval_status: 'approved', approval_notes: '  ' }, pending)).toEqual({
      kind: 'approve',
    });
    expect(decisionFromBody({ ...record(rejected), approval_status: 'approved' }, rejected)).toEqual({
      kind: 'approve',
    });
  });

  it('accepts notes exactly at the limit', () => {
    expect(
      decisionFromBody({ approval_status: 'rejected', approval_notes: 'x'.repeat(LIMITS.adminNotesMax) }, pending),
    ).toEqual({
      kind: 'reject',
      notes: 'x'.repeat(LIMITS.adminNotesMax),
    });
  });

  it('refuses sending a decided application back to pending', () => {
    expect(failure(() => decisionFromBody({ approval_status: 'pending' }, approved))).toBe(
      'invalid:MODERATION.BACK_TO_PENDING',
    );
    expect(failure(() => decisionFromBody({ ...record(rejected), approval_status: 'pending' }, rejected))).toBe(
      'invalid:MODERATION.BACK_TO_PENDING',
    );
  });
});
