import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { cityDay } from '../../../shared/city-day';
import { Clock } from '../../../shared/clock';
import { ViewGate, isKnownBot } from '../../../shared/views/view-gate';
import { Cities } from '../../city';

/** What a call's read tells about its reader, read and forgotten (decision 0850). */
export interface CallVisit {
  userAgent?: string;
  ip?: string;
}

/** Port: where a call's admitted views are added up, per day of its city (table call_daily_views). */
export abstract class CallViewStore {
  abstract add(callId: string, day: string): Promise<void>;
}

/**
 * A call's views that mean people (decision 0920): a public call read, as JSON or as its drawn
 * page, is a view when the kernel's view gate admits it (the client's first read of the call in
 * the city's day, not a robot, not faster than a person). Both the check and the write run after
 * the answer: nothing here is on the request's way.
 */
@Injectable()
export class CallVisits implements BeforeApplicationShutdown {
  private readonly logger = new Logger(CallVisits.name);
  private readonly inFlight = new Set<Promise<void>>();
  private warned = 0;

  constructor(
    private readonly gate: ViewGate,
    private readonly store: CallViewStore,
    private readonly cities: Cities,
    private readonly clock: Clock,
  ) {}

  /** A public call of the city `citySlug` was answered to this reader. */
  viewed(call: { id: string; city_slug: string }, visit: CallVisit) {
    const userAgent = visit.userAgent;
    if (!userAgent || isKnownBot(userAgent)) return;
    const now = this.clock.now();
    const counting = (async () => {
      const city = (await this.cities.bySlug(call.city_slug)) ?? (await this.cities.home());
      const day = cityDay(now, city.timeZone);
      if (await this.gate.admits(`call:${call.id}`, day, { ip: visit.ip ?? '', userAgent }))
        await this.store.add(call.id, day);
    })()
      .catch((error: unknown) => {
        if (Date.now() - this.warned > 60_000) {
          this.warned = Date.now();
          this.logger.warn(`a call view was not counted: ${(error as Error).message}`);
        }
      })
      .finally(() => this.inFlight.delete(counting));
    this.inFlight.add(counting);
  }

  /** The views read so far are written (or given up): at shutdown, and for tests. */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  beforeApplicationShutdown() {
    return this.settled();
  }
}
