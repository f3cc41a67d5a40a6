import type { AuditEntry } from '@local-creators/common';

/** How an audit row reads to a person (actions: backend moderation/domain/audit-entry.ts). */
const ACTIONS: Record<string, string> = {
  approve: 'Approved',
  reject: 'Rejected',
  phone_verified_on: 'Phone verification enabled',
  phone_verified_off: 'Phone verification disabled',
  status: 'Status changed',
  feature: 'Added to featured',
  unfeature: 'Removed from featured',
  profile_changed: 'Profile changed by the creator',
  changes_acknowledged: 'Changes acknowledged',
  handle_confirmed: 'Handle confirmed',
  handle_unconfirmed: 'Handle confirmation taken back',
  decline: 'Declined',
  close: 'Closed',
};

export const actionLabel = (action: string) => ACTIONS[action] ?? action;

export const SUBJECT_LABELS: Record<AuditEntry['subject_type'], string> = {
  creator_profile: 'Creator',
  amplify_submission: 'Business',
  call: 'Open call',
};

/** "pending → rejected", a single value when only one is known, '' when the row carries none. */
export function changeLabel(e: Pick<AuditEntry, 'from_value' | 'to_value'>): string {
  if (e.from_value && e.to_value) return `${e.from_value} → ${e.to_value}`;
  return e.to_value ?? e.from_value ?? '';
}
