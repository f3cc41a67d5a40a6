import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { startOfDay } from '../../../database/typed-sql';
import { RequestedIntroductions, type RequestedIntroductionsRow } from '../../../shared/requested-introductions';
import { validUuids } from '../../../shared/sql';
import { amplifySql, type AmplifySql } from './amplify-tables';

/** The statements (amplify-sql.snapshot.sql). */
export const requestedIntroductionStatements = {
  /**
   * Each account's requests per day of the city's calendar, from `from` to `to` (both included);
   * `userIds` null for every account. Ids that are not UUIDs are dropped before the cast.
   */
  daily: (db: AmplifySql, userIds: readonly string[] | null, from: string, to: string, timeZone: string) => {
    const day = sql<string>`(${sql.ref('r.created_at')} at time zone ${timeZone})::date::text`;
    return (
      db
        .selectFrom('amplify_interest_requests as r')
        .select((eb) => [
          eb.ref('r.requester_user_id').$notNull().as('user_id'),
          day.as('day'),
          eb.fn.countAll<number>().as('n'),
        ])
        .where('r.requester_user_id', 'is not', null)
        .$if(userIds !== null, (q) =>
          q.where('r.requester_user_id', '=', sql<string>`any(${validUuids(userIds ?? [])}::uuid[])`),
        )
        .where('r.created_at', '>=', startOfDay(from, timeZone))
        .where('r.created_at', '<', sql<Date>`((${to}::date) + 1)::timestamp at time zone ${timeZone}`)
        // By position: the day's expression written again would carry its own parameter, which
        // PostgreSQL cannot match to the selected one.
        .groupBy([sql.lit(1), sql.lit(2)])
    );
  },
};

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
    const rows = await requestedIntroductionStatements
      .daily(amplifySql(this.em), userIds, from, to, timeZone)
      .execute();
    return rows.map((r) => ({ userId: r.user_id, day: r.day, n: Number(r.n) }));
  }
}
