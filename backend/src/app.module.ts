import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE, RouterModule } from '@nestjs/core';
import { LoggerModule, type Params as LoggingParams } from 'nestjs-pino';
import { ScheduleModule } from '@nestjs/schedule';
import { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { AccountsModule, IdentityModule } from './modules/identity';
import { VerifiedBadgeModule } from './modules/directory';
import { CityModule } from './modules/city';
import { NotificationsModule, NotificationsWorkerModule } from './modules/notifications';
import { DomainExceptionFilter } from './shared/domain-exception.filter';
import { RedisModule } from './shared/redis.module';
import { StorableTextPipe } from './shared/storable-text.pipe';
import { SharedModule } from './shared/shared.module';
import { SystemModule } from './system/system.module';
import { WebModule } from './web/web.module';
import { FEATURE_MODULES } from './feature-modules';

/** The modules whose controllers answer under /api; the pages (WebModule) answer at the root. */
const API_MODULES = [CityModule, IdentityModule, NotificationsModule, SystemModule, ...FEATURE_MODULES];

/** The HTTP API: every module's controllers under /api, and the site's pages. */
@Module({})
export class AppModule {
  /** `logging`: how the API logs (http-app.ts); the CLI, which answers no requests, logs as the worker does. */
  static forRoot(
    env: Record<string, string | undefined> | AppConfig = {},
    opts: { logging?: LoggingParams } = {},
  ): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...(opts.logging ? [LoggerModule.forRoot(opts.logging)] : []),
        AppConfigModule.forRoot(env),
        DatabaseModule,
        RedisModule,
        SharedModule,
        // The API process's sweeps (follower reminders, unanswered messages) register here; it clears them on shutdown.
        ScheduleModule.forRoot(),
        WebModule,
        AccountsModule,
        ...API_MODULES,
        // At the root, like the pages: the badge's address is embedded on other sites (decision 0802).
        VerifiedBadgeModule,
        RouterModule.register([{ path: 'api', children: API_MODULES }]),
      ],
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
      // CityModule: a mail links to its record's city pages (decision 0654).
      imports: [
        AppConfigModule.forRoot(env),
        DatabaseModule,
        SharedModule,
        CityModule,
        AccountsModule,
        NotificationsWorkerModule,
      ],
    };
  }
}
