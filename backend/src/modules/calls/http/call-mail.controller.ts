import { Body, Controller, Get, Header, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { PERSONAL } from '../../../shared/http/cache-control';
import type { Principal } from '../../../shared/auth/principal';
import { Auth, CurrentUser } from '../../../shared/auth/access';
import { CallMail } from '../application/call-mail.service';
import { CallMailSettingDto } from './calls.dto';

/** Matching that reaches people (issue 40 point 3): a creator's matching open calls, their call-mail setting, and the mail's one-click unsubscribe. */
@ApiTags('calls')
@Controller()
export class CallMailController {
  constructor(private readonly mail: CallMail) {}

  @Get('me/matching-calls')
  @Auth()
  @Header('Cache-Control', PERSONAL)
  matching(@CurrentUser() user: Principal) {
    return this.mail.matchingFor(user);
  }

  @Put('me/call-mail')
  @Auth()
  @ApiBody({ type: CallMailSettingDto })
  setMail(@CurrentUser() user: Principal, @Body() body: unknown) {
    return this.mail.setMail(user, body);
  }

  /** RFC 8058: a mail client POSTs `List-Unsubscribe=One-Click` to the List-Unsubscribe address; no sign-in, the token is the proof. */
  @Post('calls/mail/unsubscribe')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } } } })
  unsubscribe(@Query('token') token?: unknown) {
    return this.mail.unsubscribe(token);
  }
}
