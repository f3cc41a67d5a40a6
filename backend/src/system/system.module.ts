import { Module } from '@nestjs/common';
import { DatabaseHealth } from './database-health';
import { ShutdownState } from './shutdown';
import { SqlDatabaseHealth } from './sql-database-health';
import { SystemController } from './system.controller';

/** What the API says about itself: the public configuration and health (draining on SIGTERM). */
@Module({
  controllers: [SystemController],
  providers: [ShutdownState, { provide: DatabaseHealth, useClass: SqlDatabaseHealth }],
  exports: [ShutdownState],
})
export class SystemModule {}
