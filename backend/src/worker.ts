import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { WorkerModule } from './app.module';
import { ConfigError } from './config/environment';
import { JsonLogger } from './shared/logging';

/** The notifications worker: relays the outbox into BullMQ and sends mail. Scale by running more. */
async function main() {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(), { logger: new JsonLogger((process.env.LOG_LEVEL as 'info') ?? 'info', 'worker') });
  app.enableShutdownHooks();
  console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', service: 'worker', msg: 'worker started' }));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
