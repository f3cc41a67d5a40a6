import type { CallStatus } from '@local-creators/common';
import type { Call } from '../domain/call';
import type { RateLimit } from '../../../shared/rate-limiter';

export interface CallListQuery {
  status?: CallStatus;
  /** The cities to list (slugs); null for every city. */
  cities: readonly string[] | null;
  sort: 'created_at' | 'title' | 'status';
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/** Port: the calls' own store (the aggregate), written in the caller's unit of work. */
export abstract class CallRepository {
  abstract byId(id: string): Promise<Call | null>;
  /**
   * Runs `work` in one transaction holding the call's row (FOR UPDATE) from its read to the commit:
   * an answer being stored holds it shared, so a decision either sees that answer or is seen by it.
   */
  abstract deciding<T>(id: string, work: (call: Call | null) => Promise<T>): Promise<T>;
  /** Persisted with the next flush. */
  abstract add(call: Call): void;
  /** Writes the unit of work: the call's change, its audit row and its partners' events together. */
  abstract flush(): Promise<void>;
  /**
   * Runs `work` in one transaction in which the account's posts are taken one at a time, so two
   * posts sent together cannot both pass a count (decision 0906).
   */
  abstract postingAs<T>(accountId: string, work: () => Promise<T>): Promise<T>;
  /** The account's calls waiting for review or public. */
  abstract openCountOf(accountId: string): Promise<number>;
  /** Null while the account has posted fewer than `rule.limit` calls in its window; else the seconds until it may post again. */
  abstract nextPostWaitSeconds(accountId: string, rule: RateLimit, now: Date): Promise<number | null>;
  /** The account's calls, newest first. */
  abstract ofAccount(accountId: string, limit: number): Promise<Call[]>;
  /** A city's public calls, newest approval first. */
  abstract publicOfCity(citySlug: string, limit: number): Promise<Call[]>;
  abstract list(q: CallListQuery): Promise<{ items: Call[]; total: number }>;
}
