import { APPROVAL_STATUSES, LIMITS, MSG } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';
import type { CreatorProfile } from '../../creator';

/** What an admin asked for; null when the body matches what is stored (nothing to do). */
export type CreatorDecision =
  { kind: 'approve' } | { kind: 'reject'; notes: string | null } | { kind: 'phone'; verified: boolean } | null;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const normalizeNotes = (notes: string | null) => (notes?.trim() ? notes.trim() : null);

/**
 * The one transition a PUT body asks for:
 *  - `{ approval_status: 'approved' }`, `{ approval_status: 'rejected', approval_notes? }`, `{ phone_verified }`;
 *  - or react-admin's whole record with the change merged in: the body is compared with the
 *    stored profile, and the field that differs is the change.
 * Fields admins may not change (name, bio, is_public, ...) are ignored. A status change wins
 * over phone_verified in the same body (approve verifies, reject un-verifies). Rejecting an
 * already rejected profile with other notes updates the notes (and mails them again). Notes
 * sent with an approval are refused (400) unless they are the stored ones (a whole record).
 * The record's `version` is read separately (shared/expected-version).
 */
export function decisionFromBody(
  body: unknown,
  current: Pick<CreatorProfile, 'approvalStatus' | 'approvalNotes' | 'phoneVerified'>,
): CreatorDecision {
  if (!isRecord(body))
    throw DomainError.invalid('MODERATION.BAD_BODY', 'Send approval_status or phone_verified', 'approval_status');
  const { approval_status: status, approval_notes: rawNotes, phone_verified: phone } = body;
  if (status === undefined && phone === undefined) {
    throw DomainError.invalid('MODERATION.NO_CHANGE', 'Send approval_status or phone_verified', 'approval_status');
  }
  if (status !== undefined && !(APPROVAL_STATUSES as readonly unknown[]).includes(status)) {
    throw DomainError.invalid(
      'MODERATION.BAD_STATUS',
      'approval_status must be approved or rejected',
      'approval_status',
    );
  }
  if (rawNotes !== undefined && rawNotes !== null && typeof rawNotes !== 'string') {
    throw DomainError.invalid('MODERATION.BAD_NOTES', 'Admin notes must be text', 'approval_notes');
  }
  const notes = rawNotes === undefined ? undefined : normalizeNotes(rawNotes as string | null);
  if (notes && notes.length > LIMITS.adminNotesMax) {
    throw DomainError.invalid(
      'MODERATION.NOTES_TOO_LONG',
      `Admin notes must be at most ${LIMITS.adminNotesMax} characters`,
      'approval_notes',
    );
  }
  if (phone !== undefined && typeof phone !== 'boolean') {
    throw DomainError.invalid('MODERATION.BAD_PHONE', 'phone_verified must be true or false', 'phone_verified');
  }

  if (status === 'approved' && current.approvalStatus !== 'approved' && notes && notes !== current.approvalNotes) {
    // Notes belong to a rejection; an approval never carries them (nor drops them silently).
    throw DomainError.invalid('MODERATION.NOTES_WITH_APPROVAL', MSG.notesOnlyWithRejection, 'approval_notes');
  }
  if (status !== undefined && status !== current.approvalStatus) {
    if (status === 'approved') return { kind: 'approve' };
    if (status === 'rejected') return { kind: 'reject', notes: notes ?? null };
    throw DomainError.invalid(
      'MODERATION.BACK_TO_PENDING',
      'A decided application cannot go back to pending',
      'approval_status',
    );
  }
  if (
    current.approvalStatus === 'rejected' &&
    status === 'rejected' &&
    notes !== undefined &&
    notes !== current.approvalNotes
  ) {
    return { kind: 'reject', notes };
  }
  if (phone !== undefined) {
    // A bare `{ phone_verified }` is an explicit request: on a creator who is not approved the
    // domain refuses it (409) even when the value already matches.
    const explicit = status === undefined && current.approvalStatus !== 'approved';
    if (phone !== current.phoneVerified || explicit) return { kind: 'phone', verified: phone as boolean };
  }
  return null;
}
