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
  /** Per (day, measure, source): per profile, how many. Counting a page of ids is then one Map step per id. */
  private waiting = new Map<string, { day: string; measure: CountedMeasure; source: Source | ''; counts: Map<string, number> }>();
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

  /** One more `measure` for each of `profileIds` today (the city's day), from `source`. */
  count(measure: CountedMeasure, profileIds: Iterable<string>, source: Source | '' = '') {
    const day = this.day();
    const counts = this.group(day, measure, source);
    for (const profileId of profileIds) {
      const n = counts.get(profileId);
      if (n !== undefined) counts.set(profileId, n + 1);
      else if (this.keys < MAX_WAITING) {
        counts.set(profileId, 1);
        this.keys++;
      }
    }
  }

  private group(day: string, measure: CountedMeasure, source: Source | '') {
    const key = `${day} ${measure} ${source}`;
    let group = this.waiting.get(key);
    if (!group) this.waiting.set(key, (group = { day, measure, source, counts: new Map() }));
    return group.counts;
  }

  private day(): string {
    const now = this.clock.now().getTime();
    // A clock moved back (tests) names the day again.
    if (now >= this.today.until || now < this.today.until - 1000) this.today = { day: cityDay(new Date(now), this.config.cityTimeZone), until: now + 1000 };
    return this.today.day;
  }

  /** A row of a failed batch, back into what waits. */
  private restore(row: CountRow) {
    const counts = this.group(row.day, row.measure, row.source);
    const n = counts.get(row.profileId);
    if (n !== undefined) counts.set(row.profileId, n + row.n);
    else if (this.keys < MAX_WAITING) {
      counts.set(row.profileId, row.n);
      this.keys++;
    }
  }

  /** Writes what was counted so far; a second call while one runs waits for it and then writes what came since. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.keys === 0) return;
    const batch: CountRow[] = [];
    for (const { day, measure, source, counts } of this.waiting.values())
      for (const [profileId, n] of counts) batch.push({ profileId, day, measure, source, n });
    this.waiting = new Map();
    this.keys = 0;
    this.flushing = this.store
      .add(batch)
      .catch((error: unknown) => {
        this.logger.warn(`could not write ${batch.length} profile counts, kept for the next flush: ${(error as Error).message}`);
        for (const row of batch) this.restore(row);
      })
      .finally(() => (this.flushing = null));
    await this.flushing;
  }
}
