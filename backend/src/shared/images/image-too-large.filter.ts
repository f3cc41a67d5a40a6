import { ArgumentsHost, Catch, ExceptionFilter, PayloadTooLargeException } from '@nestjs/common';
import type { Response } from 'express';
import { MSG } from '@local-creators/common';

/** multer's own "File too large" becomes the spec's message. */
@Catch(PayloadTooLargeException)
export class ImageTooLargeFilter implements ExceptionFilter {
  catch(_: PayloadTooLargeException, host: ArgumentsHost) {
    host.switchToHttp().getResponse<Response>().status(413).json({ statusCode: 413, message: MSG.imageTooLarge, field: 'file', code: 'IMAGE.TOO_LARGE' });
  }
}
