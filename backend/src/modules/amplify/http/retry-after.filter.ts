import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { errorResponse } from '../../../shared/domain-exception.filter';
import { RetryLater } from '../application/introductions';

/** A limit that knows when it lifts: the usual 429 body, plus Retry-After in seconds. */
@Catch(RetryLater)
export class RetryAfterFilter implements ExceptionFilter {
  catch(exception: RetryLater, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<FastifyReply>();
    if (res.sent) return;
    const { statusCode, body } = errorResponse(exception);
    res.header('Retry-After', String(exception.retryAfterSeconds)).status(statusCode).send(body);
  }
}
