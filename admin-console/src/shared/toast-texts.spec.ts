import { MSG } from '@local-creators/common';
import {
  decisionFailedToast,
  decisionToast,
  errorMessage,
  phoneFailedToast,
  phoneToast,
  submissionFailedToast,
  submissionToast,
} from './toast-texts';

/** The spec's toasts (point 8), copied exactly. */
describe('console toasts', () => {
  it('approve / reject', () => {
    expect(decisionToast('approved')).toEqual({
      type: 'success',
      title: 'Approved!',
      description: 'Creator has been approved',
    });
    expect(decisionToast('rejected')).toEqual({
      type: 'success',
      title: 'Rejected',
      description: 'Creator has been rejected',
    });
    expect(decisionFailedToast()).toEqual({ type: 'error', title: 'Error', description: 'Failed to update status' });
  });

  it('phone verification', () => {
    expect(phoneToast(true)).toEqual({ type: 'success', title: 'Updated!', description: 'Phone verification enabled' });
    expect(phoneToast(false)).toEqual({
      type: 'success',
      title: 'Updated!',
      description: 'Phone verification disabled',
    });
    expect(phoneFailedToast().title).toBe('Failed to update phone verification');
  });

  it('business moderation', () => {
    expect(submissionToast({ status: 'approved' }).title).toBe('Status updated');
    expect(submissionToast({ status: 'declined' }).title).toBe('Status updated');
    expect(submissionToast({ featured: true }).title).toBe('Added to featured');
    expect(submissionToast({ featured: false }).title).toBe('Removed from featured');
    expect(
      submissionFailedToast({ status: 409, body: { statusCode: 409, message: MSG.featureNeedsApproval } }),
    ).toEqual({
      type: 'error',
      title: 'Update failed',
      description: MSG.featureNeedsApproval,
    });
    expect(submissionFailedToast(undefined)).toEqual({ type: 'error', title: 'Update failed', description: undefined });
  });

  it('reads the message of an API error body, then the error itself', () => {
    expect(
      errorMessage({
        body: { statusCode: 409, message: 'This application has already been decided' },
        message: 'Conflict',
      }),
    ).toBe('This application has already been decided');
    expect(errorMessage(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage(null)).toBe('');
    expect(errorMessage({ body: { message: 42 } })).toBe('');
  });
});
