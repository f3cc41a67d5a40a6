import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { AppConfig } from '../../../config/app-config';
import {
  DIRECTORY_APPLICATION_NAME,
  ReadReplicas,
  recoveryConflict,
  replicaUnreachable,
  type Replica,
} from './read-replicas';
import { QueryCanceller } from './query-canceller';
import { compileOnly } from '../../../database/typed-sql';
import { sql } from 'kysely';

/** A connection's two ways of planning (see `genericPlanning`): generic plans, or PostgreSQL's choice. */
const GENERIC_PLANS = sql`set plan_cache_mode = force_generic_plan`.compile(compileOnly()).sql;
const CHOSEN_PLANS = sql`reset plan_cache_mode`.compile(compileOnly()).sql;

/**
 * The connections the directory's public reads run on (decision 0204): a plain `pg` pool beside
 * the ORM's. A search or page is one statement, so the ORM's pool (knex and tarn: a timer and
 * several promises per checkout) was a tenth of the API's time per uncached read. Same size, same
 * statement timeout, and the same cancel on a client that went away.
 *
 * With read replicas (decision 0330) a public statement runs on the replica in use, and on the
 * primary when none is usable, when it is asked for `primary` (a preview by its owner), or when
 * the replica fails it: a public read never fails for want of a replica.
 */
@Injectable()
export class DirectoryPool implements OnApplicationShutdown {
  private readonly pool: pg.Pool;
  /**
   * How each of the pool's connections plans its named statements now. A statement whose best plan
   * does not depend on its values (`genericPlan`) is planned once per connection, for whatever
   * values (`plan_cache_mode = force_generic_plan`): left to choose, PostgreSQL planned the
   * console's pages anew on every execution, as a plan for an unknown offset looks dearer to it
   * than one for the offset at hand, though both walk the same index (decision 0272). The public
   * reads keep the default, where the words searched decide the plan. A connection is switched
   * only when the next statement wants the other mode: one `set` then, none while the kind of
   * statement it runs stays the same. A plan made once is kept by the connection either way.
   */
  private readonly genericPlanning = new WeakMap<pg.PoolClient, boolean>();

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly replicas: ReadReplicas,
    private readonly cancels: QueryCanceller,
  ) {
    const timeout = config.database.statementTimeoutMs;
    const pool = (extra: pg.PoolConfig) => {
      const made = new pg.Pool({
        connectionString: config.database.url,
        max: 10,
        idleTimeoutMillis: 30_000,
        connectionTimeoutMillis: config.database.connectTimeoutMs,
        application_name: DIRECTORY_APPLICATION_NAME,
        ...(timeout > 0 ? { statement_timeout: timeout } : {}),
        ...extra,
      });
      // A connection lost while idle (PostgreSQL restarted) is dropped by the pool; nothing to do.
      made.on('error', () => undefined);
      return made;
    };
    this.pool = pool({});
  }

  /**
   * One statement (named, so each connection parses each shape once): its rows, and the routing
   * epoch of the database that answered (ReadReplicas.epoch). An abort cancels it in PostgreSQL.
   * `genericPlan`: on the primary, planned once per connection for any values (see genericPlanning).
   */
  async run(
    statement: { name?: string; text: string; values?: unknown[] },
    opts: { signal?: AbortSignal; primary?: boolean; genericPlan?: boolean } = {},
  ): Promise<{ rows: Record<string, any>[]; epoch: number }> {
    const epoch = this.replicas.epoch;
    if (opts.genericPlan) return { rows: await this.on(null, statement, opts.signal, true), epoch };
    const replica = opts.primary ? null : this.replicas.route();
    if (!replica) return { rows: await this.on(null, statement, opts.signal), epoch };
    try {
      return { rows: await this.on(replica, statement, opts.signal), epoch };
    } catch (error) {
      if (opts.signal?.aborted) throw error;
      if (replicaUnreachable(error)) this.replicas.failed(replica, error);
      else if (!recoveryConflict(error)) throw error;
      // Answered by the primary: its epoch is the one after the switch (or this one, as the
      // primary is never behind what the replica had).
      const after = this.replicas.epoch;
      return { rows: await this.on(null, statement, opts.signal), epoch: after };
    }
  }

  private async on(
    replica: Replica | null,
    statement: { name?: string; text: string; values?: unknown[] },
    signal?: AbortSignal,
    genericPlan = false,
  ) {
    signal?.throwIfAborted();
    const conn = await (replica ? replica.pool : this.pool).connect();
    if (!replica && (this.genericPlanning.get(conn) ?? false) !== genericPlan) await this.planning(conn, genericPlan);
    let cancelling: Promise<unknown> | undefined;
    const onAbort = () => void (cancelling = this.cancels.cancel(conn));
    signal?.addEventListener('abort', onAbort, { once: true });
    let broken: Error | undefined;
    try {
      if (signal?.aborted) throw signal.reason;
      const result = await conn.query(statement).catch((error: unknown) => {
        // Cancelled or timed out (57014): the connection is fine; after anything else it is dropped.
        const code = (error as { code?: unknown }).code;
        if (code !== '57014') broken = error as Error;
        throw error;
      });
      this.replicas.served(replica);
      return result.rows as Record<string, any>[];
    } finally {
      signal?.removeEventListener('abort', onAbort);
      // A cancel still on its way must land before the connection serves anyone else.
      await cancelling;
      conn.release(broken);
    }
  }

  /**
   * Switches how the connection plans. Should the `set` fail, the statement runs planned as the
   * connection already plans: slower for a console page, never wrong; the next one tries again.
   */
  private async planning(conn: pg.PoolClient, generic: boolean) {
    try {
      await conn.query(generic ? GENERIC_PLANS : CHOSEN_PLANS);
      this.genericPlanning.set(conn, generic);
    } catch {
      this.genericPlanning.delete(conn);
    }
  }

  async onApplicationShutdown() {
    await this.pool.end().catch(() => undefined);
  }
}
