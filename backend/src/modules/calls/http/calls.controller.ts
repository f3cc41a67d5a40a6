import { Body, Controller, Get, Header, Param, Post, Query } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { CallInputDto } from './calls.dto';
import { PERSONAL, PUBLIC_READ } from '../../../shared/http/cache-control';
import { Idempotent } from '../../../shared/http/idempotency.interceptor';
import type { Principal } from '../../../shared/auth/principal';
import { Auth, CurrentUser } from '../../../shared/auth/access';
import { PostCalls } from '../application/post-calls.service';
import { PublicCalls } from '../application/public-calls.service';

/** Open calls (issue 40): a business posts one and reads its own; anyone reads a city's approved ones. */
@ApiTags('calls')
@Controller()
export class CallsController {
  constructor(
    private readonly post: PostCalls,
    private readonly pub: PublicCalls,
  ) {}

  /** The form's fields (common's validateCall) and `city`, a slug (the home city without one). */
  @Post('calls')
  @ApiBody({ type: CallInputDto })
  @Auth()
  @Idempotent()
  create(@CurrentUser() user: Principal, @Body() body: unknown) {
    return this.post.post(user, body);
  }

  @Get('me/calls')
  @Auth()
  @Header('Cache-Control', PERSONAL)
  mine(@CurrentUser() user: Principal) {
    return this.post.mine(user);
  }

  @Get('calls')
  @Header('Cache-Control', PUBLIC_READ)
  list(@Query('city') city?: unknown) {
    return this.pub.list(city);
  }

  @Get('calls/:id')
  @Header('Cache-Control', PUBLIC_READ)
  one(@Param('id') id: string) {
    return this.pub.one(id);
  }
}
