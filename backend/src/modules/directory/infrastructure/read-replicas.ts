import { AsyncResource } from 'node:async_hooks';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { Counter, Gauge } from 'prom-client';
import { AppConfig } from '../../../config/app-config';
import { Metrics } from '../../../shared/metrics';
import { PRIMARY_POSITION, REPLICA_STATE } from './replica-statements';

/**
 * The application_name of the directory's public-read connections, on the primary and on replicas:
 * pg_stat_activity and the bench (scripts/bench.mjs) tell its statements from the ORM's by it.
 */
export const DIRECTORY_APPLICATION_NAME = 'local-creators directory';

/** One streaming replica of DATABASE_REPLICA_URLS, as the checks last found it. */
export class Replica {
  /** host:port/database, never the URL: it may carry a password (decision 0313). */
  readonly name: string;
  readonly pool: pg.Pool;
  usable = false;
  /** Why it is skipped ('not checked yet', 'down', 'lag', 'not a standby', 'not streaming'), or null while usable. */
  reason: string | null = 'not checked yet';
  lagMs: number | null = null;

  constructor(
    readonly url: string,
    statementTimeoutMs: number,
    timeoutMs: number,
  ) {
    const u = new URL(url);
    this.name = `${u.hostname}:${u.port || 5432}${u.pathname}`;
    this.pool = new pg.Pool({
      connectionString: url,
      max: 10,
      idleTimeoutMillis: 30_000,
      // Short: a replica that does not answer is skipped and the read goes to the primary (decision 0871).
      connectionTimeoutMillis: timeoutMs,
      application_name: DIRECTORY_APPLICATION_NAME,
      ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
      // A frozen replica does not even time a statement out: the client gives up after timeoutMs,
      // drops the connection, and the primary answers (DirectoryPool.run).
      query_timeout: timeoutMs,
    });
    this.pool.on('error', () => undefined); // a lost idle connection is dropped by the pool
  }
}

/** A LSN of the primary and when it was read. */
interface Sample {
  at: number;
  lsn: bigint;
}

/**
 * The public reads' replicas (decisions 0330 and 0331). Every `checkMs` (from the first public
 * read on, so the worker and the CLI never check) it reads the primary's WAL position, then each
 * replica's replayed position: a replica's lag is the age of the newest primary position it has
 * replayed, so an idle primary (nothing to replay) never counts as lag. A replica that is down,
 * not a standby, or lags beyond `maxLagMs` is skipped until a check finds it well again.
 *
 * Public reads go to one replica at a time (the one in use stays while usable), so the listing
 * versions they read never go backwards between two replicas; `epoch` moves with every change of
 * where they go, and whoever keys answers by a version read there starts afresh.
 */
