import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { cityDay } from '../../../shared/city-day';
import type { Source } from '../domain/visit';

/** The measures the counter keeps; contacts and shortlist saves are read from their own rows (decision 0820). */
export type CountedMeasure = 'views' | 'appearances';

/** One batched addition: `n` more of `measure` (from `source`, '' when it has none) on a creator's day. */
export interface CountRow {
  profileId: string;
  day: string;
  measure: CountedMeasure;
  source: Source | '';
  n: number;
}

/** Where the counts are added up: one statement per batch (`insert … on conflict do update set n = n + excluded.n`). */
export abstract class ProfileCountStore {
  abstract add(rows: readonly CountRow[]): Promise<void>;
}

interface Group {
  day: string;
  measure: CountedMeasure;
  source: Source | '';
  counts: Map<string, number>;
  lists: Map<readonly string[], number>;
}

/** Past this many distinct keys waiting, new ones are dropped until the next flush (the database is away). */
const MAX_WAITING = 200_000;

/**
 * Counts profile views and appearances in memory, per process, and adds them to the table in one
 * statement every few seconds (STATS_FLUSH_MS) and when the process stops: a public read never
 * waits for a write (issue 28 point 1). A failed flush keeps its counts for the next one.
 */
@Injectable()
export class ProfileCounter implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ProfileCounter.name);
  /**
   * Per (day, measure, source): per profile, how many; and per list of profiles shown (the same
   * array for every read of one cached answer), how many times. A cached answer read again is then
   * one Map step, however many creators it shows; its lists are spread over their creators at the
   * flush.
   */
  private waiting = new Map<string, Group>();
  private keys = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** Today in the city, named at most once a second: formatting a date costs more than counting. */
  private today = { day: '', until: 0 };

  constructor(
    private readonly store: ProfileCountStore,
    private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap() {
    const every = this.config.statsFlushMs;
    if (every > 0) this.timer = setInterval(() => void this.flush(), every).unref();
  }

  async beforeApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** One more `measure` of one creator today (the city's day), from `source`. */
  count(measure: CountedMeasure, profileId: string, source: Source | '' = '') {
    this.add(this.group(this.day(), measure, source).counts, profileId, 1);
  }

  /**
   * One more `measure` for each creator of `profileIds` today. `profileIds` is kept as it is until
   * the flush and must not change: pass the same array each time the same answer is shown.
   */
  countList(measure: CountedMeasure, profileIds: readonly string[]) {
    const lists = this.group(this.day(), measure, '').lists;
    const n = lists.get(profileIds);
    if (n !== undefined) lists.set(profileIds, n + 1);
    else if (this.keys + profileIds.length <= MAX_WAITING) {
      lists.set(profileIds, 1);
      this.keys += profileIds.length;
    }
  }

  private add(counts: Map<string, number>, profileId: string, more: number) {
    const n = counts.get(profileId);
    if (n !== undefined) counts.set(profileId, n + more);
    else if (this.keys < MAX_WAITING) {
      counts.set(profileId, more);
      this.keys++;
    }
  }

  private group(day: string, measure: CountedMeasure, source: Source | '') {
    const key = `${day} ${measure} ${source}`;
    let group = this.waiting.get(key);
    if (!group) this.waiting.set(key, (group = { day, measure, source, counts: new Map(), lists: new Map() }));
    return group;
  }

  /** Today in the city (the day counts land on). */
  day(): string {
    const now = this.clock.now().getTime();
    // A clock moved back (tests) names the day again.
    if (now >= this.today.until || now < this.today.until - 1000)
      this.today = { day: cityDay(new Date(now), this.config.cityTimeZone), until: now + 1000 };
    return this.today.day;
  }

  /** A row of a failed batch, back into what waits. */
  private restore(row: CountRow) {
    this.add(this.group(row.day, row.measure, row.source).counts, row.profileId, row.n);
  }

  /** Writes what was counted so far; a second call while one runs waits for it and then writes what came since. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.keys === 0) return;
    const batch: CountRow[] = [];
    for (const { day, measure, source, counts, lists } of this.waiting.values()) {
      for (const [list, times] of lists)
        for (const profileId of list) counts.set(profileId, (counts.get(profileId) ?? 0) + times);
      for (const [profileId, n] of counts) batch.push({ profileId, day, measure, source, n });
    }
    this.waiting = new Map();
    this.keys = 0;
    this.flushing = this.store
      .add(batch)
      .catch((error: unknown) => {
        this.logger.warn(
          `could not write ${batch.length} profile counts, kept for the next flush: ${(error as Error).message}`,
        );
        for (const row of batch) this.restore(row);
      })
      .finally(() => (this.flushing = null));
    await this.flushing;
  }
}
