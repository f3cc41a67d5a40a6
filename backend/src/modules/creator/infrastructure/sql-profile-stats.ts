import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { startOfDay } from '../../../database/typed-sql';
import { validUuids } from '../../../shared/sql';
import { ProfileCountStore, type CountRow } from '../application/profile-counter';
import { ProfileStatsReads, type StatsRow, type StatsScope } from '../application/profile-stats-reads';
import { creatorSql, type CreatorSql, type CreatorTables } from './creator-tables';

/**
 * One profile, or the profiles of some cities: the same condition on each part; none for every
 * city (`cities: null`).
 */
const whose = (db: CreatorSql, scope: StatsScope, profileId: string) => {
  if ('profileId' in scope) return [sql<boolean>`${sql.ref(profileId)} = ${scope.profileId}`];
  if (scope.cities === null) return [];
  const inCities = db
    .selectFrom('creator_profiles')
    .select('id')
    .where('city_slug', '=', sql<string>`any(${scope.cities})`);
  return [sql<boolean>`${sql.ref(profileId)} in ${inCities}`];
};

/** The day a moment fell on in the city's calendar. */
const dayOf = (column: string, timeZone: string) => sql<string>`(${sql.ref(column)} at time zone ${timeZone})::date`;

/** The statements (creator-sql.snapshot.sql). */
export const profileStatsStatements = {
  /**
   * A batch of counts added in one statement. Counts for a profile deleted meanwhile are dropped
   * (the join), so one gone profile never fails the batch; rows in key order, so two batches lock
   * the same rows in the same order.
   */
  add: (db: CreatorSql, rows: readonly CountRow[]) =>
    db
      .insertInto('creator_daily_counts')
      .columns(['profile_id', 'day', 'measure', 'source', 'n'])
      .expression((eb) =>
        eb
          .selectFrom(
            sql<
              CreatorTables['creator_daily_counts']
            >`unnest(${rows.map((r) => r.profileId)}::uuid[], ${rows.map((r) => r.day)}::date[], ${rows.map((r) => r.measure)}::text[], ${rows.map((r) => r.source)}::text[], ${rows.map((r) => r.n)}::int[])`.as<'u'>(
              sql`u(profile_id, day, measure, source, n)`,
            ),
          )
          .innerJoin('creator_profiles as p', 'p.id', 'u.profile_id')
          .select(['u.profile_id', 'u.day', 'u.measure', 'u.source', 'u.n'])
          .orderBy('u.profile_id')
          .orderBy('u.day')
          .orderBy('u.measure')
          .orderBy('u.source'),
      )
      .onConflict((oc) =>
        oc
          .columns(['profile_id', 'day', 'measure', 'source'])
          .doUpdateSet((eb) => ({ n: eb(eb.ref('creator_daily_counts.n'), '+', eb.ref('excluded.n')) })),
      ),

  /**
   * Views and appearances from the counted table; contact messages and shortlist saves from the
   * rows those features write, per day of their time in the city's calendar (decision 0820).
   */
  daily: (db: CreatorSql, scope: StatsScope, from: string, to: string, timeZone: string) =>
    db
      .selectFrom(
        db
          .selectFrom('creator_daily_counts as c')
          .select(['c.day', 'c.measure', 'c.source', 'c.n'])
          .where((eb) => eb.and(whose(db, scope, 'c.profile_id')))
          .where('c.day', '>=', sql<string>`${from}::date`)
          .where('c.day', '<=', sql<string>`${to}::date`)
          .unionAll(
            db
              .selectFrom('contact_requests as r')
              .select([
                dayOf('r.created_at', timeZone).as('day'),
                sql.lit('contacts').as('measure'),
                sql.lit('').as('source'),
                sql.lit(1).as('n'),
              ])
              .where((eb) => eb.and(whose(db, scope, 'r.profile_id')))
              .where('r.created_at', '>=', startOfDay(from, timeZone)),
          )
          .unionAll(
            db
              .selectFrom('shortlist_entries as e')
              .select([
                dayOf('e.added_at', timeZone).as('day'),
                sql.lit('shortlist_saves').as('measure'),
                sql.lit('').as('source'),
                sql.lit(1).as('n'),
              ])
              .where((eb) => eb.and(whose(db, scope, 'e.profile_id')))
              .where('e.added_at', '>=', startOfDay(from, timeZone)),
          )
          .as('x'),
      )
      .select([sql<string>`x.day::text`.as('day'), 'x.measure', 'x.source', sql<number>`sum(x.n)::int`.as('n')])
      .where('x.day', '>=', sql<string>`${from}::date`)
      .where('x.day', '<=', sql<string>`${to}::date`)
      .groupBy(['x.day', 'x.measure', 'x.source']),

  creatorsIn: (db: CreatorSql, cities: readonly string[] | null) =>
    db
      .selectFrom('creator_profiles')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .$if(cities !== null, (qb) => qb.where('city_slug', '=', sql<string>`any(${cities})`)),

  creatorAccountsIn: (db: CreatorSql, userIds: readonly string[], cities: readonly string[] | null) =>
    db
      .selectFrom('creator_profiles')
      .select('user_id')
      .where('user_id', '=', sql<string>`any(${validUuids(userIds)}::uuid[])`)
      .$if(cities !== null, (qb) => qb.where('city_slug', '=', sql<string>`any(${cities})`)),
};

/** A batch of counts in one statement (profileStatsStatements.add). */
@Injectable()
export class SqlProfileCountStore extends ProfileCountStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async add(rows: readonly CountRow[]) {
    if (rows.length === 0) return;
    await profileStatsStatements.add(creatorSql(this.em), rows).execute();
  }
}

/**
 * A profile's or some cities' daily numbers. Introduction requests come from amplify's rows through
 * the kernel's RequestedIntroductions (decision 0821), not from here.
 */
@Injectable()
export class SqlProfileStatsReads extends ProfileStatsReads {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async daily(scope: StatsScope, from: string, to: string, timeZone: string): Promise<StatsRow[]> {
    const rows = await profileStatsStatements.daily(creatorSql(this.em), scope, from, to, timeZone).execute();
    return rows.map((r) => ({
      day: r.day,
      measure: r.measure as StatsRow['measure'],
      source: r.source as StatsRow['source'],
      n: Number(r.n),
    }));
  }

  async creatorsIn(cities: readonly string[] | null): Promise<number> {
    const row = await profileStatsStatements.creatorsIn(creatorSql(this.em), cities).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async creatorAccountsIn(userIds: readonly string[], cities: readonly string[] | null): Promise<Set<string>> {
    const rows = await profileStatsStatements.creatorAccountsIn(creatorSql(this.em), userIds, cities).execute();
    return new Set(rows.map((r) => r.user_id));
  }
}
