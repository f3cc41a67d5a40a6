import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

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

  write(level: Level, message: unknown, context?: string, trace?: string, extra?: Record<string, unknown>) {
    if (LEVELS[level] < LEVELS[this.minLevel]) return;
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

/** Express middleware: a request id (taken from X-Request-Id when sane), and one log line per request. */
export function requestLogging(logger: JsonLogger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    requestContext.run({ requestId }, () => {
      res.on('finish', () => {
        if (!req.path.startsWith('/api')) return; // static files would drown the log
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        logger.write(res.statusCode >= 500 ? 'error' : 'info', 'request', 'http', undefined, {
          method: req.method,
          path: req.path,
          status: res.statusCode,
          duration_ms: Math.round(ms * 10) / 10,
        });
      });
      next();
    });
  };
}
