import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { MSG } from '@local-creators/common';
import { isDatabaseUnavailable } from './database-unavailable';
import { PERSONAL } from './http/cache-control';
import { DomainError, DomainErrorKind } from './domain-error';

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
};

/**
 * Every error leaves as `{ statusCode, message, field?, code? }`; PostgreSQL out of reach is a 503,
 * unknown errors a logged 500.
 */
@Catch()
export class DomainExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<FastifyReply>();
    if (res.sent) return;
    const { statusCode, body } = errorResponse(exception);
    if (statusCode === 503)
      errorLog.warn(`database unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
    else if (statusCode >= 500)
      errorLog.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    // A rate limit names its wait in seconds too (the message says it in minutes).
    const retryAfter = (exception as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
    if (typeof retryAfter === 'number') res.header('Retry-After', String(retryAfter));
    // JSON whatever the route meant to answer (the sitemap had set XML before it failed), and
    // never kept, even where the route's answers are public.
    res.status(statusCode).header('Cache-Control', PERSONAL).type('application/json; charset=utf-8').send(body);
  }
}

const errorLog = new Logger('Errors');

/** The status and `{ statusCode, message, field?, code? }` body every error leaves with. */
export function errorResponse(exception: unknown): { statusCode: number; body: Record<string, unknown> } {
  if (exception instanceof DomainError) {
    const statusCode = STATUS[exception.kind];
    return {
      statusCode,
      body: {
        statusCode,
        message: exception.message,
        code: exception.code,
        ...(exception.field ? { field: exception.field } : {}),
      },
    };
  }
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const response = exception.getResponse();
    let message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
    if (Array.isArray(message)) message = message[0];
    if (statusCode === HttpStatus.NOT_FOUND && (typeof message !== 'string' || message.startsWith('Cannot ')))
      message = MSG.notFound;
    if (statusCode === HttpStatus.UNAUTHORIZED && (!message || message === 'Unauthorized'))
      message = MSG.notAuthenticated;
    if (statusCode === HttpStatus.FORBIDDEN && (!message || message === 'Forbidden resource')) message = MSG.forbidden;
    return { statusCode, body: { statusCode, message: typeof message === 'string' ? message : exception.message } };
  }
  if (isDatabaseUnavailable(exception)) {
    return { statusCode: 503, body: { statusCode: 503, message: MSG.serviceUnavailable } };
  }
  // Errors raised by body parsing (bad JSON, too large) carry a status of their own.
  const status =
    (exception as { status?: number; statusCode?: number })?.status ??
    (exception as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = status === 413 ? 'Request body too large' : 'Malformed request';
    return { statusCode: status, body: { statusCode: status, message } };
  }
  return { statusCode: 500, body: { statusCode: 500, message: MSG.somethingWrong } };
}
