import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ContactCountReads, type ContactCountQuery, type ContactCountRow } from '../application/contact-count-reads';
import { creatorSql, type CreatorSql } from './creator-tables';

/** The statements (creator-sql.snapshot.sql): null cities is every city, with no condition on them. */
export const contactCountStatements = {
  /** How many creators of the cities received any message. */
  creators: (db: CreatorSql, cities: readonly string[] | null) =>
    db
      .selectFrom('contact_requests')
      .select((eb) => eb.fn.count<string>('profile_id').distinct().as('count'))
      .$call((qb) => (cities === null ? qb : qb.where((eb) => eb('city_slug', '=', eb.fn.any(eb.val(cities)))))),

  /** One page of them, their counts worked out in the page's subquery, then their names joined. */
  page: (db: CreatorSql, q: ContactCountQuery) => {
    const order = q.order === 'DESC' ? 'desc' : 'asc';
    const counts = db
      .selectFrom('contact_requests')
      .select((eb) => [
        'profile_id as id',
        eb.fn.countAll<string>().as('total'),
        eb.fn.countAll<string>().filterWhere('created_at', '>', q.weekAgo).as('last_7_days'),
        eb.fn
          .count<string>(eb.fn<string>('lower', ['email']))
          .distinct()
          .as('distinct_senders'),
        eb.fn.countAll<string>().filterWhere('shortlist_message_id', 'is not', null).as('via_shortlists'),
        eb.fn.count<string>('reply_confirmed_at').as('replied'),
        eb.fn
          .countAll<string>()
          .filterWhere((f) =>
            f.and([
              f.ref('proven'),
              f('reply_confirmed_at', 'is', null),
              f('replied_at', 'is', null),
              f('created_at', '<=', q.unansweredBefore),
            ]),
          )
          .as('unanswered'),
        eb.fn.max('created_at').as('last_received_at'),
      ])
      .$call((qb) => {
        const { cities } = q;
        return cities === null ? qb : qb.where((eb) => eb('city_slug', '=', eb.fn.any(eb.val(cities))));
      })
      .groupBy('profile_id')
      .orderBy(q.sort, order)
      .orderBy('profile_id')
      .limit(q.limit)
      .offset(q.offset);
    return db
      .selectFrom(counts.as('c'))
      .innerJoin('creator_profiles as p', 'p.id', 'c.id')
      .selectAll('c')
      .select(['p.reply_days', 'p.reply_rarely', 'p.full_name', 'p.city_slug'])
      .orderBy(q.sort, order)
      .orderBy('c.id');
  },
};

/** The counts in two statements: the creators who received any, then one page of them with their names. */
@Injectable()
export class SqlContactCountReads extends ContactCountReads {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async perCreator(opts: ContactCountQuery): Promise<{ rows: ContactCountRow[]; total: number }> {
    const db = creatorSql(this.em);
    const { count } = await contactCountStatements.creators(db, opts.cities).executeTakeFirstOrThrow();
    const rows: ContactCountRow[] = await contactCountStatements.page(db, opts).execute();
    return { rows, total: Number(count) };
  }
}
