import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type {
  CreatedWebhookSubscription,
  WebhookAttempt as AttemptDto,
  WebhookSubscription as SubscriptionDto,
} from '@local-creators/common';
import { Clock } from '../../../shared/clock';
import { DomainError } from '../../../shared/domain-error';
import { parseListQuery, sendList } from '../../../shared/ra-list';
import { Auth, EveryCity } from '../../../shared/auth/access';
import { WebhookAttemptReads } from '../application/webhook-attempt-reads';
import { WebhookSender, WebhookTargetRefused } from '../application/webhook-sender';
import { subscriptionInput, WebhookAttempt, WebhookSubscription } from '../domain/webhook';
import {
  CreatedWebhookSubscriptionDto,
  NewWebhookDto,
  WebhookAttemptDto,
  WebhookEnabledDto,
  WebhookSubscriptionDto,
} from './notifications.dto';
import { RaListQuery } from '../../../shared/http/api-schema';

type LastAttempt = SubscriptionDto['last_attempt'];

const toDto = (s: WebhookSubscription, last: LastAttempt = null): SubscriptionDto => ({
  id: s.id,
  url: s.url,
  events: [...s.events],
  description: s.description,
  enabled: s.enabled,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
  last_attempt: last,
});

const toAttemptDto = (a: WebhookAttempt): AttemptDto => ({
  id: a.id,
  subscription_id: a.subscriptionId,
  delivery_id: a.deliveryId,
  event_id: a.eventId,
  event: a.event,
  attempt: a.attempt,
  attempted_at: a.attemptedAt.toISOString(),
  status_code: a.statusCode,
  error: a.error,
  outcome: a.outcome,
  next_retry_at: a.nextRetryAt?.toISOString() ?? null,
});

const notFound = () => DomainError.notFound('WEBHOOKS.NOT_FOUND', 'Webhook not found');

/**
 * The partners' webhooks (issue 28 point 4, decision 0810): admins of every city add an endpoint
 * and its events, see its signing secret once, turn it off and on, delete it, and read its log.
 */
@ApiTags('admin', 'webhooks')
@Auth('admin')
// A partner hears of every city's events: for admins of every city only (decision 0601).
@EveryCity()
@Controller('admin/webhooks')
export class AdminWebhooksController {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly sender: WebhookSender,
    private readonly attempts: WebhookAttemptReads,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Partners’ webhooks, newest first (ra-data-simple-rest list); never their secrets' })
  @ApiOkResponse({ type: [WebhookSubscriptionDto] })
  async list(@Query() query: RaListQuery, @Res({ passthrough: true }) res: FastifyReply): Promise<SubscriptionDto[]> {
    const q = parseListQuery(query, { sortable: ['created_at', 'url'], defaultSort: ['created_at', 'DESC'] });
    const [items, total] = await this.em.findAndCount(
      WebhookSubscription,
      {},
      {
        orderBy: { [q.sortField === 'url' ? 'url' : 'createdAt']: q.sortOrder.toLowerCase(), id: 'asc' },
        offset: q.offset,
        limit: q.limit,
      },
    );
    const last = await this.lastAttempts(items.map((s) => s.id));
    return sendList(
      res,
      'webhooks',
      q,
      items.map((s) => toDto(s, last.get(s.id) ?? null)),
      total,
    );
  }

