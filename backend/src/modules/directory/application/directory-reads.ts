import type { CreatorSearchQuery, Niche } from '@local-creators/common';
import type { CreatorProfile, ListedCard } from '../../creator';

export type { ListedCard };
import type { KnownWord, SearchWordStats } from './search-words';

/** The directory's filters (listed creators only), as the API takes them. */
export type ListedFilters = Pick<
  CreatorSearchQuery,
  | 'niche'
  | 'platform'
  | 'min_followers'
  | 'neighborhood'
  | 'content_type'
  | 'collab_type'
  | 'handles'
  | 'replies_within'
  | 'q'
  | 'city'
  | 'min_local_share'
> & {
  /** With min_local_share: shares checked after this day (YYYY-MM-DD) are fresh; set by the service from its clock. */
  local_share_since?: string;
};
export type ListedOrder = NonNullable<CreatorSearchQuery['sort']>;
/** A position in an order: the row's sort key (as PostgreSQL prints it) and id. */
export interface ListedPosition {
  key: string;
  id: string;
}
export interface ListedPageQuery extends ListedFilters {
  order: ListedOrder;
  /**
   * With a niche: its share of the listing (0 to 1), which decides how its page is read (walking
   * the order's index suits a common niche, the niches index a rare one; decision 0214).
   */
  nicheShare?: number;
  /**
   * With words: they are known to match more creators than the search count's cap, so the page
   * walks the order's index and checks each row for them, which meets a match within a few rows;
   * through the text index every match would be read and sorted first (issue 22).
   */
  commonWords?: boolean;
  /** Rows after this position in the order, or (backwards) before it. */
  after?: ListedPosition;
  before?: ListedPosition;
  limit: number;
}

/** A search's page and how many match it, counted up to the cap (matchedPageListed). */
export interface MatchedPage {
  page: { card: ListedCard; position: ListedPosition }[];
  matched: number;
}

export interface ListedOverview {
  total: number;
  counts: Map<Niche, number>;
  recent: ListedCard[];
  groups: Map<Niche, ListedCard[]>;
}

/**
 * Port: the public directory's reads, of listed profiles only (spec 4's rule). Profiles come back
 * outside any unit of work: cheaper, and nothing read here is ever saved.
 */
export abstract class DirectoryReads {
  /** A number that changes whenever any listed profile changes (on any replica). */
  abstract listingVersion(): Promise<number>;
  /**
   * One profile, listed or not (the caller decides who may see it). `fresh`: from the primary,
   * for its owner or an admin, who must see their own writes; else where public reads go (a
   * replica may be a little behind, decision 0330).
   */
  abstract findByIdReadOnly(id: string, opts?: { fresh?: boolean }): Promise<CreatorProfile | null>;
  /** Several profiles by id, in one statement (the partners' feed, decision 0803); in no order. */
  abstract findManyReadOnly(ids: string[], signal?: AbortSignal): Promise<CreatorProfile[]>;
  /**
   * What the directory's landing view is drawn from, in one read: how many are listed, in all and
   * per niche, the newest `recent` cards, and the newest `perNiche` cards of every niche that has any;
   * of one city (its slug), or of every city.
   */
  abstract listedOverview(recent: number, perNiche: number, city?: string): Promise<ListedOverview>;
  /**
   * Keyset paging: up to `limit` rows in `order`, each with its position; with `before`, the rows
   * just before it, still returned in `order`. The signal cancels the query in PostgreSQL.
   */
  abstract pageListed(
    q: ListedPageQuery,
    signal?: AbortSignal,
  ): Promise<{ card: ListedCard; position: ListedPosition }[]>;
  /**
   * A search's page (`q` set, any order) and the capped count of matches in one statement. The
   * page is empty when more than `cap` match: too common to sort among themselves (the caller
   * pages them with `pageListed`).
   */
  abstract matchedPageListed(q: ListedPageQuery, cap: number, signal?: AbortSignal): Promise<MatchedPage>;
  /**
   * What the kept word table says of `q`'s words in the scope (one city's, or every city's), before
   * any creator is read (decision 0280).
   */
  abstract searchWordStats(q: string, city: string | undefined, signal?: AbortSignal): Promise<SearchWordStats>;
  /**
   * searchWordStats and, in the same round trip, matchedPageListed's answer, read only when one of
   * the words is rare enough (at most `cap` creators) for the text index to be cheap: `matched` is
   * absent otherwise. Whether the page is the search's answer is the caller's decision, from the
   * numbers (searchCountPlan).
   */
  abstract searchWordStatsAndMatchedPage(
    q: ListedPageQuery,
    cap: number,
    signal?: AbortSignal,
  ): Promise<{ stats: SearchWordStats; matched?: MatchedPage }>;
  /**
   * How many listed creators match `f` among the first `read` of the scope's newest-first order,
   * counting no further than `cap + 1`, and how many are listed in the scope (decision 0280).
   */
  abstract walkCountListed(
    f: ListedFilters,
    cap: number,
    read: number,
    signal?: AbortSignal,
  ): Promise<{ matched: number; listed: number }>;
  /** Each of `q`'s words as the word table knows it, with up to `limit` close words for an unknown one (decision 0250). */
  abstract closeWords(q: string, city: string | undefined, limit: number, signal?: AbortSignal): Promise<KnownWord[]>;
  /**
   * "Did you mean …?" (decision 0250): up to `limit` shown names or @handles of listed creators
   * (of `city`) matching any of the `corrected` searches (each a list of words), closest to `q`
   * first, never `q` itself nor a name its creator keeps hidden.
   */
  abstract suggestListed(
    q: string,
    corrected: string[][],
    city: string | undefined,
    limit: number,
    signal?: AbortSignal,
  ): Promise<string[]>;
  /** How many listed creators match, counting no further than `cap + 1`. */
  abstract countListed(f: ListedFilters, cap: number, signal?: AbortSignal): Promise<number>;
  /** Newest first, of one city when given (its sitemap, decision 0622), skipping the first `offset` (a later sitemap file, decision 0640). */
  abstract listedIds(
    limit: number,
    opts?: { offset?: number; city?: string },
  ): Promise<{ id: string; updatedAt: Date }[]>;
}
