import 'reflect-metadata';
import { ConfigError } from './config/environment';
import { AppConfig } from './config/app-config';
import { createHttpApp } from './http-app';
import { Metrics } from './shared/metrics';
import { stopGracefullyOnSignals } from './system/shutdown';

const logLine = (msg: string, extra: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', service: 'api', msg, ...extra }));

async function main() {
  const app = await createHttpApp();
  const config = app.get(AppConfig);
  await app.listen(config.http.port, config.http.host);
  if (config.metricsPort) await app.get(Metrics).listen(config.metricsPort, 'api', config.metricsHost);
  stopGracefullyOnSignals(app, config.shutdownDrainMs, logLine);
  // `ready`: up and answering; `npm start` shows the admin password only after this (and the worker's).
  logLine(`listening on ${config.http.publicUrl}`, { ready: true });
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
