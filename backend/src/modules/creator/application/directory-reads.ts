import type { CreatorSearchQuery, Niche } from '@local-creators/common';
import type { CreatorProfile } from '../domain/creator-profile';

/** The directory's filters (listed creators only), as the API takes them. */
export type ListedFilters = Pick<
  CreatorSearchQuery,
  'niche' | 'platform' | 'min_followers' | 'neighborhood' | 'content_type' | 'collab_type' | 'handles' | 'q'
>;
export type ListedOrder = NonNullable<CreatorSearchQuery['sort']>;
/** A position in an order: the row's sort key (as PostgreSQL prints it) and id. */
export interface ListedPosition {
  key: string;
  id: string;
}
/** What a directory card is drawn from (toPublicCard): a page reads only these columns. */
export type ListedCard = Pick<
  CreatorProfile,
  | 'id'
  | 'fullName'
  | 'canUseNamePublicly'
  | 'platforms'
  | 'bio'
  | 'profileImageUrl'
  | 'profileImageSmallUrl'
  | 'niches'
  | 'totalFollowers'
  | 'approvalStatus'
  | 'phoneVerified'
  | 'neighborhood'
  | 'createdAt'
>;
export interface ListedPageQuery extends ListedFilters {
  order: ListedOrder;
  /** Rows after this position in the order, or (backwards) before it. */
  after?: ListedPosition;
  before?: ListedPosition;
  limit: number;
}

/**
 * Port: the public directory's reads, of listed profiles only (spec 4's rule). Profiles come back
 * outside any unit of work: cheaper, and nothing read here is ever saved.
 */
export abstract class DirectoryReads {
  /** A number that changes whenever any listed profile changes (on any replica). */
  abstract listingVersion(): Promise<number>;
  /** One profile, listed or not (the caller decides who may see it). */
  abstract findByIdReadOnly(id: string): Promise<CreatorProfile | null>;
  abstract listedCount(): Promise<number>;
  abstract listedNewest(limit: number, niche?: Niche): Promise<CreatorProfile[]>;
  /** The newest `limit` of each niche, in one read. */
  abstract listedNewestPerNiche(niches: readonly Niche[], limit: number): Promise<Map<Niche, CreatorProfile[]>>;
  abstract listedCountsByNiche(): Promise<Map<Niche, number>>;
  /**
   * Keyset paging: up to `limit` rows in `order`, each with its position; with `before`, the rows
   * just before it, still returned in `order`. The signal cancels the query in PostgreSQL.
   */
  abstract pageListed(q: ListedPageQuery, signal?: AbortSignal): Promise<{ card: ListedCard; position: ListedPosition }[]>;
  /**
   * The relevance order's page and the capped count of matches in one statement; `matched` is
   * null when no row came back past a cursor (the count is then unknown).
   */
  abstract rankedPageListed(
    q: ListedPageQuery,
    cap: number,
    signal?: AbortSignal,
  ): Promise<{ page: { card: ListedCard; position: ListedPosition }[]; matched: number | null }>;
  /** How many listed creators match, counting no further than `cap + 1`. */
  abstract countListed(f: ListedFilters, cap: number, signal?: AbortSignal): Promise<number>;
  /** Newest first. */
  abstract listedIds(limit: number): Promise<{ id: string; updatedAt: Date }[]>;
}
