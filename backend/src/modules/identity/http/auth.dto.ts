import { ApiProperty } from '@nestjs/swagger';
import type { AuthSession, AuthUser } from '@local-creators/common';
import { ROLES } from '@local-creators/common';
import {
  Int,
  Of,
  OfOrNull,
  OneOf,
  Optional,
  SomeOf,
  Str,
  Time,
  TimeOrNull,
  Uuid,
} from '../../../shared/http/api-schema';

// Validation of these bodies is the shared rule module's (exact spec messages, first failure
// only); the DTOs document the contract in OpenAPI.

export class CredentialsDto {
  @ApiProperty({ example: 'maya@example.com' }) email: string;
  @ApiProperty({ example: 'Sunny-Lake-42' }) password: string;
}

export class RefreshDto {
  @ApiProperty() refresh_token: string;
}

export class RecoverDto {
  @ApiProperty() email: string;
}

export class NewPasswordDto {
  @ApiProperty() password: string;
}

export class EmailConfirmationDto {
  @Str({ description: "The mailed link's token" }) token: string;
}

export class AppMetadataDto {
  @SomeOf(ROLES) roles: AuthUser['app_metadata']['roles'];
  @Optional({ type: String, isArray: true, nullable: true, description: "An admin's cities (slugs); null: every city" })
  admin_cities?: string[] | null;
}

export class AuthUserDto implements AuthUser {
  @Uuid() id: string;
  @Str() email: string;
  @Time() created_at: string;
  @TimeOrNull({ description: 'Null until the address is proven (decision 0508)' }) email_confirmed_at: string | null;
  @Of(() => AppMetadataDto) app_metadata: AppMetadataDto;
}

export class AuthSessionDto implements AuthSession {
  @Str() access_token: string;
  @Str() refresh_token: string;
  @OneOf(['bearer']) token_type: 'bearer';
  @Int({ description: 'Seconds' }) expires_in: number;
  @Int({ description: 'Unix seconds' }) expires_at: number;
  @Of(() => AuthUserDto) user: AuthUserDto;
}

export class PasswordChangedDto {
  @Of(() => AuthUserDto) user: AuthUserDto;
  @OfOrNull(() => AuthSessionDto, { description: 'A fresh session when a recovery token set the password' })
  session: AuthSessionDto | null;
}

export class EmailConfirmedDto {
  @OneOf(['confirmed', 'already_confirmed']) status: string;
  @Str() email: string;
}

export class ConfirmationSentDto {
  @OneOf(['sent', 'already_confirmed']) status: string;
}

export class RecoveryLinkDto {
  @Str() email: string;
}

/** `{}` whether or not the account exists. */
export class EmptyDto {}
