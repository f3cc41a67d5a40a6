import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { NO_CALL_NUMBERS, type CallNumbers, type CityCallNumbers } from '@local-creators/common';
import { slugArray, uuidArray } from '../../../shared/sql';
import { CallStatsReads } from '../application/call-stats-reads';
import { CallViewStore } from '../application/call-visits';

/** One admitted view more on a call's day; a call deleted meanwhile is dropped, not an error. */
@Injectable()
export class SqlCallViewStore extends CallViewStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async add(callId: string, day: string) {
    await this.em.getConnection().execute(
      `insert into "call_daily_views" ("call_id", "day", "n")
       select c."id", ?::date, 1 from "calls" c where c."id" = ?::uuid
       on conflict ("call_id", "day") do update set "n" = "call_daily_views"."n" + 1`,
      [day, callId],
      'run',
    );
  }
}

/**
 * Each call's numbers from the module's own rows (decision 0921): views from call_daily_views,
 * creators mailed from the call_matches a mail was written for (status `mailed`, its outbox row's
 * id beside it), answers and picks from call_answers. Every index starts with the call's id.
 */
const NUMBERS = `cross join lateral (select
    (select coalesce(sum(v."n"), 0) from "call_daily_views" v where v."call_id" = c."id") as views,
    (select count(*) from "call_matches" m where m."call_id" = c."id" and m."status" = 'mailed') as creators_mailed,
    (select count(*) from "call_answers" a where a."call_id" = c."id") as answers,
    (select count(*) from "call_answers" a where a."call_id" = c."id" and a."status" = 'picked') as picks
  ) x`;

type Row = Record<keyof CallNumbers, number | string>;
const numbersOf = (r: Row): CallNumbers => ({
  views: Number(r.views),
  creators_mailed: Number(r.creators_mailed),
  answers: Number(r.answers),
  picks: Number(r.picks),
});

@Injectable()
export class SqlCallStatsReads extends CallStatsReads {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async ofCalls(callIds: readonly string[]) {
    const rows = await this.em
      .getConnection()
      .execute<(Row & { id: string })[]>(
        `select c."id", x.views, x.creators_mailed, x.answers, x.picks from "calls" c ${NUMBERS} where c."id" = any(?::uuid[])`,
        [uuidArray(callIds)],
      );
    const found = new Map(rows.map((r) => [r.id, numbersOf(r)] as const));
    return new Map(callIds.map((id) => [id, found.get(id) ?? { ...NO_CALL_NUMBERS }] as const));
  }

  async ofCities(cities: readonly string[] | null): Promise<CityCallNumbers[]> {
    const rows = await this.em.getConnection().execute<(Row & { city_slug: string; open_calls: number | string })[]>(
      `select c."city_slug", count(*) filter (where c."status" = 'approved') as open_calls,
              sum(x.views) as views, sum(x.creators_mailed) as creators_mailed,
              sum(x.answers) as answers, sum(x.picks) as picks
         from "calls" c ${NUMBERS}
        where ?::text[] is null or c."city_slug" = any(?::text[])
        group by c."city_slug"`,
      [slugArray(cities), slugArray(cities)],
    );
    return rows.map((r) => ({ city_slug: r.city_slug, open_calls: Number(r.open_calls), ...numbersOf(r) }));
  }
}
