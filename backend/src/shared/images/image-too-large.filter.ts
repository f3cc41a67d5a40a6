import { ArgumentsHost, Catch, ExceptionFilter, PayloadTooLargeException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { MSG } from '@local-creators/common';

/** The upload's own "File too large" becomes the spec's message. */
@Catch(PayloadTooLargeException)
export class ImageTooLargeFilter implements ExceptionFilter {
  catch(_: PayloadTooLargeException, host: ArgumentsHost) {
    host
      .switchToHttp()
      .getResponse<FastifyReply>()
      .status(413)
      .send({ statusCode: 413, message: MSG.imageTooLarge, field: 'file', code: 'IMAGE.TOO_LARGE' });
  }
}
