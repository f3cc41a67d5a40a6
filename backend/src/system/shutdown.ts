import type { Server, ServerResponse } from 'node:http';
import { Injectable, type INestApplication } from '@nestjs/common';

/** Set once this API process was told to stop: health then answers 503 "draining". */
@Injectable()
export class ShutdownState {
  draining = false;
}

/**
 * Stops the API without dropping a request (decision 0317). On SIGTERM or SIGINT it first drains
 * for `drainMs`: health answers 503 "draining" and every answer closes its connection, so a proxy
 * holding a kept-alive connection opens its next one elsewhere, while whatever routes here (the
 * proxy's DNS refresh, the orchestrator's endpoints) stops sending. Then the app closes: no new
 * connections, requests in flight finish, pools close. A second signal exits at once.
 */
export function stopGracefullyOnSignals(app: INestApplication, drainMs: number, log: (msg: string) => void) {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    app.get(ShutdownState).draining = true;
    const server = app.getHttpServer() as Server;
    server.prependListener('request', (_req, res: ServerResponse) => res.setHeader('connection', 'close'));
    if (drainMs > 0) {
      log(`${signal}: draining for ${drainMs / 1000} s before closing`);
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    await app.close();
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, (s: NodeJS.Signals) => void stop(s));
}
