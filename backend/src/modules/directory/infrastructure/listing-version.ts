import { Injectable } from '@nestjs/common';
import { ReadReplicas } from './read-replicas';
import { DirectoryPool } from './directory-pool';
import { PostgresNotifications, type ChannelListener } from '../../../database/postgres-notifications';
import { compileOnly } from '../../../database/typed-sql';
import { sql } from 'kysely';

/** The channel the listing triggers notify whenever the version moves (migrations 0007, ListingFacts). */
const LISTING_CHANNEL = 'listing_change';
/** How long a kept version is trusted without a read, should a notification ever go missing. */
const MAX_AGE_MS = 1_000;
/**
 * The version as the directory's cache keys answers: the routing epoch (ReadReplicas) times this,
 * plus the database's own counter. A switch between the primary and a replica (which may be a
 * little behind) thus never reuses an answer computed on the other, and the number only grows
 * (decision 0332). Without replicas the epoch stays 0: the database's number as it is.
 */
const EPOCH_SPAN = 2 ** 32;

/** The listing version's one row (migration ListingVersion): moved by the triggers of every listed fact. */
interface ListingVersionTable {
  listing_version: { id: number; version: string };
}
/** Its read, compiled once: a named statement on the directory's pool. */
export const LISTING_VERSION_SQL = compileOnly<ListingVersionTable>()
  .selectFrom('listing_version')
  .select('version')
  .where('id', '=', sql.lit(1))
  .compile().sql;

/**
 * The listing version as far as this process knows it, kept between the database's announcements.
 *
 * - While announcements are known to arrive (`setListening(true)`), a version read from the
 *   database is kept, and trusted for at most `maxAgeMs`, so a lost announcement leaves it stale
 *   for at most that long.
 * - An announcement, or a write of this process (`changed()`), moves `generation` on: the next
 *   reader asks the database. A read whose query was on the wire when the generation moved is not
 *   kept, and is not shared with readers who came after the move.
 * - Readers of one generation share one query, so a crowd arriving after a change sends one read.
 */
export class KeptVersion {
  private kept: { version: number; generation: number; readAt: number } | null = null;
  private reading: { generation: number; version: Promise<number> } | null = null;
  private generation = 0;
  private listening = false;

  constructor(
    private readonly query: () => Promise<number>,
    private readonly maxAgeMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  read(): Promise<number> {
    const kept = this.peek();
    if (kept !== undefined) return Promise.resolve(kept);
    if (this.reading?.generation === this.generation) return this.reading.version;
    const generation = this.generation;
    const readAt = this.now();
    const version = this.query().then((value) => {
      if (this.listening && generation === this.generation) this.kept = { version: value, generation, readAt };
      return value;
    });
    const reading = { generation, version };
    this.reading = reading;
    const done = () => {
      if (this.reading === reading) this.reading = null;
    };
    version.then(done, done);
    return version;
  }

  /** The version when it is kept and trusted now, without asking the database; else undefined. */
  peek(): number | undefined {
    const kept = this.kept;
    return this.listening && kept && kept.generation === this.generation && this.now() - kept.readAt < this.maxAgeMs
      ? kept.version
      : undefined;
  }

  /** The version may have moved: the next reader asks the database. */
  changed() {
    this.generation++;
  }

  /** Whether announcements arrive now; either way, what was kept is no longer trusted. */
  setListening(listening: boolean) {
    this.listening = listening;
    this.generation++;
  }
}

/**
 * The listing version (migration 0006) that the directory's cache keys its answers by (decisions
 * 0202 and 0222):
 * - changes anywhere (another replica, the CLI, plain SQL) arrive as notifications;
 * - this process's own writes of public facts count as changes as they commit
 *   (ListingChangeSubscriber), so whoever made a change sees it on the next request without
 *   waiting for the notification;
 * - without a listener (not yet connected, or lost) every read asks the database.
 * The process's listener (PostgresNotifications) hears the channel from the first read on, so
 * processes that never serve the directory (the worker, the CLI) never open it.
 */
@Injectable()
export class ListingVersion {
  private readonly version: KeptVersion;
  private readonly listener: ChannelListener;

  constructor(
    pool: DirectoryPool,
    replicas: ReadReplicas,
    private readonly notifications: PostgresNotifications,
  ) {
    // Read where the public reads go: an answer is keyed by what that database has applied, so a
    // replica behind the primary never files old facts under a newer version (decision 0332).
    this.version = new KeptVersion(async () => {
      const { rows, epoch } = await pool.run({
        name: 'lc_listing_version',
        text: LISTING_VERSION_SQL,
      });
      return epoch * EPOCH_SPAN + Number(rows[0]!.version);
    }, MAX_AGE_MS);
    // Public reads moved (to a replica, or back to the primary): the next reader asks there.
    replicas.onSwitch(() => this.version.changed());
    this.listener = {
      onNotification: () => this.version.changed(),
      onListening: (listening) => this.version.setListening(listening),
    };
  }

  current(): Promise<number> {
    this.notifications.listen(LISTING_CHANNEL, this.listener);
    return this.version.read();
  }

  /** A write made by this process: the next read asks the database. */
  changedHere() {
    this.version.changed();
  }
}
