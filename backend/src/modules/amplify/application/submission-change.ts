import { SUBMISSION_STATUSES, type SubmissionStatus } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';
import type { AmplifySubmission } from '../domain/amplify-submission';

/** The one change an admin's PUT asks for; null when the body matches what is stored. */
export type SubmissionChange =
  { kind: 'status'; status: SubmissionStatus } | { kind: 'featured'; featured: boolean } | null;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads `{ status }` or `{ featured }`. react-admin's useUpdate may send the whole record with
 * the change merged in, so the body is compared with the stored row and the one field that
 * differs is the change. Other fields (business name, contact, story...) are not editable here
 * and are ignored. A body carrying neither field, a bad value, or two changes at once is a 400.
 */
export function submissionChangeFromBody(
  body: unknown,
  current: Pick<AmplifySubmission, 'status' | 'featured'>,
): SubmissionChange {
  if (!isRecord(body)) throw DomainError.invalid('AMPLIFY.BAD_BODY', 'Send status or featured', 'status');
  const { status, featured } = body;
  if (status === undefined && featured === undefined)
    throw DomainError.invalid('AMPLIFY.NO_CHANGE', 'Send status or featured', 'status');
  if (status !== undefined && !(SUBMISSION_STATUSES as readonly unknown[]).includes(status)) {
    throw DomainError.invalid('AMPLIFY.BAD_STATUS', 'Status must be pending, approved or declined', 'status');
  }
  if (featured !== undefined && typeof featured !== 'boolean')
    throw DomainError.invalid('AMPLIFY.BAD_FEATURED', 'featured must be true or false', 'featured');
  const statusChanges = status !== undefined && status !== current.status;
  const featuredChanges = featured !== undefined && featured !== current.featured;
  if (statusChanges && featuredChanges)
    throw DomainError.invalid('AMPLIFY.ONE_CHANGE', 'Change status or featured, one at a time', 'status');
  if (statusChanges) return { kind: 'status', status: status as SubmissionStatus };
  if (featuredChanges) return { kind: 'featured', featured: featured as boolean };
  return null;
}
