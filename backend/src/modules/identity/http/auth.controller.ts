import { Body, Controller, Get, Headers, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthService } from '../application/auth.service';
import type { Principal } from '../../../shared/auth/principal';
import { AllowRecoveryToken, Auth, ClientIp, CurrentUser } from '../../../shared/auth/access';
import { Idempotent, ResumedAfterLostAnswer } from '../../../shared/http/idempotency.interceptor';
import {
  AuthSessionDto,
  AuthUserDto,
  ConfirmationSentDto,
  CredentialsDto,
  EmailConfirmationDto,
  EmailConfirmedDto,
  EmptyDto,
  NewPasswordDto,
  PasswordChangedDto,
  RecoverDto,
  RecoveryLinkDto,
  RefreshDto,
} from './auth.dto';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('signup')
  @Idempotent()
  @ApiCreatedResponse({ type: AuthSessionDto })
  signUp(@Body() body: CredentialsDto, @ClientIp() ip: string, @ResumedAfterLostAnswer() resumed: boolean) {
    return this.auth.signUp(body, ip, resumed);
  }

  @Post('login')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthSessionDto })
  signIn(@Body() body: CredentialsDto, @ClientIp() ip: string) {
    return this.auth.signIn(body, ip);
  }

  @Post('refresh')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthSessionDto })
  refresh(@Body() body: RefreshDto) {
    return this.auth.refresh(body?.refresh_token);
  }

  @Post('logout')
  @HttpCode(204)
  @Auth()
  async signOut(@CurrentUser() user: Principal) {
    await this.auth.signOut(user);
  }

  @Post('recover')
  @HttpCode(200)
  @ApiOkResponse({ type: EmptyDto })
  async recover(@Body() body: RecoverDto, @ClientIp() ip: string) {
    await this.auth.requestRecovery(body, ip);
    return {};
  }

  /** Whether the recovery link (its token as the bearer) can still set a password: 200 `{ email }` or 401. */
  @Get('recovery')
  @ApiOkResponse({ type: RecoveryLinkDto })
  checkRecovery(@Headers('authorization') authorization?: string) {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? null;
    return this.auth.checkRecoveryLink(token);
  }

  /** The confirmation link's token (the /confirm-email page sends it): proves the account's address. */
  @Post('confirm-email')
  @HttpCode(200)
  @ApiBody({ type: EmailConfirmationDto })
  @ApiOkResponse({ type: EmailConfirmedDto })
  confirmEmail(@Body() body: unknown) {
    return this.auth.confirmEmail(body);
  }

  @Post('confirm-email/resend')
  @HttpCode(200)
  @Auth()
  @ApiOkResponse({ type: ConfirmationSentDto })
  resendConfirmation(@CurrentUser() user: Principal) {
    return this.auth.resendConfirmation(user);
  }

  @Get('user')
  @Auth()
  @ApiOkResponse({ type: AuthUserDto })
  user(@CurrentUser() user: Principal) {
    return this.auth.currentUser(user);
  }

  @Put('user')
  @Auth()
  @AllowRecoveryToken()
  @ApiOkResponse({ type: PasswordChangedDto })
  updatePassword(@CurrentUser() user: Principal, @Body() body: NewPasswordDto) {
    return this.auth.updatePassword(user, body);
  }
}
