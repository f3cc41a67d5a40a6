import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers, computed once, and `defaults` (headers a route may replace). With static
 * options (no per-request nonces) every response gets the same set, so helmet runs once here
 * against a recording response and each request only copies the recorded headers.
 */
export function securityHeaders(
  fastify: FastifyInstance,
  options: HelmetOptions,
  defaults: Record<string, string> = {},
) {
  const headers: Record<string, string | number | string[]> = { ...defaults };
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      void (headers[name] = typeof value === 'object' ? [...value] : value),
    removeHeader: () => undefined, // Fastify sets none of the headers helmet removes (X-Powered-By)
    getHeader: (name: string) => headers[name],
  } as unknown as ServerResponse;
  let completed = false;
  helmet(options)({ method: 'GET', url: '/', headers: {} } as IncomingMessage, recorder, () => (completed = true));
  if (!completed) throw new Error('helmet did not complete synchronously; run it per request instead');
  fastify.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
