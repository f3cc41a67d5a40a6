import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AppConfig } from '../../config/app-config';
import { NotificationsModule } from '../notifications/notifications.module';
import { AuthService } from './application/auth.service';
import { PasswordHasher } from './application/password-hasher';
import { AuthController } from './http/auth.controller';
import { JwtAuthGuard, RolesGuard } from './http/auth.decorators';
import { JwtStrategy } from './http/jwt.strategy';
import { Argon2PasswordHasher } from './infrastructure/argon2-password-hasher';
import { IDENTITY_SCHEMAS } from './infrastructure/identity.schemas';

/** Accounts, sessions, roles and password recovery. Exports the guards other modules put on routes. */
@Module({
  imports: [
    MikroOrmModule.forFeature(IDENTITY_SCHEMAS),
    PassportModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ secret: config.auth.jwtSecret, signOptions: { algorithm: 'HS256' } }),
    }),
    NotificationsModule,
  ],
  controllers: [AuthController],
  providers: [AuthService, JwtStrategy, JwtAuthGuard, RolesGuard, { provide: PasswordHasher, useClass: Argon2PasswordHasher }],
  exports: [AuthService, JwtAuthGuard, RolesGuard, MikroOrmModule],
})
export class IdentityModule {}
