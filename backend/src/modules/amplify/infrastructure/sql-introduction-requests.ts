import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  IntroductionRequestReads,
  type IntroductionCountsRow,
  type IntroductionRequestFilter,
  type IntroductionRequestRow,
} from '../application/introduction-request-reads';
import { amplifySql, type AmplifySql } from './amplify-tables';

interface Page {
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/** The requests the filter keeps: its cities, its business, its status; each condition only when given. */
const matching = (db: AmplifySql, filter: IntroductionRequestFilter) =>
  db
    .selectFrom('amplify_interest_requests as r')
    .$call((qb) => {
      const { cities } = filter;
      return cities === null ? qb : qb.where((eb) => eb('r.city_slug', '=', eb.fn.any(eb.val(cities))));
    })
    .$call((qb) => {
      const { submissionId } = filter;
      return submissionId === undefined ? qb : qb.where('r.submission_id', '=', submissionId);
    })
    .$if(filter.status === 'confirmed', (qb) => qb.where('r.confirmed_at', 'is not', null))
    .$if(filter.status === 'unconfirmed', (qb) => qb.where('r.confirmed_at', 'is', null));

/** The statements (amplify-sql.snapshot.sql). */
export const introductionRequestStatements = {
  count: (db: AmplifySql, filter: IntroductionRequestFilter) =>
    matching(db, filter).select((eb) => eb.fn.countAll<string>().as('n')),

  /** One page with each request's business name; never the token hash. */
  page: (db: AmplifySql, filter: IntroductionRequestFilter, page: Page) => {
    const order = page.order === 'ASC' ? 'asc' : 'desc';
    return matching(db, filter)
      .innerJoin('amplify_submissions as s', 's.id', 'r.submission_id')
      .select([
        'r.id',
        'r.submission_id',
        'r.city_slug',
        's.business_name',
        'r.creator_name',
        'r.creator_email',
        'r.creator_links',
        'r.message',
        'r.created_at',
        'r.confirmed_at',
      ])
      .orderBy('r.created_at', order)
      .orderBy('r.id', order)
      .offset(page.offset)
      .limit(page.limit);
  },

  /** Per business of the cities (null: every city), most requested first. */
  countsPerBusiness: (db: AmplifySql, cities: readonly string[] | null) =>
    db
      .selectFrom('amplify_interest_requests as r')
      .innerJoin('amplify_submissions as s', 's.id', 'r.submission_id')
      .select((eb) => [
        's.id as submission_id',
        's.city_slug',
        's.business_name',
        eb.fn.countAll<string>().filterWhere('r.confirmed_at', 'is not', null).as('confirmed'),
        eb.fn.countAll<string>().filterWhere('r.confirmed_at', 'is', null).as('unconfirmed'),
      ])
      .$call((qb) => (cities === null ? qb : qb.where((eb) => eb('r.city_slug', '=', eb.fn.any(eb.val(cities))))))
      .groupBy(['s.id', 's.city_slug', 's.business_name'])
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .orderBy('s.business_name', 'asc'),
};

/** The requests with their business's name (amplify_submissions), filtered in the statement itself. */
@Injectable()
export class SqlIntroductionRequestReads extends IntroductionRequestReads {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async list(
    filter: IntroductionRequestFilter,
    page: Page,
  ): Promise<{ rows: IntroductionRequestRow[]; total: number }> {
    const db = amplifySql(this.em);
    const count = await introductionRequestStatements.count(db, filter).executeTakeFirst();
    const rows: IntroductionRequestRow[] = await introductionRequestStatements.page(db, filter, page).execute();
    return { rows, total: Number(count?.n ?? 0) };
  }

  countsPerBusiness(cities: readonly string[] | null): Promise<IntroductionCountsRow[]> {
    return introductionRequestStatements.countsPerBusiness(amplifySql(this.em), cities).execute();
  }
}
