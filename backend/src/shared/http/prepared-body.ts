import { hash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How the application compresses what it sends on the fly (@fastify/compress, registered with
 * these in http-app.ts), so a prepared body is compressed the same way, once: the codings in
 * order of preference, the size below which nothing is compressed, and brotli's cheap level.
 */
export const ON_THE_FLY_COMPRESSION = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  threshold: 256,
  brotliParams: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4 },
};

const TYPES = {
  json: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  svg: 'image/svg+xml; charset=utf-8',
  png: 'image/png',
} as const;

/**
 * A response body made once and sent many times (an answer kept under the listing version): its
 * bytes, a strong-enough ETag (a hash of the bytes), and its compressed forms, each made the first
 * time a client accepts it. Never change the value it was made from.
 */
export class PreparedBody {
  readonly etag: string;
  private br?: Buffer;
  private gzip?: Buffer;

  private constructor(
    readonly body: Buffer,
    readonly type: (typeof TYPES)[keyof typeof TYPES],
  ) {
    this.etag = `W/"${hash('sha1', body, 'base64url')}"`;
  }

  /** Bytes it holds, with room for its compressed forms (each a fraction of the body): for a cache's budget. */
  get weight(): number {
    return Math.ceil(this.body.length * 1.5);
  }

  static json(value: unknown): PreparedBody {
    return new PreparedBody(Buffer.from(JSON.stringify(value)), TYPES.json);
  }

  static html(text: string): PreparedBody {
    return new PreparedBody(Buffer.from(text), TYPES.html);
  }

  static xml(text: string): PreparedBody {
    return new PreparedBody(Buffer.from(text), TYPES.xml);
  }

  static svg(text: string): PreparedBody {
    return new PreparedBody(Buffer.from(text), TYPES.svg);
  }

  /** Already compressed: sent as it is. */
  static png(bytes: Buffer): PreparedBody {
    return new PreparedBody(bytes, TYPES.png);
  }

  /**
   * What the handler returns for `req`: the body, or its compressed form when the client accepts
   * one, with the headers that go with it. The ETag is set here; a request that already holds it
   * gets 304 from @fastify/etag, and nothing is compressed on the fly for it.
   */
  sendTo(req: FastifyRequest, reply: FastifyReply): Buffer {
    reply.header('ETag', this.etag).type(this.type);
    const encoding = this.type === TYPES.png ? 'identity' : encodingFor(req.headers['accept-encoding'], this.body.length);
    // Undecided (weights, wildcards): the plain body, which the framework then compresses as it would.
    if (encoding === undefined || encoding === 'identity') return this.body;
    reply.header('Vary', 'accept-encoding').header('Content-Encoding', encoding);
    return encoding === 'br'
      ? (this.br ??= brotliCompressSync(this.body, { params: ON_THE_FLY_COMPRESSION.brotliParams }))
      : (this.gzip ??= gzipSync(this.body));
  }
}

/**
 * The encoding @fastify/compress would choose for an Accept-Encoding header (the first of ours it
 * names), or undefined when the header says something this simple reading cannot be sure of
 * (weights, wildcards, other codings' parameters): the framework decides those.
 */
export function encodingFor(accept: string | string[] | undefined, size: number): 'br' | 'gzip' | 'identity' | undefined {
  if (accept === undefined || accept === '') return 'identity';
  if (typeof accept !== 'string' || /[;*]/.test(accept)) return undefined;
  if (size < ON_THE_FLY_COMPRESSION.threshold) return 'identity';
  const codings = accept.split(',').map((c) => c.trim().toLowerCase());
  const preferred = ON_THE_FLY_COMPRESSION.encodings.find((e) => codings.includes(e));
  if (preferred) return preferred;
  return codings.every((c) => c === 'identity' || c === 'deflate' || c === 'zstd' || c === '') ? 'identity' : undefined;
}
