import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type SelectQueryBuilder } from 'kysely';
import { DomainError } from './domain-error';
import type { RateLimit } from './rate-limiter';

/** A 429 that says when trying again can work (DomainExceptionFilter sends it as Retry-After). */
export class RetryLater extends DomainError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', code, message);
  }
}

/** A wait for a 429 message, rounded up to what a person plans by: "a minute", "12 minutes", "about 3 hours". */
export function waitText(seconds: number): string {
  if (seconds <= 60) return 'a minute';
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} minutes`;
  const hours = Math.round(seconds / 3600);
  return hours === 1 ? 'about an hour' : `about ${hours} hours`;
}

/**
 * The latest stored requests a limit counts, newest first: at most `limit`, made after `since`.
 * Each module's limits adapter writes it on its own table, typed (its `*-sql.snapshot.sql`).
 */
export type LatestRequests = (since: Date, limit: number) => Promise<readonly { at: Date | string }[]>;

/**
 * A limit's rows as `LatestRequests` reads them, on the table and key its module chose (`keyed`,
 * typed there): `column` as `at`, newer than `since`, newest first, at most `limit`. Each index the
 * limits use leads with the key and ends with `column`.
 */
export function latestOf<DB, TB extends keyof DB>(
  keyed: SelectQueryBuilder<DB, TB, object>,
  column: string,
  since: Date,
  limit: number,
) {
  const at = sql.ref<Date>(column);
  return keyed.select(at.as('at')).where(at, '>', since).orderBy(at, 'desc').limit(limit);
}

/**
 * Limits counted from stored requests rather than Redis (decisions 0111, 0501): the rows are the
 * truth, so a limit holds across replicas and restarts. Callers take `serialize` for each key
 * first, inside the transaction that inserts, so two requests cannot both pass the count.
 */
export const StoredRequestLimit = {
  /** Serializes the count-then-insert of one key until the transaction ends (on `em`'s transaction). */
  async serialize(em: EntityManager, key: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(em.getKysely());
  },

  /**
   * Null while fewer than `rule.limit` requests fall inside the sliding window; else the seconds
   * until the oldest counted one leaves it.
   */
  async waitSeconds(rule: RateLimit, now: Date, latest: LatestRequests): Promise<number | null> {
    const since = new Date(now.getTime() - rule.windowSeconds * 1000);
    const rows = await latest(since, rule.limit);
    if (rows.length < rule.limit) return null;
    const oldest = rows[rule.limit - 1];
    if (!oldest) return rule.windowSeconds; // a limit of 0: nothing is allowed
    return Math.max(1, Math.ceil((new Date(oldest.at).getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000));
  },
};
