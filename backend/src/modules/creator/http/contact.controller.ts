import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AdminContactCounts } from '@local-creators/common';
import type { Principal } from '../../../shared/auth/principal';
import { Auth, ClientIp, CurrentUser, OptionalAuth } from '../../../shared/auth/access';
import { cityScope } from '../../../shared/auth/city-scope';
import { parseListQuery, sendList } from '../../../shared/ra-list';
import { Idempotent } from '../../../shared/http/idempotency.interceptor';
import { ContactRequests } from '../application/contact-requests.service';
import { ReplyTimes } from '../application/reply-times';
import {
  AdminContactCountsDto,
  BrandReplyRecordedDto,
  ContactRequestInputDto,
  ReceivedContactRequestDto,
  ReplyRecordedDto,
  SentDto,
  TokenDto,
} from './creator.dto';
import { RaListQuery } from '../../../shared/http/api-schema';

const COUNT_SORTS = ['total', 'last_7_days', 'last_received_at'] as const;

/** Brands writing to creators (decision 0501): the public form, the creator's list, the admins' counts. */
@ApiTags('creator')
@Controller()
export class ContactController {
  constructor(
    private readonly contact: ContactRequests,
    private readonly replies: ReplyTimes,
  ) {}

  /**
   * Anyone may write to a listed creator who keeps the form on: `{ brand_name, email, message, budget_range? }`.
   * Signed in with a confirmed address and writing from it, the sender is proven (decision 0840).
   */
  @Post('creators/:id/contact')
  @OptionalAuth()
  @Idempotent()
  @HttpCode(201)
  @ApiBody({ type: ContactRequestInputDto })
  @ApiCreatedResponse({ type: SentDto })
  send(@Param('id') id: string, @Body() body: unknown, @ClientIp() ip: string, @CurrentUser() user?: Principal) {
    return this.contact.send({ profileId: id, body, clientIp: ip, user });
  }

  /**
   * The creator's one-click "I replied" link (decision 0710): `{ token }` from the relay mail's
   * `/replied#token=…`. A POST behind a button, so a mail scanner opening the link records nothing;
   * repeating it answers `already_recorded`.
   */
  @Post('contact-replies')
  @HttpCode(200)
  @ApiBody({ type: TokenDto, description: "The secret of the mail's /replied#token=… link" })
  @ApiOkResponse({ type: ReplyRecordedDto })
  replied(@Body() body: unknown) {
    return this.replies.recordReply(body);
  }

  /**
   * The brand's one-click "They replied" link (decision 0841): `{ token }` from the brand's copy's
   * `/they-replied#token=…`. The only reply that counts for the creator's public reply time.
   */
  @Post('contact-replies/brand')
  @HttpCode(200)
  @ApiBody({ type: TokenDto, description: "The secret of the brand's /they-replied#token=… link" })
  @ApiOkResponse({ type: BrandReplyRecordedDto })
  theyReplied(@Body() body: unknown) {
    return this.replies.confirmReply(body);
  }

  @Get('me/contact-requests')
  @Auth()
  @ApiOkResponse({ type: [ReceivedContactRequestDto], description: 'Newest first, at most 200' })
  received(@CurrentUser() user: Principal) {
    return this.contact.received(user);
  }

  /** A ra-data-simple-rest list: one row per creator who received messages, without the messages. */
  @Get('admin/contact-requests')
  @Auth('admin')
  @ApiOkResponse({ type: [AdminContactCountsDto] })
  async counts(
    @CurrentUser() admin: Principal,
    @Query() query: RaListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<AdminContactCounts[]> {
    const q = parseListQuery<{ city?: unknown }>(query, {
      sortable: [...COUNT_SORTS],
      defaultSort: ['last_received_at', 'DESC'],
    });
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
