import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AppConfig } from '../../config/app-config';
import { NotificationsModule } from '../notifications';
import { AuthService } from './application/auth.service';
import { AdminCities } from './application/admin-cities.service';
import { PasswordHasher } from './application/password-hasher';
import { AuthController } from './http/auth.controller';
import { JwtAuthGuard, RolesGuard } from '../../shared/auth/guards';
import { SessionLookup } from './application/account-directory';
import { JwtStrategy } from './infrastructure/jwt.strategy';
import { SqlSessionLookup } from './infrastructure/sql-account-directory';
import { Argon2PasswordHasher } from './infrastructure/argon2-password-hasher';
import { IDENTITY_SCHEMAS } from './infrastructure/identity.schemas';

/** Accounts, sessions, roles and password recovery; the 'jwt' strategy the shared guards run (shared/auth). */
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
  providers: [
    AuthService,
    AdminCities,
    JwtStrategy,
    JwtAuthGuard,
    RolesGuard,
    { provide: PasswordHasher, useClass: Argon2PasswordHasher },
    { provide: SessionLookup, useClass: SqlSessionLookup },
  ],
  exports: [AuthService, AdminCities, JwtAuthGuard, RolesGuard, MikroOrmModule],
})
export class IdentityModule {}
