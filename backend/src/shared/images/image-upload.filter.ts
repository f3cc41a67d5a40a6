import { ArgumentsHost, BadRequestException, Catch, ExceptionFilter, PayloadTooLargeException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { MSG } from '@local-creators/common';

/**
 * For one image upload route: the upload's own refusals become the spec's messages. Too large is
 * 'Image must be less than 5MB' (413); a malformed upload (another file field, two files, a
 * broken multipart body) is 'Please upload an image file' (400) instead of the library's English.
 */
@Catch(PayloadTooLargeException, BadRequestException)
export class ImageUploadFilter implements ExceptionFilter {
  constructor(private readonly field: string) {}

  catch(exception: PayloadTooLargeException | BadRequestException, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof PayloadTooLargeException) {
      res.status(413).send({ statusCode: 413, message: MSG.imageTooLarge, field: this.field, code: 'IMAGE.TOO_LARGE' });
    } else {
      res.status(400).send({ statusCode: 400, message: MSG.imageNotImage, field: this.field, code: 'IMAGE.NOT_IMAGE' });
    }
  }
}
