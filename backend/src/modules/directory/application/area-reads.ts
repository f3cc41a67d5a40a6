import type { Niche } from '@local-creators/common';
import type { ListedCard } from './directory-reads';

/** Which listed creators an area page is about: one niche or one neighbourhood (by its slug), of one city or every city. */
export interface AreaFilter {
  niche?: Niche;
  /** areaSlug of the creator's neighbourhood as typed: "Ohio  city" and "ohio city" are one. */
  neighborhood?: string;
  city?: string;
}

export interface AreaSummary {
  total: number;
  /** Listed creators per FOLLOWER_BUCKETS bucket, in its order. */
  spread: number[];
  newest: ListedCard[];
  mostFollowed: ListedCard[];
  /** The neighbourhood as most of its creators spell it (a neighbourhood filter with creators). */
  spelling: string | null;
}

/** Port: the reads of the pages per niche and per neighbourhood (decision 0640), of listed creators only. */
export abstract class AreaReads {
  /** The count, the follower spread, and the newest and most followed `cards` creators. */
  abstract summary(f: AreaFilter, cards: number, signal?: AbortSignal): Promise<AreaSummary>;
  /** The neighbourhoods listed creators of `city` name, one per slug, with how many name it, and its commonest spelling. */
  abstract neighborhoods(city: string, signal?: AbortSignal): Promise<{ slug: string; name: string; total: number }[]>;
}
