import { Controller, Inject, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { MailHealth, OutboxMessage as OutboxDto } from '@local-creators/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { AdminDirectory, adminRecipients, cityOf } from '../application/admin-recipients';
import { describeMail, SINGLE_USE_KINDS, type MailContext } from '../application/mail-templates';
import { OutboxHealthReads } from '../application/outbox-health-reads';
import { DomainError } from '../../../shared/domain-error';
import { parseListQuery, sendList } from '../../../shared/ra-list';
import { Auth, EveryCity } from '../../../shared/auth/access';
import { OutboxMessage } from '../domain/outbox-message';
import { WEBHOOK_KIND } from '../domain/webhook';
import { MailHealthDto, OutboxMessageDto } from './notifications.dto';
import { RaListQuery } from '../../../shared/http/api-schema';

const toDto = (m: OutboxMessage, ctx: MailContext): OutboxDto => ({
  id: m.id,
  kind: m.kind,
  ...describeMail(m.kind, m.payload, ctx),
  status: m.status,
  attempts: m.attempts,
  last_error: m.lastError,
  created_at: m.createdAt.toISOString(),
  sent_at: m.sentAt?.toISOString() ?? null,
  due_at: m.dueAt?.toISOString() ?? null,
  resend_of: m.resendOf ?? null,
  resendable: m.status === 'sent' && !SINGLE_USE_KINDS.has(m.kind),
});

const SORT_FIELDS: Record<string, keyof OutboxMessage> = {
  id: 'id',
  created_at: 'createdAt',
  status: 'status',
  kind: 'kind',
  attempts: 'attempts',
};

/** Undelivered for this long, a message shows as stuck on the dashboard (delivery normally takes seconds). */
const STUCK_AFTER_MINUTES = 10;

/** The operators' view of the mail queue: what went out, what is stuck or failed, and a retry button. */
@ApiTags('admin')
@Auth('admin')
// The queue holds every city's mail: for admins of every city only (decision 0601).
@EveryCity()
@Controller('admin/notifications')
export class AdminNotificationsController {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly admins: AdminDirectory,
    private readonly outboxHealth: OutboxHealthReads,
  ) {}

  /** What rendering a message's envelope needs (asked once per request). */
  /** What rendering these messages' envelopes needs: the admins of each one's city (decision 0601). */
  private async mailContexts(messages: OutboxMessage[]): Promise<(m: OutboxMessage) => MailContext> {
    const cities = [...new Set(messages.map((m) => cityOf(m.payload)))];
    const admins = new Map(
      await Promise.all(
        cities.map(async (city) => [city, await adminRecipients(this.admins, this.config, city)] as const),
      ),
    );
    return (m) => ({ publicUrl: this.config.http.publicUrl, adminEmails: admins.get(cityOf(m.payload)) ?? [] });
  }

  private async mailContext(m: OutboxMessage): Promise<MailContext> {
    return (await this.mailContexts([m]))(m);
  }

  @Get()
  @ApiOkResponse({ type: [OutboxMessageDto] })
  async list(@Query() query: RaListQuery, @Res({ passthrough: true }) res: FastifyReply) {
    const q = parseListQuery<{ status?: string; kind?: string }>(query, {
      sortable: Object.keys(SORT_FIELDS),
      defaultSort: ['created_at', 'DESC'],
    });
    const where: Record<string, unknown> = {};
    if (q.filter.status === 'undelivered') where.status = { $in: ['pending', 'queued'] };
    else if (q.filter.status) where.status = String(q.filter.status);
    // Partners' webhooks share the outbox but are not mail: they have their own log (decision 0810).
    where.kind = q.filter.kind ? String(q.filter.kind) : { $ne: WEBHOOK_KIND };
    const [items, total] = await this.em.findAndCount(OutboxMessage, where, {
      orderBy: { [SORT_FIELDS[q.sortField]!]: q.sortOrder.toLowerCase() },
      offset: q.offset,
      limit: q.limit,
    });
    const contextOf = await this.mailContexts(items);
    return sendList(
      res,
      'notifications',
      q,
      items.map((m) => toDto(m, contextOf(m))),
      total,
    );
  }

  /** Failed mail, and mail still undelivered after STUCK_AFTER_MINUTES, for the dashboard. */
  @Get('health')
  @ApiOkResponse({ type: MailHealthDto })
  async health(): Promise<MailHealth> {
    const stuckBefore = new Date(this.clock.now().getTime() - STUCK_AFTER_MINUTES * 60_000);
    const { failed, stuck, oldest } = await this.outboxHealth.undelivered(stuckBefore);
    return {
      failed,
      stuck,
      stuck_after_minutes: STUCK_AFTER_MINUTES,
      oldest_stuck_at: oldest ? new Date(oldest).toISOString() : null,
    };
  }

  @Get(':id')
  @ApiOkResponse({ type: OutboxMessageDto })
  async one(@Param('id', ParseUUIDPipe) id: string) {
    const m = await this.em.findOne(OutboxMessage, { id });
    if (!m) throw DomainError.notFound('NOTIFICATIONS.NOT_FOUND', 'Not found');
    return toDto(m, await this.mailContext(m));
  }

  /** Sends any undelivered message again at once (failed, or stuck pending/queued); the relay picks it up within a second. */
  @Post(':id/retry')
  @HttpCode(200)
  @ApiOkResponse({ type: OutboxMessageDto })
  async retry(@Param('id', ParseUUIDPipe) id: string) {
    return this.em.transactional(async (tx) => {
      const m = await tx.findOne(OutboxMessage, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!m) throw DomainError.notFound('NOTIFICATIONS.NOT_FOUND', 'Not found');
      m.retryNow(this.clock.now());
      return toDto(m, await this.mailContext(m));
    });
  }

  /**
   * Sends a delivered message once more (the recipient lost it): a new row with the same content
   * and `resend_of` naming the first, which stays as it was (decision 0116). Audited nowhere
   * else: the new row in this list is the record.
   */
  @Post(':id/resend')
  @HttpCode(201)
  @ApiCreatedResponse({ type: OutboxMessageDto, description: 'The new copy' })
  async resend(@Param('id', ParseUUIDPipe) id: string) {
    return this.em.transactional(async (tx) => {
      const original = await tx.findOne(OutboxMessage, { id });
      if (!original) throw DomainError.notFound('NOTIFICATIONS.NOT_FOUND', 'Not found');
      const copy = OutboxMessage.resendFrom(original, SINGLE_USE_KINDS.has(original.kind), this.clock.now());
      tx.persist(copy);
      await tx.flush();
      return toDto(copy, await this.mailContext(copy));
    });
  }
}
