import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AdminContactCounts } from '@local-creators/common';
import type { Principal } from '../../../shared/auth/principal';
import { Auth, ClientIp, CurrentUser } from '../../../shared/auth/access';
import { cityScope } from '../../../shared/auth/city-scope';
import { parseListQuery, sendList } from '../../../shared/ra-list';
import { Idempotent } from '../../../shared/http/idempotency.interceptor';
import { ContactRequests } from '../application/contact-requests.service';
import { ReplyTimes } from '../application/reply-times';

const COUNT_SORTS = ['total', 'last_7_days', 'last_received_at'] as const;

/** Brands writing to creators (decision 0501): the public form, the creator's list, the admins' counts. */
@ApiTags('creator')
@Controller()
export class ContactController {
  constructor(
    private readonly contact: ContactRequests,
    private readonly replies: ReplyTimes,
  ) {}

  /** Anyone may write to a listed creator who keeps the form on: `{ brand_name, email, message, budget_range? }`. */
  @Post('creators/:id/contact')
  @Idempotent()
  @HttpCode(201)
  send(@Param('id') id: string, @Body() body: unknown, @ClientIp() ip: string) {
    return this.contact.send({ profileId: id, body, clientIp: ip });
  }

  /**
   * The creator's one-click "I replied" link (decision 0710): `{ token }` from the relay mail's
   * `/replied#token=…`. A POST behind a button, so a mail scanner opening the link records nothing;
   * repeating it answers `already_recorded`.
   */
  @Post('contact-replies')
  @HttpCode(200)
  @ApiBody({
    schema: { type: 'object', required: ['token'], properties: { token: { type: 'string', description: "The secret of the mail's /replied#token=… link" } } },
  })
  @ApiOkResponse({ description: "{ status: 'recorded' | 'already_recorded', brand_name }" })
  replied(@Body() body: unknown) {
    return this.replies.recordReply(body);
  }

  @Get('me/contact-requests')
  @Auth()
  received(@CurrentUser() user: Principal) {
    return this.contact.received(user);
  }

  /** A ra-data-simple-rest list: one row per creator who received messages, without the messages. */
  @Get('admin/contact-requests')
  @Auth('admin')
  async counts(
    @CurrentUser() admin: Principal,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<AdminContactCounts[]> {
    const q = parseListQuery<{ city?: unknown }>(query, { sortable: [...COUNT_SORTS], defaultSort: ['last_received_at', 'DESC'] });
    const { items, total } = await this.contact.countsPerCreator({
      offset: q.offset,
      limit: q.limit,
      sort: q.sortField as (typeof COUNT_SORTS)[number],
      order: q.sortOrder,
      cities: cityScope(admin, q.filter.city),
    });
    return sendList(res, 'contact-requests', q, items, total);
  }
}
