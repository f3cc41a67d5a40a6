import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Params, PinoLogger } from 'nestjs-pino';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

type Level = 'debug' | 'info' | 'warn' | 'error';

/** Field names whose values never reach a log line, at any depth of a logged object. */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'token',
  'access_token',
  'refresh_token',
  'authorization',
  'cookie',
  'link',
  'secret',
  'jwt',
];
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
 * `value` with every field named in SECRET_FIELDS censored, down to three levels of plain objects
 * and arrays (what a log line's object holds). Other objects (a request, an error) are left to
 * their serializers, which run after this.
 */
function withoutSecretFields(value: unknown, depth = 3): unknown {
  if (depth === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withoutSecretFields(item, depth - 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value))
    out[key] = SECRET_FIELD_SET.has(key) ? REDACTED : withoutSecretFields(field, depth - 1);
  return out;
}
const SECRET_FIELD_SET = new Set(SECRET_FIELDS);

/**
 * Every process's pino: one JSON object per line with time, level, service and message; secrets
 * censored by field name (at any of three depths) and inside every text written (decision 0313).
 * Both happen as a line is written, not through pino's `redact`: that one also runs whenever a
 * child logger is made, and Fastify makes one per request (decision 0222). A
 * child's own fields (the request's id, method and path) are ours and hold no secret.
 */
export function createLogger(
  minLevel: Level,
  service: string,
  destination: DestinationStream = pino.destination({ fd: 1, sync: true }),
): Logger {
  const options: LoggerOptions = {
    level: minLevel,
    base: { service },
    messageKey: 'msg',
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    formatters: {
      level: (label) => ({ level: label }),
      log: (object) => withoutSecretFields(object) as Record<string, unknown>,
    },
    hooks: {
      // Text anywhere in a call: the message, and a stack trace passed beside it.
      logMethod(args, method) {
        const scrubbed = args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg));
        for (const arg of scrubbed)
          if (arg && typeof arg === 'object' && typeof (arg as { trace?: unknown }).trace === 'string')
            (arg as { trace: string }).trace = redactText((arg as { trace: string }).trace);
        return method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  };
  return pino(options, destination);
}

/**
 * Nest's log lines as pino lines, for the processes that answer no requests (the worker, the CLI).
 * The API logs through nestjs-pino instead (`apiLogging`), with the same pino options.
 */
export class JsonLogger implements LoggerService {
  private readonly pino: Logger;

  constructor(minLevel: Level = 'info', service = 'api', destination?: DestinationStream) {
    this.pino = createLogger(minLevel, service, destination);
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

  private write(level: Level, message: unknown, context?: string, trace?: string) {
    if (!this.pino.isLevelEnabled(level)) return;
    const text =
      typeof message === 'string' ? message : message instanceof Error ? message.message : JSON.stringify(message);
    this.pino[level](
      { ...(context ? { context } : {}), ...(trace && typeof trace === 'string' ? { trace } : {}) },
      text,
    );
  }
}

/**
 * The request id: the caller's X-Request-Id when it is sane, else a new one (Fastify's genReqId).
 */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
}

/** The path asked for, without its query string (which may hold a token). */
const pathOf = (url: string | undefined) => (url ?? '').split('?', 1)[0];

/**
 * The API's pino: Fastify's request logger (`loggerInstance`), so each request gets one child
 * logger carrying its `request_id`, made by Fastify itself. `req` and `res` are written as we
 * shape them (method and path; status), whoever logs them: Fastify's own serializers would add
 * the client's address and the query string.
 */
export function createApiLogger(minLevel: Level, destination?: DestinationStream): Logger {
  const logger = createLogger(minLevel, 'api', destination);
  const shaped = {
    req: (req: { method?: string; url?: string }) => ({ method: req.method, path: pathOf(req.url) }),
    res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
    err: pino.stdSerializers.err,
  };
  return logger.child({}, { serializers: shaped });
}

/**
 * nestjs-pino on the API's logger (`useExisting`: pino-http is not used; it made two more child
 * loggers and three listeners per request, decision 0222). Its middleware is not mounted
 * (`forRoutes: []`): Nest middleware needs @fastify/middie on every request, which cost a cached
 * read about a sixth of its time; bindRequestLogs does the middleware's work in a Fastify hook.
 */
export function apiLogging(logger: Logger): Params {
  return { pinoHttp: { logger }, useExisting: true, forRoutes: [] };
}

/**
 * Nest's log lines written while a request is handled carry its `request_id`, as Fastify's own
 * lines do: nestjs-pino's logging context is entered for each request before its handler runs
 * (preHandler, so it holds after the body was read).
 */
export function bindRequestLogs(fastify: FastifyInstance, nestLogs: PinoLogger) {
  fastify.addHook('preHandler', (req, _reply, done) =>
    nestLogs.runInContext(done, { bindings: { request_id: req.id } }),
  );
}

/**
 * What Fastify logs of requests: one line per answered API request (method, path without its
 * query, status and duration) on the request's own logger, and no "incoming request" line.
 * Static files and pages would drown the log.
 */
export class ApiLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'request_id' });
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (!request.url.startsWith('/api')) return;
    const fields = { req: request, res: reply, duration_ms: Math.round(reply.elapsedTime) };
    if (error || reply.statusCode >= 500) request.log.error(fields, 'request');
    else request.log.info(fields, 'request');
  }
}

/** Names the request's id in its response (X-Request-Id), the id its log lines carry. */
export function echoRequestId(fastify: FastifyInstance) {
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-Id', req.id);
    done();
  });
}
