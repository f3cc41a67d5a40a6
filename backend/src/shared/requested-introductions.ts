import { Injectable } from '@nestjs/common';

/** Introduction requests one account made on one day of the city's calendar. */
export interface RequestedIntroductionsRow {
  userId: string;
  /** YYYY-MM-DD in the city's calendar. */
  day: string;
  n: number;
}

/**
 * Where a creator's numbers learn of the introductions the creator asked for (decision 0821).
 * The amplify module owns the requests and registers how to count them; the creator module asks
 * here, so neither imports the other. Without a registered source (amplify absent) there are none.
 */
type Source = (
  userIds: readonly string[] | null,
  from: string,
  to: string,
  timeZone: string,
) => Promise<RequestedIntroductionsRow[]>;

@Injectable()
export class RequestedIntroductions {
  private source: Source | null = null;

  register(source: Source) {
    this.source = source;
  }

  /**
   * Requests made signed in from `from` to `to` (days of `timeZone`), per account and day: of the
   * accounts named, or of every account that asked (null).
   */
  daily(
    userIds: readonly string[] | null,
    from: string,
    to: string,
    timeZone: string,
  ): Promise<RequestedIntroductionsRow[]> {
    if (!this.source || (userIds && userIds.length === 0)) return Promise.resolve([]);
    return this.source(userIds, from, to, timeZone);
  }
}
