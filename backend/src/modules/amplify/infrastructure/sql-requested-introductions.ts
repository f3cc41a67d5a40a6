import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { RequestedIntroductions, type RequestedIntroductionsRow } from '../../../shared/requested-introductions';
import { uuidArray } from '../../../shared/sql';

/**
 * Tells a creator's numbers how many introductions each signed-in account asked for, per day of
 * the city's calendar, from the request rows themselves (decision 0821): every request recorded
 * with its account counts on the day it was made, confirmed or still waiting for its link.
 */
@Injectable()
export class SqlRequestedIntroductions implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly port: RequestedIntroductions,
  ) {}

  onModuleInit() {
    this.port.register((userIds, from, to, timeZone) => this.daily(userIds, from, to, timeZone));
  }

  async daily(
    userIds: readonly string[] | null,
    from: string,
    to: string,
    timeZone: string,
  ): Promise<RequestedIntroductionsRow[]> {
    const rows = await this.em.getConnection().execute<{ user_id: string; day: string; n: number }[]>(
      `select r."requester_user_id" as user_id, (r."created_at" at time zone ?)::date::text as day, count(*)::int as n
         from "amplify_interest_requests" r
        where r."requester_user_id" is not null
          and (?::uuid[] is null or r."requester_user_id" = any(?::uuid[]))
          and r."created_at" >= (?::date)::timestamp at time zone ?
          and r."created_at" < ((?::date) + 1)::timestamp at time zone ?
        group by 1, 2`,
      [timeZone, ...Array(2).fill(userIds === null ? null : uuidArray(userIds)), from, timeZone, to, timeZone],
    );
    return rows.map((r) => ({ userId: r.user_id, day: r.day, n: Number(r.n) }));
  }
}
