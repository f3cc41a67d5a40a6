import { ApiProperty } from '@nestjs/swagger';

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
