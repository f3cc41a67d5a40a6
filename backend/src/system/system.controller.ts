import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { FEATURE_FLAGS, type PublicConfig } from '@local-creators/common';
import { AppConfig } from '../config/app-config';
import { migrationsList } from '../migrations';
import { RedisClient } from '../shared/redis.module';
import { PUBLIC_READ } from '../shared/http/cache-control';
import { DatabaseHealth } from './database-health';
import { ShutdownState } from './shutdown';
import { HealthDto, PublicConfigDto } from './system.dto';

@ApiTags('system')
@Controller()
export class SystemController {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly database: DatabaseHealth,
    private readonly redis: RedisClient,
    private readonly shutdown: ShutdownState,
  ) {}

  @Get('config')
  @Header('Cache-Control', PUBLIC_READ)
  @ApiOkResponse({ type: PublicConfigDto })
  publicConfig(): PublicConfig {
    return { city: this.config.city, features: { ...FEATURE_FLAGS } };
  }

  /** Set once the database has every migration this code knows: it never goes back. */
  private schemaReady = false;

  /**
   * 200 while the database answers (Redis being down degrades, it does not fail the API); 503
   * "draining" once the process was told to stop, so nothing new is routed to it; 503 "migrations
   * pending" while the database lacks a migration this code needs, so an orchestrator that starts
   * a new version beside the migration job routes nothing to it before the job is done.
   */
  @Get('health')
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({ type: HealthDto, description: 'No database, a migration pending, or draining' })
  async health(@Res({ passthrough: true }) res: FastifyReply) {
    let database: 'up' | 'down' = 'up';
    try {
      if (this.schemaReady) await this.database.ping();
      else this.schemaReady = await this.hasEveryMigration();
    } catch {
      database = 'down';
    }
    let redis: 'up' | 'down' = 'down';
    try {
      redis = (await this.redis.client.ping()) === 'PONG' ? 'up' : 'down';
    } catch {
      redis = 'down';
    }
    const status = this.shutdown.draining
      ? 'draining'
      : database === 'down'
        ? 'unavailable'
        : this.schemaReady
          ? 'ok'
          : 'migrations pending';
    res.status(status === 'ok' ? 200 : 503);
    return { status, database, redis };
  }

  private async hasEveryMigration() {
    const names = await this.database.appliedMigrations();
    if (!names) return false; // a new database the migration job has not reached yet
    return migrationsList.every((migration) => names.has(migration.name));
  }
}
