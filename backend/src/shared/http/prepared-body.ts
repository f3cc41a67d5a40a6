import { hash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gzipSync } from 'node:zlib';
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
 * bytes, a strong-enough ETag (a hash of the bytes), and its compressed forms. Never change the
 * value it was made from.
 *
 * Two ways of keeping it: a small body (JSON, XML, SVG) keeps its bytes and makes each compressed
 * form the first time a client accepts it; a drawn page is kept compressed only (`compact`), since
 * nearly every browser takes brotli and twenty thousand profiles must fit in the directory's cache
 * (issue 35): a client without brotli gets the page decompressed for it, which costs a fraction of
 * drawing it again.
 */
export class PreparedBody {
  readonly etag: string;
  /** The plain bytes' length, whether or not they are kept. */
  readonly size: number;
  private plain?: Buffer;
  private br?: Buffer;
  private gzip?: Buffer;

  private constructor(
    body: Buffer,
    readonly type: (typeof TYPES)[keyof typeof TYPES],
    compact = false,
  ) {
    this.etag = `W/"${hash('sha1', body, 'base64url')}"`;
    this.size = body.length;
    if (compact && body.length >= ON_THE_FLY_COMPRESSION.threshold) this.br = brotli(body);
    else this.plain = exact(body);
  }

  /** The plain bytes (made again from the compressed form of a compact body, and not kept). */
  get body(): Buffer {
    return this.plain ?? brotliDecompressSync(this.br!);
  }

  /** Bytes it holds: a compact body its compressed form; any other room for its compressed forms too. */
  get weight(): number {
    return this.plain ? Math.ceil(this.plain.length * 1.5) : this.br!.length;
  }

  static json(value: unknown): PreparedBody {
    return new PreparedBody(Buffer.from(JSON.stringify(value)), TYPES.json);
  }

  /** A drawn page: kept compressed (see above). */
  static html(text: string): PreparedBody {
    return new PreparedBody(Buffer.from(text), TYPES.html, true);
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
    const encoding = this.type === TYPES.png ? 'identity' : encodingFor(req.headers['accept-encoding'], this.size);
    // Undecided (weights, wildcards): the plain body, which the framework then compresses as it would.
    if (encoding === undefined || encoding === 'identity') return this.body;
    // A compact body's gzip is left to the framework too: keeping it would double what the page weighs.
    if (encoding === 'gzip' && !this.plain) return this.body;
    reply.header('Vary', 'accept-encoding').header('Content-Encoding', encoding);
    return encoding === 'br' ? (this.br ??= brotli(this.body)) : (this.gzip ??= exact(gzipSync(this.body)));
  }
}

const brotli = (body: Buffer) => exact(brotliCompressSync(body, { params: ON_THE_FLY_COMPRESSION.brotliParams }));

/**
 * A copy in memory of its own size, for bytes kept long: zlib's output and a small Buffer.from are
 * views into a shared 64 kB block, and one kept view keeps its whole block (20,000 kept pages held
 * 1.2 GB where their bytes were 106 MB).
 */
function exact(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/**
 * The encoding @fastify/compress would choose for an Accept-Encoding header (the first of ours it
 * names), or undefined when the header says something this simple reading cannot be sure of
 * (weights, wildcards, other codings' parameters): the framework decides those.
 */
export function encodingFor(
  accept: string | string[] | undefined,
  size: number,
): 'br' | 'gzip' | 'identity' | undefined {
  if (accept === undefined || accept === '') return 'identity';
  if (typeof accept !== 'string' || /[;*]/.test(accept)) return undefined;
  if (size < ON_THE_FLY_COMPRESSION.threshold) return 'identity';
  const codings = accept.split(',').map((c) => c.trim().toLowerCase());
  const preferred = ON_THE_FLY_COMPRESSION.encodings.find((e) => codings.includes(e));
  if (preferred) return preferred;
  return codings.every((c) => c === 'identity' || c === 'deflate' || c === 'zstd' || c === '') ? 'identity' : undefined;
}
