import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { slugArray, textArray, uuidArray } from '../../../shared/sql';
import { ProfileCountStore, type CountRow } from '../application/profile-counter';
import { ProfileStatsReads, type StatsRow, type StatsScope } from '../application/profile-stats-reads';

/**
 * A batch of counts in one statement. Counts for a profile deleted meanwhile are dropped (the
 * join), so one gone profile never fails the batch.
 */
@Injectable()
export class SqlProfileCountStore extends ProfileCountStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async add(rows: readonly CountRow[]) {
    if (rows.length === 0) return;
    await this.em.getConnection().execute(
      `insert into "creator_daily_counts" ("profile_id", "day", "measure", "source", "n")
       select u.profile_id, u.day, u.measure, u.source, u.n
         from unnest(?::uuid[], ?::date[], ?::text[], ?::text[], ?::int[]) as u(profile_id, day, measure, source, n)
         join "creator_profiles" p on p."id" = u.profile_id
        order by 1, 2, 3, 4
       on conflict ("profile_id", "day", "measure", "source") do update set "n" = "creator_daily_counts"."n" + excluded."n"`,
      [
        `{${rows.map((r) => r.profileId).join(',')}}`,
        `{${rows.map((r) => r.day).join(',')}}`,
        textArray(rows.map((r) => r.measure)),
        textArray(rows.map((r) => r.source)),
        `{${rows.map((r) => r.n).join(',')}}`,
      ],
      'run',
    );
  }
}

/**
 * Views and appearances from the counted table; contact messages and shortlist saves from the
 * rows those features write (contact_requests, shortlist_entries), per day of their time in the
 * city's calendar (decision 0820). Introduction requests come from amplify's rows through the
 * kernel's RequestedIntroductions (decision 0821), not from here.
 */
@Injectable()
export class SqlProfileStatsReads extends ProfileStatsReads {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async daily(scope: StatsScope, from: string, to: string, timeZone: string): Promise<StatsRow[]> {
    const one = 'profileId' in scope;
    // The same condition on each part: one profile, or the profiles of some cities (null: all).
    const whose = (alias: string) =>
      one
        ? `${alias}."profile_id" = ?::uuid`
        : `(?::text[] is null or ${alias}."profile_id" in (select "id" from "creator_profiles" where "city_slug" = any(?::text[])))`;
    const who = one ? [scope.profileId] : [slugArray(scope.cities), slugArray(scope.cities)];
    const since = `(?::date)::timestamp at time zone ?`;
    const rows = await this.em.getConnection().execute<{ day: string; measure: string; source: string; n: number }[]>(
      `select x.day::text as day, x.measure, x.source, sum(x.n)::int as n from (
         select c."day", c."measure", c."source", c."n" from "creator_daily_counts" c
          where ${whose('c')} and c."day" between ?::date and ?::date
         union all
         select (r."created_at" at time zone ?)::date, 'contacts', '', 1 from "contact_requests" r
          where ${whose('r')} and r."created_at" >= ${since}
         union all
         select (e."added_at" at time zone ?)::date, 'shortlist_saves', '', 1 from "shortlist_entries" e
          where ${whose('e')} and e."added_at" >= ${since}
       ) x where x.day between ?::date and ?::date group by 1, 2, 3`,
      [...who, from, to, timeZone, ...who, from, timeZone, timeZone, ...who, from, timeZone, from, to],
    );
    return rows.map((r) => ({
      day: r.day,
      measure: r.measure as StatsRow['measure'],
      source: r.source as StatsRow['source'],
      n: Number(r.n),
    }));
  }

  async creatorsIn(cities: readonly string[] | null): Promise<number> {
    const [row] = await this.em
      .getConnection()
      .execute<{ n: number }[]>(
        `select count(*)::int as n from "creator_profiles" where ?::text[] is null or "city_slug" = any(?::text[])`,
        [slugArray(cities), slugArray(cities)],
      );
    return Number(row?.n ?? 0);
  }

  async creatorAccountsIn(userIds: readonly string[], cities: readonly string[] | null): Promise<Set<string>> {
    const rows = await this.em
      .getConnection()
      .execute<{ user_id: string }[]>(
        `select "user_id" from "creator_profiles" where "user_id" = any(?::uuid[]) and (?::text[] is null or "city_slug" = any(?::text[]))`,
        [uuidArray(userIds), slugArray(cities), slugArray(cities)],
      );
    return new Set(rows.map((r) => r.user_id));
  }
}
