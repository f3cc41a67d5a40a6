import { Body, Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { PERSONAL } from '../../../shared/http/cache-control';
import { Idempotent } from '../../../shared/http/idempotency.interceptor';
import type { Principal } from '../../../shared/auth/principal';
import { Auth, CurrentUser } from '../../../shared/auth/access';
import { AnswerCalls } from '../application/answer-calls.service';
import { CallAnswerInputDto } from './calls.dto';

/**
 * Answers through the relay (issue 40 point 4): a listed creator answers an open call; the call's
 * business reads the answers, picks creators and tells the others (decisions 0914–0917).
 */
@ApiTags('calls')
@Controller()
@Auth()
export class CallAnswersController {
  constructor(private readonly answers: AnswerCalls) {}

  /** `{ note }` (common's validateCallAnswer): a listed creator with a proven address, a call of their city still taking answers. */
  @Post('calls/:id/answers')
  @ApiBody({ type: CallAnswerInputDto })
  @Idempotent()
  answer(@CurrentUser() user: Principal, @Param('id') id: string, @Body() body: unknown) {
    return this.answers.answer(user, id, body);
  }

  @Get('calls/:id/my-answer')
  @Header('Cache-Control', PERSONAL)
  mine(@CurrentUser() user: Principal, @Param('id') id: string) {
    return this.answers.mine(user, id);
  }

  /** The call's own business only (404 for anyone else). */
  @Get('me/calls/:id/answers')
  @Header('Cache-Control', PERSONAL)
  ofCall(@CurrentUser() user: Principal, @Param('id') id: string) {
    return this.answers.ofCall(user, id);
  }

  /** "Tell the others": every answer not picked is told so, once; the call takes no more answers. */
  @Post('me/calls/:id/answers/finish')
  @HttpCode(200)
  finish(@CurrentUser() user: Principal, @Param('id') id: string) {
    return this.answers.finish(user, id);
  }

  @Post('me/calls/:id/answers/:answerId/pick')
  @HttpCode(200)
  pick(@CurrentUser() user: Principal, @Param('id') id: string, @Param('answerId') answerId: string) {
    return this.answers.pick(user, id, answerId);
  }
}
