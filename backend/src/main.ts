import 'reflect-metadata';
import { ConfigError } from './config/environment';
import { AppConfig } from './config/app-config';
import { createHttpApp } from './http-app';
import { Metrics } from './shared/metrics';
import { stopGracefullyOnSignals } from './system/shutdown';

const logLine = (msg: string) => console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', service: 'api', msg }));

async function main() {
  const app = await createHttpApp();
  const config = app.get(AppConfig);
  await app.listen(config.http.port, config.http.host);
  if (config.metricsPort) await app.get(Metrics).listen(config.metricsPort, 'api', config.http.host);
  stopGracefullyOnSignals(app, config.shutdownDrainMs, logLine);
  logLine(`listening on ${config.http.publicUrl}`);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
