import { randomUUID } from 'node:crypto';

export const AUDIT_SUBJECTS = ['creator_profile', 'amplify_submission', 'call'] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];
export const AUDIT_ACTIONS = [
  'approve',
  'reject',
  'phone_verified_on',
  'phone_verified_off',
  'status',
  'feature',
  'unfeature',
  // An approved creator changed the profile (actor: the creator), and an admin acknowledged it.
  'profile_changed',
  'changes_acknowledged',
  // An admin saw the creator's code in a platform's bio, or took that back (decision 0502).
  'handle_confirmed',
  'handle_unconfirmed',
  // A city's admin declined or closed a business's open call (issue 40; approve is above).
  'decline',
  'close',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who decided what, when, from which value to which (moderation_audit_log). Never changed. */
export class AuditEntry {
  id: string;
  actorId: string;
  actorEmail: string;
  subjectType: AuditSubject;
  subjectId: string;
  /** The subject's city (cities.slug): a city's admins read only their cities' entries. */
  citySlug: string;
  action: AuditAction;
  fromValue: string | null;
  toValue: string | null;
  notes: string | null;
  createdAt: Date;

  static record(e: Omit<AuditEntry, 'id' | 'createdAt'>, now: Date): AuditEntry {
    return Object.assign(new AuditEntry(), e, { id: randomUUID(), createdAt: now });
  }
}
