import type { ApprovalStatus, CollabType, ContentType, Niche, PlatformName } from '@local-creators/common';
import type { CreatorProfile } from '../domain/creator-profile';

/** The directory's filters (listed creators only). */
export interface ListedFilters {
  niche?: Niche;
  platform?: PlatformName;
  min_followers?: number;
  neighborhood?: string;
  content_type?: ContentType;
  collab_type?: CollabType;
  q?: string;
}
export type ListedOrder = 'relevance' | 'newest' | 'followers' | 'name';
/** A position in an order: the row's sort key (as PostgreSQL prints it) and id. */
export interface ListedPosition {
  key: string;
  id: string;
}
export interface ListedPageQuery extends ListedFilters {
  order: ListedOrder;
  /** Rows after this position in the order, or (backwards) before it. */
  after?: ListedPosition;
  before?: ListedPosition;
  limit: number;
}

export interface AdminCreatorQuery {
  q?: string;
  status?: ApprovalStatus;
  /** Only rejected creators who changed the application since (decision 0117). */
  updatedAfterRejection?: boolean;
  ids?: string[];
  sort: 'id' | 'created_at' | 'updated_at' | 'full_name' | 'approval_status';
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/**
 * Port: how creator profiles are found. Loaded profiles belong to the caller's unit of work, so
 * a use case changes them through domain methods and flushes once. The moderation module uses
 * this port instead of the table.
 */
export abstract class CreatorRepository {
  abstract add(profile: CreatorProfile): void;
  abstract findById(id: string): Promise<CreatorProfile | null>;
  /** The same, outside the unit of work (public pages): cheaper, and changes are not saved. */
  abstract findByIdReadOnly(id: string): Promise<CreatorProfile | null>;
  abstract findByUserId(userId: string): Promise<CreatorProfile | null>;
  abstract emailOf(userId: string): Promise<string | null>;
  abstract adminSearch(q: AdminCreatorQuery): Promise<{ items: { profile: CreatorProfile; email: string }[]; total: number }>;
  abstract countByStatus(): Promise<{ total: number; pending: number; approved: number; rejected: number; updated_after_rejection: number }>;

  // ---- the public directory (listed profiles only) ----
  /** A number that changes whenever any listed profile changes (on any replica). */
  abstract listingVersion(): Promise<number>;
  abstract listedCount(): Promise<number>;
  abstract listedNewest(limit: number, niche?: Niche): Promise<CreatorProfile[]>;
  abstract listedCountsByNiche(): Promise<Map<Niche, number>>;
  /**
   * Keyset paging: up to `limit` rows in `order`, each with its position; with `before`, the rows
   * just before it, still returned in `order`. The signal cancels the query in PostgreSQL.
   */
  abstract pageListed(q: ListedPageQuery, signal?: AbortSignal): Promise<{ profile: CreatorProfile; position: ListedPosition }[]>;
  /**
   * The relevance order's page and the capped count of matches in one statement; `matched` is
   * null when no row came back past a cursor (the count is then unknown).
   */
  abstract rankedPageListed(
    q: ListedPageQuery,
    cap: number,
    signal?: AbortSignal,
  ): Promise<{ page: { profile: CreatorProfile; position: ListedPosition }[]; matched: number | null }>;
  /** How many listed creators match, counting no further than `cap + 1`. */
  abstract countListed(f: ListedFilters, cap: number, signal?: AbortSignal): Promise<number>;
  /** Newest first. */
  abstract listedIds(limit: number): Promise<{ id: string; updatedAt: Date }[]>;
}
