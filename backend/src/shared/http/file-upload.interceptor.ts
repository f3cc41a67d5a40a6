import {
  BadRequestException,
  CallHandler,
  createParamDecorator,
  ExecutionContext,
  mixin,
  NestInterceptor,
  PayloadTooLargeException,
  Type,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The one file a multipart upload carried, read into memory. */
export interface UploadedBytes {
  buffer: Buffer;
  filename: string;
  mimetype: string;
}

/** How much one upload route takes (busboy's limits, as @fastify/multipart passes them on). */
export interface UploadLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize?: number;
}

type UploadRequest = FastifyRequest & { upload?: UploadedBytes };

/** The handler's parameter for the file FileUpload read (undefined when none was sent). */
export const UploadedImage = createParamDecorator(
  (_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<UploadRequest>().upload,
);

/**
 * A route's multipart body through @fastify/multipart (registered in http-app.ts), after the
 * guards ran: the one file of field `field` into memory, within `limits`, and the text fields into
 * the body (a repeated field becomes a list). Other bodies pass untouched. Too large a file is a
 * 413; any other refusal (another file field, a second file, too many or too long fields, a broken
 * body) a 400. The routes' filters turn those into the spec's messages.
 */
export function FileUpload(field: string, limits: UploadLimits): Type<NestInterceptor> {
  class FileUploadInterceptor implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler) {
      const req = context.switchToHttp().getRequest<UploadRequest>();
      if (req.isMultipart()) {
        const body: Record<string, unknown> = Object.create(null);
        try {
          for await (const part of req.parts({ limits: { fieldSize: 1024 * 1024, ...limits } })) {
            if (part.type === 'file') {
              if (part.fieldname !== field) throw new BadRequestException('Unexpected file field');
              req.upload = { buffer: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype };
            } else {
              if (part.valueTruncated || part.fieldnameTruncated) throw new BadRequestException('Field value too long');
              const name = part.fieldname.replace(/\[\]$/, '');
              const known = body[name];
              body[name] = known === undefined ? part.value : [...(Array.isArray(known) ? known : [known]), part.value];
            }
          }
        } catch (error) {
          throw toHttpError(error);
        }
        req.body = body;
      }
      return next.handle();
    }
  }
  return mixin(FileUploadInterceptor);
}

function toHttpError(error: unknown) {
  if (error instanceof BadRequestException) return error;
  if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
    return new PayloadTooLargeException('File too large');
  return new BadRequestException('Malformed multipart body');
}