  @Get(':id')
  @ApiOkResponse({ type: WebhookSubscriptionDto })
  async one(@Param('id', ParseUUIDPipe) id: string): Promise<SubscriptionDto> {
    const s = await this.em.findOne(WebhookSubscription, { id });
    if (!s) throw notFound();
    return toDto(s, (await this.lastAttempts([s.id])).get(s.id) ?? null);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Adds a webhook; the answer carries its signing secret, the only time it is sent' })
  @ApiBody({ type: NewWebhookDto })
  @ApiCreatedResponse({
    type: CreatedWebhookSubscriptionDto,
    description: 'The subscription and its `secret` (whsec_…)',
  })
  async create(@Body() body: unknown): Promise<CreatedWebhookSubscription> {
    const input = subscriptionInput(body);
    try {
      await this.sender.check(input.url);
    } catch (error) {
      if (error instanceof WebhookTargetRefused)
        throw DomainError.invalid('WEBHOOKS.URL_REFUSED', error.message, 'url');
      throw error;
    }
    const s = WebhookSubscription.create(input, this.clock.now());
    await this.em.persist(s).flush();
    return { ...toDto(s), secret: s.secret };
  }

  /** `{ enabled }`: a disabled webhook gets no new events, and a delivery still waiting is not sent. */
  @Put(':id')
  @ApiBody({ type: WebhookEnabledDto })
  @ApiOkResponse({ type: WebhookSubscriptionDto })
  async update(@Param('id', ParseUUIDPipe) id: string, @Body() body: unknown): Promise<SubscriptionDto> {
    const enabled = (body as { enabled?: unknown } | null)?.enabled;
    if (typeof enabled !== 'boolean')
      throw DomainError.invalid('WEBHOOKS.BAD_ENABLED', 'enabled must be true or false', 'enabled');
    const s = await this.em.findOne(WebhookSubscription, { id });
    if (!s) throw notFound();
    s.setEnabled(enabled, this.clock.now());
    await this.em.flush();
    return toDto(s, (await this.lastAttempts([s.id])).get(s.id) ?? null);
  }

  /** Deletes the webhook and its log; deliveries still waiting fail without a request. */
  @Delete(':id')
  @ApiOkResponse({ type: WebhookSubscriptionDto, description: 'What was deleted' })
  async remove(@Param('id', ParseUUIDPipe) id: string): Promise<SubscriptionDto> {
    const s = await this.em.findOne(WebhookSubscription, { id });
    if (!s) throw notFound();
    const dto = toDto(s);
    await this.em.remove(s).flush();
    return dto;
  }

  private async lastAttempts(ids: string[]): Promise<Map<string, LastAttempt>> {
    if (ids.length === 0) return new Map();
    const rows = await this.attempts.lastOf(ids);
    return new Map(
      rows.map((r) => [r.subscription_id, { at: new Date(r.attempted_at).toISOString(), outcome: r.outcome }]),
    );
  }
}

/** A webhook's delivery log, newest first: `filter={"subscription_id":"…"}` (ra-data-simple-rest list). */
@ApiTags('admin', 'webhooks')
@Auth('admin')
@EveryCity()
@Controller('admin/webhook-attempts')
export class AdminWebhookAttemptsController {
  constructor(private readonly em: EntityManager) {}

  @Get()
  @ApiOperation({
    summary: 'Delivery log of the partners’ webhooks: event, time, attempt, HTTP status or error, next retry',
  })
  @ApiOkResponse({ type: [WebhookAttemptDto], description: 'Filter { subscription_id }' })
  async list(@Query() query: RaListQuery, @Res({ passthrough: true }) res: FastifyReply): Promise<AttemptDto[]> {
    const q = parseListQuery<{ subscription_id?: unknown; delivery_id?: unknown }>(query, {
      sortable: ['attempted_at'],
      defaultSort: ['attempted_at', 'DESC'],
    });
    const where: Record<string, unknown> = {};
    for (const [key, field] of [
      ['subscription_id', 'subscriptionId'],
      ['delivery_id', 'deliveryId'],
    ] as const) {
      const value = q.filter[key];
      if (value === undefined) continue;
      if (typeof value !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
        throw DomainError.invalid('LIST.BAD_FILTER', `Invalid ${key}`, key);
      where[field] = value;
    }
    const [items, total] = await this.em.findAndCount(WebhookAttempt, where, {
      orderBy: { attemptedAt: q.sortOrder.toLowerCase(), attempt: q.sortOrder.toLowerCase() } as never,
      offset: q.offset,
      limit: q.limit,
    });
    return sendList(res, 'webhook-attempts', q, items.map(toAttemptDto), total);
  }
}
