import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { OutboxMessage as OutboxDto } from '@local-creators/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../shared/domain-error';
import { parseListQuery, sendList } from '../../../shared/ra-list';
import { Auth } from '../../identity/http/auth.decorators';
import { OutboxMessage } from '../domain/outbox-message';

const toDto = (m: OutboxMessage): OutboxDto => ({
  id: m.id,
  kind: m.kind,
  status: m.status,
  attempts: m.attempts,
  last_error: m.lastError,
  created_at: m.createdAt.toISOString(),
  sent_at: m.sentAt?.toISOString() ?? null,
});

const SORT_FIELDS: Record<string, keyof OutboxMessage> = { id: 'id', created_at: 'createdAt', status: 'status', kind: 'kind', attempts: 'attempts' };

/** The operators' view of the mail queue: what went out, what failed, and a retry button. */
@ApiTags('admin')
@Auth('admin')
@Controller('admin/notifications')
export class AdminNotificationsController {
  constructor(private readonly em: EntityManager) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const q = parseListQuery<{ status?: string; kind?: string }>(query, { sortable: Object.keys(SORT_FIELDS), defaultSort: ['created_at', 'DESC'] });
    const where: Record<string, unknown> = {};
    if (q.filter.status) where.status = String(q.filter.status);
    if (q.filter.kind) where.kind = String(q.filter.kind);
    const [items, total] = await this.em.findAndCount(OutboxMessage, where, {
      orderBy: { [SORT_FIELDS[q.sortField]!]: q.sortOrder.toLowerCase() },
      offset: q.offset,
      limit: q.limit,
    });
    return sendList(res, 'notifications', q, items.map(toDto), total);
  }

  @Get(':id')
  async one(@Param('id', ParseUUIDPipe) id: string) {
    const m = await this.em.findOne(OutboxMessage, { id });
    if (!m) throw DomainError.notFound('NOTIFICATIONS.NOT_FOUND', 'Not found');
    return toDto(m);
  }

  /** Puts a failed message back in line; the relay queues it again within a second. */
  @Post(':id/retry')
  @HttpCode(200)
  async retry(@Param('id', ParseUUIDPipe) id: string) {
    const m = await this.em.findOne(OutboxMessage, { id });
    if (!m) throw DomainError.notFound('NOTIFICATIONS.NOT_FOUND', 'Not found');
    if (m.status !== 'failed') throw DomainError.conflict('NOTIFICATIONS.NOT_FAILED', 'Only failed messages can be retried');
    m.status = 'pending';
    m.attempts = 0;
    await this.em.flush();
    return toDto(m);
  }
}
