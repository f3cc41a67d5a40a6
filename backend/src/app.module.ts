import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { AccountsModule, IdentityModule } from './modules/identity';
import { NotificationsModule, NotificationsWorkerModule } from './modules/notifications';
import { DomainExceptionFilter } from './shared/domain-exception.filter';
import { RedisModule } from './shared/redis.module';
import { StorableTextPipe } from './shared/storable-text.pipe';
import { SharedModule } from './shared/shared.module';
import { SystemController } from './system/system.controller';
import { WebModule } from './web/web.module';
import { FEATURE_MODULES } from './feature-modules';

/** The HTTP API: every module's controllers under /api. */
@Module({})
export class AppModule {
  static forRoot(env: Record<string, string | undefined> | AppConfig = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(env),
        DatabaseModule,
        RedisModule,
        SharedModule,
        WebModule,
        AccountsModule,
        IdentityModule,
        NotificationsModule,
        ...FEATURE_MODULES,
      ],
      controllers: [SystemController],
      providers: [
        { provide: APP_FILTER, useClass: DomainExceptionFilter },
        { provide: APP_PIPE, useClass: StorableTextPipe },
      ],
    };
  }
}

/** The worker process: outbox relay and notification delivery, no HTTP. */
@Module({})
export class WorkerModule {
  static forRoot(env: Record<string, string | undefined> = {}): DynamicModule {
    return {
      module: WorkerModule,
      imports: [AppConfigModule.forRoot(env), DatabaseModule, SharedModule, AccountsModule, NotificationsWorkerModule],
    };
  }
}
