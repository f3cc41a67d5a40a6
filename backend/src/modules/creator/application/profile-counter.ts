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
  private waiting = new Map<string, CountRow>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

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
    const day = cityDay(this.clock.now(), this.config.cityTimeZone);
    for (const profileId of profileIds) this.add({ profileId, day, measure, source, n: 1 });
  }

  private add(row: CountRow) {
    const key = `${row.profileId} ${row.day} ${row.measure} ${row.source}`;
    const kept = this.waiting.get(key);
    if (kept) kept.n += row.n;
    else if (this.waiting.size < MAX_WAITING) this.waiting.set(key, { ...row });
  }

  /** Writes what was counted so far; a second call while one runs waits for it and then writes what came since. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.waiting.size === 0) return;
    const batch = [...this.waiting.values()];
    this.waiting = new Map();
    this.flushing = this.store
      .add(batch)
      .catch((error: unknown) => {
        this.logger.warn(`could not write ${batch.length} profile counts, kept for the next flush: ${(error as Error).message}`);
        for (const row of batch) this.add(row);
      })
      .finally(() => (this.flushing = null));
    await this.flushing;
  }
}
