import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import type { RateLimit } from '../../../shared/rate-limiter';
import { StoredRequestLimit } from '../../../shared/stored-request-limit';
import { callSql } from './call-tables';
import { callLimitStatements } from './sql-call-answer-limits';
import { CallRepository, type CallListQuery } from '../application/call.repository';
import { Call } from '../domain/call';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SORT = { created_at: 'createdAt', title: 'title', status: 'status' } as const;

@Injectable()
export class MikroOrmCallRepository extends CallRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  byId(id: string) {
    return UUID.test(id) ? this.em.findOne(Call, { id }) : Promise.resolve(null);
  }

  deciding<T>(id: string, work: (call: Call | null) => Promise<T>): Promise<T> {
    // Inside, this repository's EntityManager is the transaction's (MikroORM's transaction context).
    return this.em.transactional(async (em) =>
      work(
        UUID.test(id) ? await em.findOne(Call, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true }) : null,
      ),
    );
  }

  add(call: Call) {
    this.em.persist(call);
  }

  flush() {
    return this.em.flush();
  }

  postingAs<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    // Inside, this repository's EntityManager is the transaction's (MikroORM's transaction context).
    return this.em.transactional(async (em) => {
      await StoredRequestLimit.serialize(em, `calls-post:${accountId}`);
      return work();
    });
  }

  nextPostWaitSeconds(accountId: string, rule: RateLimit, now: Date) {
    return StoredRequestLimit.waitSeconds(rule, now, (since, limit) =>
      callLimitStatements.callsOf(callSql(this.em), accountId, since, limit).execute(),
    );
  }

  openCountOf(accountId: string) {
    return this.em.count(Call, { accountId, status: { $in: ['pending', 'approved'] } });
  }

  ofAccount(accountId: string, limit: number) {
    return this.em.find(Call, { accountId }, { orderBy: { createdAt: 'desc', id: 'asc' }, limit });
  }

  publicOfCity(citySlug: string, limit: number) {
    return this.em.find(Call, { citySlug, status: 'approved' }, { orderBy: { approvedAt: 'desc', id: 'asc' }, limit });
  }

  async list(q: CallListQuery) {
    const where: Record<string, unknown> = {};
    if (q.status) where.status = q.status;
    if (q.cities) where.citySlug = { $in: q.cities };
    const [items, total] = await this.em.findAndCount(Call, where, {
      orderBy: { [SORT[q.sort]]: q.order.toLowerCase(), id: 'asc' },
      offset: q.offset,
      limit: q.limit,
    });
    return { items, total };
  }
}
