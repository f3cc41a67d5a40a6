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
   * Connections to the primary that plan each named statement once, for whatever values it is
   * given (`plan_cache_mode = force_generic_plan`), for a statement whose best plan does not depend
   * on them (`genericPlan`). Left to choose, PostgreSQL planned the console's pages anew on every
   * execution: a plan for an unknown offset looks dearer to it than one for the offset at hand,
   * though both walk the same index (decision 0272). The public reads keep the default, where the
   * words searched decide the plan. Opened on first use, like the pool's.
   */
  private readonly genericPlans: pg.Pool;

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
    this.genericPlans = pool({ application_name: `${DIRECTORY_APPLICATION_NAME}, plans kept` });
    // Queued before the connection's first statement. Should it fail, pages are planned on each
    // execution, as before: slower, never wrong.
    this.genericPlans.on(
      'connect',
      (client) => void client.query('set plan_cache_mode = force_generic_plan').catch(() => undefined),
    );
  }

  /**
   * One statement (named, so each connection parses each shape once): its rows, and the routing
   * epoch of the database that answered (ReadReplicas.epoch). An abort cancels it in PostgreSQL.
   * `genericPlan`: on the primary, planned once per connection for any values (see genericPlans).
   */
  async run(
    statement: { name?: string; text: string; values?: unknown[] },
    opts: { signal?: AbortSignal; primary?: boolean; genericPlan?: boolean } = {},
  ): Promise<{ rows: Record<string, any>[]; epoch: number }> {
    const epoch = this.replicas.epoch;
    if (opts.genericPlan) return { rows: await this.on(null, statement, opts.signal, this.genericPlans), epoch };
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
    primary: pg.Pool = this.pool,
  ) {
    signal?.throwIfAborted();
    const conn = await (replica ? replica.pool : primary).connect();
    let cancelling: Promise<unknown> | undefined;
    const onAbort = () =>
      void (cancelling = this.cancels.cancel((conn as unknown as { processID?: number }).processID, replica?.url));
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

  async onApplicationShutdown() {
    await Promise.all([this.pool.end().catch(() => undefined), this.genericPlans.end().catch(() => undefined)]);
  }
}
