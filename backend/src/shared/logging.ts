import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const requestContext = new AsyncLocalStorage<{ requestId: string }>();
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof LEVELS;

/** One JSON object per line on stdout, with the request id when there is one. */
export class JsonLogger implements LoggerService {
  constructor(private readonly minLevel: Level = 'info', private readonly service = 'api') {}

  log(message: unknown, context?: string) {
    this.write('info', message, context);
  }
  error(message: unknown, trace?: string, context?: string) {
    this.write('error', message, context, trace);
  }
  warn(message: unknown, context?: string) {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string) {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string) {
    this.write('debug', message, context);
  }

  enabled(level: Level): boolean {
    return LEVELS[level] >= LEVELS[this.minLevel];
  }

  write(level: Level, message: unknown, context?: string, trace?: string, extra?: Record<string, unknown>) {
    if (!this.enabled(level)) return;
    const entry: Record<string, unknown> = {
      time: new Date().toISOString(),
      level,
      service: this.service,
      ...(context ? { context } : {}),
      msg: typeof message === 'string' ? message : message instanceof Error ? message.message : JSON.stringify(message),
      ...(requestContext.getStore() ? { request_id: requestContext.getStore()!.requestId } : {}),
      ...(trace && typeof trace === 'string' ? { trace } : {}),
      ...extra,
    };
    process.stdout.write(`${JSON.stringify(entry)}\n`);
  }
}

/** The request id: the caller's X-Request-Id when it is sane, else a new one (Fastify's genReqId). */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
}

/** Echoes the request id, runs the handler inside its log context, and logs one line per API request. */
export function requestLogging(fastify: FastifyInstance, logger: JsonLogger) {
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-Id', req.id);
    done();
  });
  // preHandler, not onRequest: a context entered before the body is read does not survive the
  // stream's events, while the handler (guards, interceptors, the controller) runs from here.
  fastify.addHook('preHandler', (req, _reply, done) => requestContext.run({ requestId: req.id }, done));
  fastify.addHook('onResponse', (req, reply, done) => {
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    // Static files would drown the log; below the log level nothing is built (the hot path).
    if (logger.enabled(level) && req.url.startsWith('/api')) {
      logger.write(level, 'request', 'http', undefined, {
        method: req.method,
        path: req.url.split('?', 1)[0],
        status: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime * 10) / 10,
      });
    }
    done();
  });
}
