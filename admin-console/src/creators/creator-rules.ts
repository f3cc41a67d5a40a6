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
  (STATUS_FILTERS as readonly unknown[]).includes(filter.approval_status) ? (filter.approval_status as StatusFilter) : 'all';

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

export type Decision = 'approved' | 'rejected';

/** The PUT body of a decision; the server applies the transition (docs/api.md, decisions 0104). */
export const decisionBody = (decision: Decision, notes: string) =>
  decision === 'approved' ? { approval_status: 'approved' as const } : { approval_status: 'rejected' as const, approval_notes: notes.trim() || null };

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
export const formatCount = (n: number) => n.toLocaleString('en-US');
