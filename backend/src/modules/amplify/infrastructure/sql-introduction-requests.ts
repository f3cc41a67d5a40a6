import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { slugArray } from '../../../shared/sql';
import {
  IntroductionRequestReads,
  type IntroductionCountsRow,
  type IntroductionRequestFilter,
  type IntroductionRequestRow,
} from '../application/introduction-request-reads';

/** The requests with their business's name (amplify_submissions), filtered in the statement itself. */
@Injectable()
export class SqlIntroductionRequestReads extends IntroductionRequestReads {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async list(
    filter: IntroductionRequestFilter,
    page: { order: 'ASC' | 'DESC'; offset: number; limit: number },
  ): Promise<{ rows: IntroductionRequestRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.cities) {
      where.push('r.city_slug = any(?::text[])');
      params.push(slugArray(filter.cities));
    }
    if (filter.submissionId !== undefined) {
      where.push('r.submission_id = ?');
      params.push(filter.submissionId);
    }
    if (filter.status !== undefined)
      where.push(filter.status === 'confirmed' ? 'r.confirmed_at is not null' : 'r.confirmed_at is null');
    const whereSql = where.length ? `where ${where.join(' and ')}` : '';
    const order = page.order === 'ASC' ? 'asc' : 'desc';
    const conn = this.em.getConnection();
    const [count] = await conn.execute<{ n: string }[]>(
      `select count(*) as n from amplify_interest_requests r ${whereSql}`,
      params,
    );
    const rows = await conn.execute<IntroductionRequestRow[]>(
      `select r.id, r.submission_id, r.city_slug, s.business_name, r.creator_name, r.creator_email, r.creator_links, r.message, r.created_at, r.confirmed_at
         from amplify_interest_requests r join amplify_submissions s on s.id = r.submission_id
         ${whereSql} order by r.created_at ${order}, r.id ${order} offset ? limit ?`,
      [...params, page.offset, page.limit],
    );
    return { rows, total: Number(count?.n ?? 0) };
  }

  async countsPerBusiness(cityScope: readonly string[] | null): Promise<IntroductionCountsRow[]> {
    const cities = slugArray(cityScope);
    return this.em.getConnection().execute<IntroductionCountsRow[]>(
      `select s.id as submission_id, s.city_slug, s.business_name,
              count(*) filter (where r.confirmed_at is not null) as confirmed,
              count(*) filter (where r.confirmed_at is null) as unconfirmed
         from amplify_interest_requests r join amplify_submissions s on s.id = r.submission_id
        where ?::text[] is null or r.city_slug = any(?::text[])
        group by s.id, s.city_slug, s.business_name
        order by count(*) desc, s.business_name asc`,
      [cities, cities],
    );
  }
}
