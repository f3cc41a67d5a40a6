import { BadRequestException, CallHandler, ExecutionContext, mixin, NestInterceptor, PayloadTooLargeException, Type } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multer, { MulterError, type Options } from 'multer';

/** Fastify leaves multipart bodies unread, for the upload interceptor of the route that takes one. */
export function deferMultipartBodies(fastify: FastifyInstance) {
  fastify.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
}

type UploadRequest = FastifyRequest & { file?: Express.Multer.File };
const isMultipart = (req: FastifyRequest) => /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');

/**
 * Nest's FileInterceptor on Fastify: multer reads one file field (into memory, within `limits`)
 * and the text fields of a multipart body, after the guards ran; other bodies pass untouched.
 * Repeated fields become arrays, as with Express. multer's refusals become 413 (file too large)
 * or 400 (anything else malformed); the routes' filters turn those into the spec's messages.
 */
export function FileUpload(field: string, limits: Options['limits']): Type<NestInterceptor> {
  const upload = multer({ storage: multer.memoryStorage(), limits }).single(field);

  class FileUploadInterceptor implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler) {
      const req = context.switchToHttp().getRequest<UploadRequest>();
      if (isMultipart(req)) {
        const raw = req.raw as typeof req.raw & { body?: unknown; file?: Express.Multer.File };
        await new Promise<void>((resolve, reject) =>
          upload(raw as never, req.raw as never, (error: unknown) => (error ? reject(toHttpError(error)) : resolve())),
        );
        req.body = raw.body;
        req.file = raw.file;
      }
      return next.handle();
    }
  }
  return mixin(FileUploadInterceptor);
}

function toHttpError(error: unknown) {
  if (error instanceof MulterError && error.code === 'LIMIT_FILE_SIZE') return new PayloadTooLargeException(error.message);
  return new BadRequestException(error instanceof Error ? error.message : 'Malformed multipart body');
}
