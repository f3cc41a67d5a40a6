import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ClientIp } from '../../../shared/auth/access';
import { PERSONAL } from '../../../shared/http/cache-control';
import { Idempotent } from '../../../shared/http/idempotency.interceptor';
import { Shortlists } from '../application/shortlists.service';
import {
  CreatedShortlistDto,
  OwnShortlistDto,
  SentToConfirmDto,
  ShareTokenDto,
  SharedShortlistDto,
  ShortlistDeliveriesDto,
  ShortlistMessageDto,
  ShortlistNameDto,
  ShortlistNoteDto,
  TokenDto,
} from './creator.dto';

const ownerToken = () =>
  ApiQuery({ name: 'token', required: true, description: "The list's owner secret (43 characters, base64url)" });
const shareToken = () => ApiQuery({ name: 'token', required: true, description: "The list's read-only share secret" });

/** A file name for the download: the list's name in plain letters. */
const fileName = (name: string) =>
  `${
    name
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'shortlist'
  }.csv`;

/**
 * Shortlists without an account (issue 27, decision 0700). The owner's secret and the share
 * link's secret travel as `?token=`: never in a path, which the request log and proxies keep;
 * the logs redact `token=` wherever it appears. Every answer is private, never stored.
 */
@ApiTags('shortlists')
@Controller('shortlists')
export class ShortlistsController {
  constructor(private readonly shortlists: Shortlists) {}

  /** Starts a list: `{ name? }`. The answer carries its secret `token`, once. */
  @Post()
  @Idempotent()
  @HttpCode(201)
  @Header('Cache-Control', PERSONAL)
  @ApiBody({ type: ShortlistNameDto })
  @ApiCreatedResponse({ type: CreatedShortlistDto })
  start(@Body() body: unknown, @ClientIp() ip: string) {
    return this.shortlists.start(body, ip);
  }

  @Get('own')
  @ownerToken()
  @Header('Cache-Control', PERSONAL)
  @ApiOkResponse({ type: OwnShortlistDto })
  own(@Query('token') token: unknown) {
    return this.shortlists.own(token);
  }

  /** Renames the list: `{ name }`. */
  @Patch('own')
  @ownerToken()
  @Header('Cache-Control', PERSONAL)
  @ApiBody({ type: ShortlistNameDto })
  @ApiOkResponse({ type: OwnShortlistDto })
  rename(@Query('token') token: unknown, @Body() body: unknown) {
    return this.shortlists.rename(token, body);
  }

  /** Saves a listed creator, or sets the note of one on the list: `{ note? }`. */
  @Put('own/creators/:profileId')
  @ownerToken()
  @Header('Cache-Control', PERSONAL)
  @ApiBody({ type: ShortlistNoteDto })
  @ApiOkResponse({ type: OwnShortlistDto })
  save(@Query('token') token: unknown, @Param('profileId') profileId: string, @Body() body: unknown) {
    return this.shortlists.save(token, profileId, body);
  }

  @Delete('own/creators/:profileId')
  @ownerToken()
  @Header('Cache-Control', PERSONAL)
  @ApiOkResponse({ type: OwnShortlistDto })
  remove(@Query('token') token: unknown, @Param('profileId') profileId: string) {
    return this.shortlists.remove(token, profileId);
  }

  /** A new read-only link (`share_token`, once); an earlier one stops working. */
  @Post('own/share')
  @ownerToken()
  @HttpCode(201)
  @Header('Cache-Control', PERSONAL)
  @ApiCreatedResponse({ type: ShareTokenDto })
  share(@Query('token') token: unknown) {
    return this.shortlists.share(token);
  }

  @Delete('own/share')
  @ownerToken()
  @HttpCode(204)
  @Header('Cache-Control', PERSONAL)
  async revoke(@Query('token') token: unknown) {
    await this.shortlists.revokeShare(token);
  }

  @Get('own/export.csv')
  @ownerToken()
  @ApiProduces('text/csv')
  @ApiOkResponse({ schema: { type: 'string' }, description: 'The list as CSV, as a download' })
  async exportOwn(@Query('token') token: unknown, @Res() res: FastifyReply) {
    sendCsv(res, await this.shortlists.exportOwn(token));
  }

  /** One message to everyone on the list: `{ brand_name, email, message, budget_range? }`; a link is mailed to `email` first. */
  @Post('own/messages')
  @Idempotent()
  @ownerToken()
  @HttpCode(202)
  @Header('Cache-Control', PERSONAL)
  @ApiBody({ type: ShortlistMessageDto })
  @ApiAcceptedResponse({ type: SentToConfirmDto })
  message(@Query('token') token: unknown, @Body() body: unknown, @ClientIp() ip: string) {
    return this.shortlists.requestMessage(token, body, ip);
  }

  /** The mailed link's page posts `{ token }`: each creator on the list is mailed, under the relay's limits. */
  @Post('messages/confirm')
  @HttpCode(200)
  @Header('Cache-Control', PERSONAL)
  @ApiBody({ type: TokenDto })
  @ApiOkResponse({ type: ShortlistDeliveriesDto })
  confirm(@Body() body: unknown) {
    return this.shortlists.confirmMessage(body);
  }

  /** The read-only view anyone holding the share link sees. */
  @Get('shared')
  @shareToken()
  @Header('Cache-Control', PERSONAL)
  @ApiOkResponse({ type: SharedShortlistDto })
  shared(@Query('token') token: unknown) {
    return this.shortlists.shared(token);
  }

  @Get('shared/export.csv')
  @shareToken()
  @ApiProduces('text/csv')
  @ApiOkResponse({ schema: { type: 'string' }, description: 'The list as CSV, as a download' })
  async exportShared(@Query('token') token: unknown, @Res() res: FastifyReply) {
    sendCsv(res, await this.shortlists.exportShared(token));
  }
}

function sendCsv(res: FastifyReply, file: { name: string; csv: string }) {
  void res
    .header('Cache-Control', PERSONAL)
    .header('Content-Disposition', `attachment; filename="${fileName(file.name)}"`)
    .type('text/csv; charset=utf-8')
    .send(file.csv);
}
