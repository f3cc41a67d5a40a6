import { MSG } from '@local-creators/common';

/** The spec's toasts (point 8) as data: a title and a description, both shown verbatim. */
export interface ToastText {
  type: 'success' | 'error' | 'info';
  title: string;
  description?: string;
}

/** The `message` of an API error body ({ statusCode, message, field? }), else the error's own text. */
export function errorMessage(error: unknown): string {
  const e = error as { body?: { message?: unknown }; message?: unknown } | null | undefined;
  if (typeof e?.body?.message === 'string' && e.body.message) return e.body.message;
  return typeof e?.message === 'string' ? e.message : '';
}

export const decisionToast = (status: 'approved' | 'rejected'): ToastText => ({
  type: 'success',
  title: status === 'approved' ? MSG.adminApproved : MSG.adminRejected,
  description: MSG.adminCreatorStatus(status),
});

export const decisionFailedToast = (): ToastText => ({
  type: 'error',
  title: MSG.adminError,
  description: MSG.adminStatusFailed,
});

export const phoneToast = (verified: boolean): ToastText => ({
  type: 'success',
  title: MSG.phoneToggleUpdated,
  description: verified ? MSG.phoneVerificationEnabled : MSG.phoneVerificationDisabled,
});

export const phoneFailedToast = (): ToastText => ({ type: 'error', title: MSG.phoneToggleFailed });

export const submissionToast = (change: { status: string } | { featured: boolean }): ToastText => ({
  type: 'success',
  title: 'featured' in change ? (change.featured ? MSG.addedToFeatured : MSG.removedFromFeatured) : MSG.statusUpdated,
});

export const submissionFailedToast = (error: unknown): ToastText => ({
  type: 'error',
  title: MSG.updateFailed,
  description: errorMessage(error) || undefined,
});
