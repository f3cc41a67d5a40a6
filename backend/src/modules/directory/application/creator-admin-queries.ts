import type { ApprovalStatus } from '@local-creators/common';
import type { CreatorProfile } from '../../creator';

export interface AdminCreatorQuery {
  q?: string;
  status?: ApprovalStatus;
  /** Only rejected creators who changed the application since (decision 0117). */
  updatedAfterRejection?: boolean;
  ids?: string[];
  /** Accounts whose e-mail matched `q` (the identity module's answer): their profiles match too. */
  userIds?: string[];
  /** The cities to list (slugs); null for every city (decision 0601). */
  cities: readonly string[] | null;
  sort: 'id' | 'created_at' | 'updated_at' | 'full_name' | 'approval_status';
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/** Port: the admin console's questions about all creators (the moderation module asks them). */
export abstract class CreatorAdminQueries {
  /** One page of profiles, read only (outside any unit of work: a decision loads its own), and the total. */
  /** With each listed owner's account e-mail (by user id), read in the same statement (decision 0265). */
  abstract search(
    q: AdminCreatorQuery,
  ): Promise<{ items: CreatorProfile[]; total: number; emails: Map<string, string> }>;
  /** Over the given cities (slugs), or every city for null. */
  abstract countByStatus(
    cities: readonly string[] | null,
  ): Promise<{ total: number; pending: number; approved: number; rejected: number; updated_after_rejection: number }>;
}
