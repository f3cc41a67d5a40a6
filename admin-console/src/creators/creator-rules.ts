import type { AdminCreator, ApprovalStatus } from '@local-creators/common';

/** Small pure rules of the creator screens (unit-tested beside). */

export const STATUS_FILTERS = ['all', 'pending', 'approved', 'rejected'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const statusLabel = (status: StatusFilter | ApprovalStatus) => status[0]!.toUpperCase() + status.slice(1);

/** The server filter of /admin/all: `q` (name, neighborhood, niche) and `approval_status`, each only when set. */
export function creatorFilter(q: string, status: StatusFilter): { q?: string; approval_status?: ApprovalStatus } {
  const text = q.trim();
  return { ...(text ? { q: text } : {}), ...(status !== 'all' ? { approval_status: status } : {}) };
}

/** Read a status back from a list filter (URL-synced, so it may hold anything). */
export const statusOf = (filter: { approval_status?: unknown }): StatusFilter =>
  (STATUS_FILTERS as readonly unknown[]).includes(filter.approval_status)
    ? (filter.approval_status as StatusFilter)
    : 'all';

export const SORTS = [
  { id: 'newest', label: 'Newest applications', sort: { field: 'created_at', order: 'DESC' } },
  { id: 'updated', label: 'Recently updated', sort: { field: 'updated_at', order: 'DESC' } },
  { id: 'name', label: 'Name A–Z', sort: { field: 'full_name', order: 'ASC' } },
] as const;

export const sortIdOf = (sort: { field: string; order: string }) =>
  SORTS.find((s) => s.sort.field === sort.field && s.sort.order === sort.order)?.id ?? 'newest';

/**
 * A rejected creator who edited the profile after the last decision (docs/decisions/0101): the
 * console marks them so an admin can look again.
 */
export const editedSinceDecision = (c: Pick<AdminCreator, 'approval_status' | 'decided_at' | 'updated_at'>) =>
  c.approval_status === 'rejected' && !!c.decided_at && Date.parse(c.updated_at) > Date.parse(c.decided_at);

/** How a changed value reads in the console: '—' for nothing. */
export const changeValue = (v: string | null) => v ?? '—';

export type Decision = 'approved' | 'rejected';

/**
 * The PUT body of a decision; the server applies the transition (docs/api.md, decisions 0104)
 * only to the version the admin saw (decision 0106). Notes go with a rejection only (0107).
 */
export const decisionBody = (decision: Decision, notes: string, version: number) =>
  decision === 'approved'
    ? { approval_status: 'approved' as const, version }
    : { approval_status: 'rejected' as const, approval_notes: notes.trim() || null, version };

/** Notes are sent with a rejection; typed notes hold the Approve button back instead of being dropped. */
export const notesBlockApproval = (notes: string) => notes.trim() !== '';

const isLive = (c: Pick<AdminCreator, 'approval_status' | 'is_public' | 'phone_verified'>) =>
  c.approval_status === 'approved' && c.is_public && c.phone_verified;

/** What the confirmation before a rejection says (decision 0106: destructive clicks ask first). */
export function rejectConfirmText(
  c: Pick<AdminCreator, 'full_name' | 'approval_status' | 'is_public' | 'phone_verified'>,
  notes: string,
) {
  const mail = notes.trim()
    ? 'They will be e-mailed your notes.'
    : 'They will be e-mailed that the application was not approved (no notes).';
  const live = isLive(c)
    ? 'They are live in the directory: rejecting takes them off it at once. '
    : c.approval_status === 'approved'
      ? 'Rejecting removes their approval. '
      : '';
  return { title: `Reject ${c.full_name}?`, body: `${live}${mail}`, confirm: 'Reject' };
}

/** Turning the phone off takes an approved creator out of the directory. */
export const phoneOffConfirmText = (c: Pick<AdminCreator, 'full_name'>) => ({
  title: `Turn off phone verification for ${c.full_name}?`,
  body: 'They lose the verified badge and leave the public directory until it is turned on again.',
  confirm: 'Turn off',
});

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
/** Counts print as on the public pages ("1,234"). */
export { formatCount } from '@local-creators/common';
