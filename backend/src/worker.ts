import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { WorkerModule } from './app.module';
import { ConfigError } from './config/environment';
import { AppConfig } from './config/app-config';
import { JsonLogger } from './shared/logging';
import { Metrics } from './shared/metrics';

/** The notifications worker: relays the outbox into BullMQ and sends mail. Scale by running more. */
async function main() {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(), {
    logger: new JsonLogger((process.env.LOG_LEVEL as 'info') ?? 'info', 'worker'),
  });
  app.enableShutdownHooks();
  const config = app.get(AppConfig);
  if (config.metricsPort) await app.get(Metrics).listen(config.metricsPort, 'worker', config.metricsHost);
  // For the container health check: the file's age says whether this process is still running its loop.
  const heartbeat = process.env.WORKER_HEARTBEAT_FILE;
  if (heartbeat) {
    const beat = () => writeFileSync(heartbeat, new Date().toISOString());
    beat();
    setInterval(beat, 10_000).unref();
  }
  // `ready`: `npm start` shows the admin password only after this line (and the API's).
  console.log(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'info',
      service: 'worker',
      msg: 'worker started',
      ready: true,
    }),
  );
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