@Injectable()
export class ReadReplicas implements OnApplicationShutdown {
  private readonly logger = new Logger('ReadReplicas');
  readonly replicas: Replica[];
  private current: Replica | null = null;
  private epochValue = 0;
  private samples: Sample[] = [];
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private primary: pg.Pool | null = null;
  private readonly switchListeners: (() => void)[] = [];
  private readonly maxLagMs: number;
  private readonly checkMs: number;
  private readonly up: Gauge<'replica'>;
  private readonly lag: Gauge<'replica'>;
  private readonly skips: Counter<'replica' | 'reason'>;
  private readonly reads: Counter<'database'>;
  /**
   * Bound to the context the provider was built in, so the checks' timer and log lines never carry
   * the request (its id) whose read happened to start them.
   */
  private readonly startChecks = AsyncResource.bind(() => this.start());

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    metrics: Metrics,
  ) {
    const { urls, maxLagMs, checkMs, timeoutMs } = config.database.replicas;
    this.replicas = urls.map((url) => new Replica(url, config.database.statementTimeoutMs, timeoutMs));
    this.maxLagMs = maxLagMs;
    this.checkMs = checkMs;
    const registers = [metrics.registry];
    this.up = new Gauge({
      name: 'lc_db_replica_up',
      help: 'Whether public reads may use the replica (1) or it is skipped (0)',
      labelNames: ['replica'],
      registers,
    });
    this.lag = new Gauge({
      name: 'lc_db_replica_lag_seconds',
      help: "How far the replica's replay is behind the primary, as last checked",
      labelNames: ['replica'],
      registers,
    });
    this.skips = new Counter({
      name: 'lc_db_replica_skipped_total',
      help: 'Times a replica was found down or lagging and skipped',
      labelNames: ['replica', 'reason'],
      registers,
    });
    this.reads = new Counter({
      name: 'lc_db_public_reads_total',
      help: "The public directory's statements, by the database that answered them",
      labelNames: ['database'],
      registers,
    });
  }

  get enabled() {
    return this.replicas.length > 0;
  }

  /** Moves whenever public reads change where they go (from the primary to a replica, or back). */
  get epoch() {
    return this.epochValue;
  }

  /** The replica the next public read goes to, or null for the primary. The first call starts the checks. */
  route(): Replica | null {
    if (this.enabled && !this.timer) this.startChecks();
    return this.current;
  }

  /** Told after every switch of where public reads go. */
  onSwitch(listener: () => void) {
    this.switchListeners.push(listener);
  }

  /** Counts a public statement by the database that answered it. */
  served(replica: Replica | null) {
    this.reads.inc({ database: replica ? 'replica' : 'primary' });
  }

  /** A statement found `replica` unreachable: skipped now, until a check finds it well. */
  failed(replica: Replica, error: unknown) {
    this.mark(replica, { usable: false, reason: 'down', detail: describe(error) });
    this.choose();
  }

  /** One round of checks now (shared with one already running). */
  checkNow(): Promise<void> {
    this.checking ??= this.check().finally(() => (this.checking = null));
    return this.checking;
  }

  private start() {
    this.timer = setInterval(() => void this.checkNow(), this.checkMs);
    this.timer.unref();
    void this.checkNow();
  }

  private async check() {
    const sample = await this.samplePrimary();
    await Promise.all(this.replicas.map((r) => this.checkReplica(r, sample !== null)));
    this.choose();
  }

  private async samplePrimary(): Promise<Sample | null> {
    if (!this.primary) {
      this.primary = new pg.Pool({
        connectionString: this.config.database.url,
        max: 1,
        connectionTimeoutMillis: 2_000,
        application_name: 'local-creators replica check',
        query_timeout: 2_000,
      });
      this.primary.on('error', () => undefined);
    }
    try {
      const { rows } = await this.primary.query<NonNullable<typeof PRIMARY_POSITION.row>>(PRIMARY_POSITION.sql);
      const sample = { at: performance.now(), lsn: BigInt(rows[0]!.lsn) };
      this.samples.push(sample);
      // Kept: the samples within the bound, and the newest one older (what "beyond it" is measured by).
      const horizon = sample.at - this.maxLagMs - this.checkMs;
      const firstRecent = this.samples.findIndex((s) => s.at >= horizon);
      if (firstRecent > 1) this.samples.splice(0, firstRecent - 1);
      return sample;
    } catch {
      return null; // the primary is down: the replicas' lag cannot be measured, their last state stands
    }
  }

  private async checkReplica(replica: Replica, measured: boolean) {
    let row: NonNullable<typeof REPLICA_STATE.row>;
    try {
      const client = await replica.pool.connect();
      let failed: Error | undefined;
      try {
        const result = await client
          .query<typeof row>({
            text: REPLICA_STATE.sql,
            // A server that accepted the connection and then froze is down too.
            query_timeout: 2_000,
          } as pg.QueryConfig)
          .catch((error: Error) => {
            failed = error;
            throw error;
          });
        row = result.rows[0]!;
      } finally {
        client.release(failed);
      }
    } catch (error) {
      this.mark(replica, { usable: false, reason: 'down', detail: describe(error) });
      return;
    }
    if (!row.standby || row.replayed === null) {
      this.mark(replica, { usable: false, reason: 'not a standby', detail: 'it is not replaying from a primary' });
      return;
    }
    // Not receiving from the primary: it cannot catch up, and after the primary was restored to an
    // earlier moment its positions are not comparable with the primary's any more.
    if (!row.streaming) {
      this.mark(replica, {
        usable: false,
        reason: 'not streaming',
        detail: 'its WAL receiver is not streaming from the primary',
      });
      return;
    }
    if (!measured) {
      if (replica.reason === 'down' || replica.reason === 'not checked yet')
        this.mark(replica, { usable: false, reason: 'lag', detail: 'lag unknown (primary unreachable)' });
      return;
    }
    const replayed = BigInt(row.replayed);
    const now = performance.now();
    let caughtUpAt: number | null = null;
    for (const s of this.samples) if (s.lsn <= replayed) caughtUpAt = s.at;
    const lagMs = caughtUpAt === null ? null : Math.max(0, now - caughtUpAt);
    replica.lagMs = lagMs;
    if (lagMs !== null) this.lag.set({ replica: replica.name }, lagMs / 1000);
    if (lagMs === null || lagMs > this.maxLagMs) {
      const said = lagMs === null ? 'behind the oldest position measured' : `${(lagMs / 1000).toFixed(1)} s behind`;
      this.mark(replica, {
        usable: false,
        reason: 'lag',
        detail: `${said} (bound ${(this.maxLagMs / 1000).toFixed(1)} s)`,
      });
    } else {
      this.mark(replica, { usable: true, reason: null, detail: `${((lagMs ?? 0) / 1000).toFixed(1)} s behind` });
    }
  }

  private mark(replica: Replica, next: { usable: boolean; reason: string | null; detail: string }) {
    const was = replica.usable;
    const wasReason = replica.reason;
    replica.usable = next.usable;
    replica.reason = next.reason;
    if (next.reason === 'down') replica.lagMs = null;
    this.up.set({ replica: replica.name }, next.usable ? 1 : 0);
    if (!next.usable && (was || wasReason === 'not checked yet')) {
      this.skips.inc({ replica: replica.name, reason: next.reason ?? 'down' });
      this.logger.warn(`replica ${replica.name} skipped, public reads go elsewhere: ${next.reason}, ${next.detail}`);
    } else if (!was && next.usable) {
      this.logger.log(`replica ${replica.name} in use: ${next.detail}`);
    } else if (!next.usable && wasReason !== next.reason) {
      this.logger.warn(`replica ${replica.name} still skipped: ${next.reason}, ${next.detail}`);
    }
  }

  /** Keeps the replica in use while it is usable; else the usable one that lags least; else the primary. */
  private choose() {
    let next = this.current?.usable ? this.current : null;
    if (!next) {
      const usable = this.replicas.filter((r) => r.usable).sort((a, b) => (a.lagMs ?? 0) - (b.lagMs ?? 0));
      next = usable[0] ?? null;
    }
    if (next === this.current) return;
    this.current = next;
    this.epochValue++;
    this.logger.log(
      next ? `public reads now on replica ${next.name}` : 'public reads now on the primary (no replica usable)',
    );
    for (const listener of this.switchListeners) listener();
  }

  async onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.checking?.catch(() => undefined);
    await Promise.all([
      ...this.replicas.map((r) => r.pool.end().catch(() => undefined)),
      this.primary?.end().catch(() => undefined),
    ]);
  }
}

/** An error's kind without anything it might quote from a URL. */
function describe(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return e.code ?? e.message?.split('\n', 1)[0]?.slice(0, 120) ?? 'unknown error';
}

/**
 * Whether a statement failed because the replica could not be reached or went away (as opposed to
 * the statement's own fault): connection errors, PostgreSQL shutting down or starting (57P0x),
 * and the connection exception class 08.
 */
export function replicaUnreachable(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return true;
  const code = error.code ?? '';
  return code.startsWith('08') || /^57P0[1-4]$/.test(code);
}

/** A standby cancelled the statement to replay WAL (a conflict with recovery): worth one try on the primary. */
export function recoveryConflict(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '40001' || code === '40P01';
}
