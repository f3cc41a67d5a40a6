import { Module, OnModuleInit } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { MikroORM } from '@mikro-orm/postgresql';
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
import { AccountWritesSubscriber, KeptSessionLookup } from './infrastructure/kept-session-checks';
import { Argon2PasswordHasher } from './infrastructure/argon2-password-hasher';
import { IDENTITY_TABLES } from './infrastructure/identity-tables';

/** Accounts, sessions, roles and password recovery; the 'jwt' strategy the shared guards run (shared/auth). */
@Module({
  imports: [
    MikroOrmModule.forFeature(Object.values(IDENTITY_TABLES)),
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
    SqlSessionLookup,
    KeptSessionLookup,
    // Session checks kept between the database's announcements (decision 0264).
    { provide: SessionLookup, useExisting: KeptSessionLookup },
  ],
  exports: [AuthService, AdminCities, JwtAuthGuard, RolesGuard, MikroOrmModule],
})
export class IdentityModule implements OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    private readonly sessions: KeptSessionLookup,
  ) {}

  onModuleInit() {
    // This process's own writes forget the kept session checks as they flush and commit.
    this.orm.em.getEventManager().registerSubscriber(new AccountWritesSubscriber(this.sessions.checks));
  }
}
