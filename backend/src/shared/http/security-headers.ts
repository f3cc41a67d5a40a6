import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers, computed once. With static options (no per-request nonces) every response
 * gets the same set, and running helmet's dozen middlewares per request cost about a sixth of
 * a cached directory read. helmet runs once here against a recording response; each request then
 * only copies the recorded headers.
 */
export function securityHeaders(options: HelmetOptions): RequestHandler {
  const set = new Map<string, string | number | readonly string[]>();
  const removed = new Set<string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void set.set(name, value),
    removeHeader: (name: string) => void removed.add(name),
    getHeader: (name: string) => set.get(name),
  } as unknown as ServerResponse;
  let completed = false;
  helmet(options)({ method: 'GET', url: '/', headers: {} } as IncomingMessage, recorder, () => (completed = true));
  if (!completed) throw new Error('helmet did not complete synchronously; use it as a middleware instead');
  const headers = [...set];
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
