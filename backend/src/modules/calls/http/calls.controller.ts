import { Body, Controller, Get, Header, Param, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { CallInputDto } from './calls.dto';
import { PERSONAL, PUBLIC_READ } from '../../../shared/http/cache-control';
import { Idempotent } from '../../../shared/http/idempotency.interceptor';
import type { Principal } from '../../../shared/auth/principal';
import { Auth, CurrentUser } from '../../../shared/auth/access';
import { PostCalls } from '../application/post-calls.service';
import { PublicCalls } from '../application/public-calls.service';
import { CallVisits } from '../application/call-visits';

/** Open calls (issue 40): a business posts one and reads its own; anyone reads a city's approved ones. */
@ApiTags('calls')
@Controller()
export class CallsController {
  constructor(
    private readonly post: PostCalls,
    private readonly pub: PublicCalls,
    private readonly visits: CallVisits,
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

  /** A public call; its read is a view when the view gate says a person made it (decision 0920), checked after the answer. */
  @Get('calls/:id')
  @Header('Cache-Control', PUBLIC_READ)
  async one(@Param('id') id: string, @Req() req: FastifyRequest) {
    const call = await this.pub.one(id);
    this.visits.viewed(call, { userAgent: req.headers['user-agent'], ip: req.ip });
    return call;
  }
}
