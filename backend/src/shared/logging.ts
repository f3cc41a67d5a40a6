import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

const requestContext = new AsyncLocalStorage<{ requestId: string }>();
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof LEVELS;

/** Field names whose values never reach a log line, at any depth of a logged object. */
const SECRET_FIELDS = ['password', 'newPassword', 'token', 'access_token', 'refresh_token', 'authorization', 'cookie', 'link', 'secret', 'jwt'];
const REDACTED = '[redacted]';

/**
 * Secrets that travel inside text: recovery and confirmation links (`access_token=…`, `token=…`),
 * bearer headers and bare JWTs. A message is scrubbed before it is written, so a log shipped to a
 * third party never holds a working reset link.
 */
const SECRETS_IN_TEXT: [RegExp, string][] = [
  [/\b((?:access_token|refresh_token|token|password)=)[^&\s#"'<>()]+/gi, `$1${REDACTED}`],
  [/\bBearer\s+[\w.~+/-]+=*/gi, `Bearer ${REDACTED}`],
  [/\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]+/g, REDACTED],
];

export function redactText(text: string): string {
  return SECRETS_IN_TEXT.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/**
 * One JSON object per line (pino), with the request id when there is one; secrets are redacted
 * by field name and inside message text.
 */
export class JsonLogger implements LoggerService {
  private readonly pino: Logger;

  constructor(
    private readonly minLevel: Level = 'info',
    service = 'api',
    destination: DestinationStream = pino.destination({ fd: 1, sync: true }),
  ) {
    this.pino = pino(
      {
        level: 'trace',
        base: { service },
        messageKey: 'msg',
        timestamp: () => `,"time":"${new Date().toISOString()}"`,
        formatters: { level: (label) => ({ level: label }) },
        redact: { paths: SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]), censor: REDACTED },
      },
      destination,
    );
  }

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
    const text = typeof message === 'string' ? message : message instanceof Error ? message.message : JSON.stringify(message);
    const store = requestContext.getStore();
    const fields: Record<string, unknown> = {
      ...(context ? { context } : {}),
      ...(store ? { request_id: store.requestId } : {}),
      ...(trace && typeof trace === 'string' ? { trace: redactText(trace) } : {}),
      ...extra,
    };
    this.pino[level](fields, redactText(text));
  }
}

/** The request id: the caller's X-Request-Id when it is sane, else a new one (Fastify's genReqId). */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
}

/** Runs `fn` with `requestId` on every line it logs (as a request's handler does). */
export function inRequestContext<T>(requestId: string, fn: () => T): T {
  return requestContext.run({ requestId }, fn);
}

/** The log line of one answered API request (below the log level nothing is built: the hot path). */
export function requestLogLine(logger: JsonLogger) {
  return (method: string, url: string, status: number, durationMs: number) => {
    const level = status >= 500 ? 'error' : 'info';
    // Static files would drown the log.
    if (logger.enabled(level) && url.startsWith('/api')) {
      logger.write(level, 'request', 'http', undefined, { method, path: url.split('?', 1)[0], status, duration_ms: Math.round(durationMs * 10) / 10 });
    }
  };
}

/** Echoes the request id, runs the handler inside its log context, and logs one line per API request. */
export function requestLogging(fastify: FastifyInstance, logger: JsonLogger) {
  const log = requestLogLine(logger);
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-Id', req.id);
    done();
  });
  // preHandler, not onRequest: a context entered before the body is read does not survive the
  // stream's events, while the handler (guards, interceptors, the controller) runs from here.
  fastify.addHook('preHandler', (req, _reply, done) => requestContext.run({ requestId: req.id }, done));
  fastify.addHook('onResponse', (req, reply, done) => {
    log(req.method, req.url, reply.statusCode, reply.elapsedTime);
    done();
  });
}
