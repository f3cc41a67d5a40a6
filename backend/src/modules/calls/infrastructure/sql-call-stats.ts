import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { validUuids } from '../../../shared/sql';
import { NO_CALL_NUMBERS, type CallNumbers, type CityCallNumbers } from '@local-creators/common';
import { CallStatsReads } from '../application/call-stats-reads';
import { CallViewStore } from '../application/call-visits';
import { callSql, type CallSql } from './call-tables';

/**
 * Each call's numbers from the module's own rows (decision 0921): views from call_daily_views,
 * creators mailed from the call_matches a mail was written for (status `mailed`, its outbox row's
 * id beside it), answers and picks from call_answers. Every index starts with the call's id.
 */
const callsWithNumbers = (db: CallSql) =>
  db.selectFrom('calls as c').select((eb) => [
    'c.id',
    'c.city_slug',
    'c.status',
    eb
      .selectFrom('call_daily_views as v')
      .select(sql<string>`coalesce(sum(v.n), 0)`.as('n'))
      .whereRef('v.call_id', '=', 'c.id')
      .as('views'),
    eb
      .selectFrom('call_matches as m')
      .select((m) => m.fn.countAll<string>().as('n'))
      .whereRef('m.call_id', '=', 'c.id')
      .where('m.status', '=', 'mailed')
      .as('creators_mailed'),
    eb
      .selectFrom('call_answers as a')
      .select((a) => a.fn.countAll<string>().as('n'))
      .whereRef('a.call_id', '=', 'c.id')
      .as('answers'),
    eb
      .selectFrom('call_answers as a')
      .select((a) => a.fn.countAll<string>().as('n'))
      .whereRef('a.call_id', '=', 'c.id')
      .where('a.status', '=', 'picked')
      .as('picks'),
  ]);

/** The statements (calls-sql.snapshot.sql). */
export const callStatsStatements = {
  /** One admitted view more on a call's day; a call deleted meanwhile is dropped, not an error. */
  addView: (db: CallSql, callId: string, day: string) =>
    db
      .insertInto('call_daily_views')
      .columns(['call_id', 'day', 'n'])
      .expression((eb) =>
        eb
          .selectFrom('calls as c')
          .select(['c.id', sql<string>`${day}::date`.as('day'), sql.lit(1).as('n')])
          .where('c.id', '=', callId),
      )
      .onConflict((oc) =>
        oc.columns(['call_id', 'day']).doUpdateSet((eb) => ({ n: eb(eb.ref('call_daily_views.n'), '+', 1) })),
      ),

  ofCalls: (db: CallSql, callIds: readonly string[]) =>
    callsWithNumbers(db).where('c.id', '=', sql<string>`any(${validUuids(callIds)}::uuid[])`),

  ofCities: (db: CallSql, cities: readonly string[] | null) =>
    db
      .selectFrom(
        callsWithNumbers(db)
          .$if(cities !== null, (qb) => qb.where('c.city_slug', '=', sql<string>`any(${cities})`))
          .as('x'),
      )
      .select((eb) => [
        'x.city_slug',
        eb.fn.countAll<string>().filterWhere('x.status', '=', 'approved').as('open_calls'),
        eb.fn.sum<string>('x.views').as('views'),
        eb.fn.sum<string>('x.creators_mailed').as('creators_mailed'),
        eb.fn.sum<string>('x.answers').as('answers'),
        eb.fn.sum<string>('x.picks').as('picks'),
      ])
      .groupBy('x.city_slug'),
};

type Row = Record<keyof CallNumbers, number | string | null>;
const numbersOf = (r: Row): CallNumbers => ({
  views: Number(r.views),
  creators_mailed: Number(r.creators_mailed),
  answers: Number(r.answers),
  picks: Number(r.picks),
});

/** One admitted view more on a call's day (callStatsStatements.addView). */
@Injectable()
export class SqlCallViewStore extends CallViewStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async add(callId: string, day: string) {
    await callStatsStatements.addView(callSql(this.em), callId, day).execute();
  }
}

@Injectable()
export class SqlCallStatsReads extends CallStatsReads {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async ofCalls(callIds: readonly string[]) {
    const rows = await callStatsStatements.ofCalls(callSql(this.em), callIds).execute();
    const found = new Map(rows.map((r) => [r.id, numbersOf(r)] as const));
    return new Map(callIds.map((id) => [id, found.get(id) ?? { ...NO_CALL_NUMBERS }] as const));
  }

  async ofCities(cities: readonly string[] | null): Promise<CityCallNumbers[]> {
    const rows = await callStatsStatements.ofCities(callSql(this.em), cities).execute();
    return rows.map((r) => ({ city_slug: r.city_slug, open_calls: Number(r.open_calls), ...numbersOf(r) }));
  }
}
