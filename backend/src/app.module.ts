import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { LoggerModule, type Params as LoggingParams } from 'nestjs-pino';
import { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { AccountsModule, IdentityModule } from './modules/identity';
import { NotificationsModule, NotificationsWorkerModule } from './modules/notifications';
import { DomainExceptionFilter } from './shared/domain-exception.filter';
import { RedisModule } from './shared/redis.module';
import { StorableTextPipe } from './shared/storable-text.pipe';
import { SharedModule } from './shared/shared.module';
import { ShutdownState } from './system/shutdown';
import { SystemController } from './system/system.controller';
import { WebModule } from './web/web.module';
import { FEATURE_MODULES } from './feature-modules';

/** The HTTP API: every module's controllers under /api. */
@Module({})
export class AppModule {
  /** `logging`: how the API logs (http-app.ts); the CLI, which answers no requests, logs as the worker does. */
  static forRoot(env: Record<string, string | undefined> | AppConfig = {}, opts: { logging?: LoggingParams } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...(opts.logging ? [LoggerModule.forRoot(opts.logging)] : []),
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
      providers: [{ provide: APP_FILTER, useClass: DomainExceptionFilter }, { provide: APP_PIPE, useClass: StorableTextPipe }, ShutdownState],
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
