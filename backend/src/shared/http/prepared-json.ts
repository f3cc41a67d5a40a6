import { hash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import { whenClientGoes } from './client-gone';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A response body serialized once, its ETag, and its compressed forms once a client asked. */
interface Prepared {
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** A URL whose answer is known until `stillValid` says otherwise. */
interface Repeatable {
  prepared: Prepared;
  route: string;
  stillValid: () => boolean;
}

/**
 * What the front door needs from the HTTP layer to answer as the application does: the headers
 * every response carries (helmet's, computed once), the request id, the request's record
 * (metrics and the log line), and for routes it computes: the global prefix, the framework's
 * query parser, the request's log context, and the answer the exception filter gives an error.
 */
export interface FrontDoorSetup {
  fixedHeaders: OutgoingHttpHeaders;
  requestId: (req: IncomingMessage) => string;
  answered: (method: string, route: string, url: string, status: number, seconds: number) => void;
  prefix: string;
  parseQuery: (querystring: string) => Record<string, unknown>;
  inRequestContext: <T>(requestId: string, run: () => T) => T;
  failed: (error: unknown) => { statusCode: number; body: object; headers: OutgoingHttpHeaders };
}

/**
 * The answer to a GET route that the front door computes itself, with the same code the
 * framework's handler runs (the directory's search, issue 12), so it costs what the answer costs
 * and not Fastify's and Nest's work around it as well: the answer to a query as the framework
 * parses it, and how long it stays right (it is then kept as `send` keeps one). `gone` aborts when
 * the client goes away. An error is answered as the exception filter answers it.
 */
export type ComputedAnswer = (query: Record<string, unknown>, gone: AbortSignal) => Promise<{ value: object; stillValid: () => boolean }>;

/**
 * How the application compresses what it sends on the fly (@fastify/compress, registered with
 * these in http-app.ts), so the front door compresses the same way: the codings in order of
 * preference, the size below which nothing is compressed, and brotli's cheap level for text.
 */
export const ON_THE_FLY_COMPRESSION = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  threshold: 256,
  brotliParams: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4 },
};
const JSON_TYPE = 'application/json; charset=utf-8';
/** Bounded: a search storm of new queries cycles through it, oldest first. */
const MAX_REPEATABLE = 1_000;

/**
 * JSON answers that are served many times unchanged (the directory's cached reads).
 *
 * - `send` serializes a response object once per object, not once per request, with an ETag; a
 *   client already holding that ETag gets 304. Only for objects never mutated once sent.
 * - Given `stillValid`, the answer is also kept by URL, and `answer` sends it again straight from
 *   the HTTP server's request event, before the framework's routing, hooks and handler: a cached
 *   read then costs about what sending the bytes costs (issue 12). The headers, compression, 304s,
 *   metrics and log line are the application's own; anything it is not sure to answer the same
 *   way (another method, an unusual Accept-Encoding) goes through the framework.
 * - A route registered with `compute` (the directory's search) is answered there too when no
 *   kept answer is still right: the route's own code computes it, and it is sent as above.
 */
@Injectable()
export class PreparedResponses {
  private readonly prepared = new WeakMap<object, Prepared>();
  private readonly repeatable = new Map<string, Repeatable>();
  /** Computed routes' answers by path under the global prefix ('/creators'). */
  private readonly computed = new Map<string, ComputedAnswer>();
  private door: FrontDoorSetup | null = null;

  /** Turns the front door on (the HTTP app, once its security headers are known). */
  openFrontDoor(setup: FrontDoorSetup) {
    this.door = setup;
  }

  /** Answers a GET of `path` (under the global prefix) in the front door, computed by `answer`. */
  compute(path: string, answer: ComputedAnswer) {
    this.computed.set(path, answer);
  }

  send(req: FastifyRequest, reply: FastifyReply, value: object, stillValid?: () => boolean) {
    const entry = this.preparedFor(value);
    if (stillValid && this.door && req.method === 'GET') this.keep(req.url, { prepared: entry, route: req.routeOptions.url ?? req.url, stillValid });
    reply.header('ETag', entry.etag);
    if (req.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.type(JSON_TYPE).send(entry.body);
  }

  /** Answers `req` before the framework when it can answer exactly as the application would; else false. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const door = this.door;
    if (!door || req.method !== 'GET') return false;
    const url = req.url!;
    const kept = this.repeatable.get(url);
    if (kept?.stillValid()) {
      const encoding = encodingFor(req.headers['accept-encoding'], kept.prepared.body.length);
      if (encoding === undefined) return false;
      const started = performance.now();
      const status = this.write(door, req, res, door.requestId(req), kept.prepared, encoding);
      door.answered('GET', kept.route, url, status, (performance.now() - started) / 1000);
      return true;
    }
    if (kept) this.repeatable.delete(url);
    const queryAt = url.indexOf('?');
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    const compute = path.startsWith(door.prefix) ? this.computed.get(path.slice(door.prefix.length)) : undefined;
    // Whether the encoding can be chosen as the framework would, whatever the answer's size.
    if (!compute || encodingFor(req.headers['accept-encoding'], Infinity) === undefined) return false;
    void this.computeAnswer(door, compute, path, req, res, queryAt < 0 ? '' : url.slice(queryAt + 1));
    return true;
  }

  private async computeAnswer(door: FrontDoorSetup, compute: ComputedAnswer, path: string, req: IncomingMessage, res: ServerResponse, querystring: string) {
    const started = performance.now();
    const requestId = door.requestId(req);
    const gone = whenClientGoes(res);
    let status: number;
    try {
      const { value, stillValid } = await door.inRequestContext(requestId, () => compute(door.parseQuery(querystring), gone.signal));
      const entry = this.preparedFor(value);
      this.keep(req.url!, { prepared: entry, route: path, stillValid });
      status = this.write(door, req, res, requestId, entry, encodingFor(req.headers['accept-encoding'], entry.body.length)!);
    } catch (error) {
      if (gone.signal.aborted) return; // nobody to answer
      const failed = door.inRequestContext(requestId, () => door.failed(error));
      status = failed.statusCode;
      const body = Buffer.from(JSON.stringify(failed.body));
      this.write(door, req, res, requestId, { body }, encodingFor(req.headers['accept-encoding'], body.length)!, status, failed.headers);
    } finally {
      gone.stop();
    }
    door.answered('GET', path, req.url!, status, (performance.now() - started) / 1000);
  }

  /** Writes an answer as the framework's hooks would (headers, 304 on its ETag, compression); returns the status. */
  private write(
    door: FrontDoorSetup,
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    prepared: Omit<Prepared, 'etag'> & { etag?: string },
    encoding: 'br' | 'gzip' | 'identity',
    status = 200,
    extraHeaders: OutgoingHttpHeaders = {},
  ): number {
    const headers: OutgoingHttpHeaders = { 'x-request-id': requestId, ...door.fixedHeaders, ...extraHeaders };
    if (prepared.etag) headers.etag = prepared.etag;
    if (prepared.etag && req.headers['if-none-match'] === prepared.etag) {
      res.writeHead(304, headers).end();
      return 304;
    }
    headers['content-type'] = JSON_TYPE;
    let body = prepared.body;
    if (encoding !== 'identity') {
      body =
        encoding === 'br' ? (prepared.br ??= brotliCompressSync(body, { params: ON_THE_FLY_COMPRESSION.brotliParams })) : (prepared.gzip ??= gzipSync(body));
      headers.vary = 'accept-encoding';
      headers['content-encoding'] = encoding;
    }
    headers['content-length'] = body.length;
    res.writeHead(status, headers).end(body);
    return status;
  }

  private preparedFor(value: object): Prepared {
    let entry = this.prepared.get(value);
    if (!entry) {
      const body = Buffer.from(JSON.stringify(value));
      entry = { body, etag: `W/"${hash('sha1', body, 'base64url')}"` };
      this.prepared.set(value, entry);
    }
    return entry;
  }

  private keep(url: string, entry: Repeatable) {
    this.repeatable.delete(url); // re-inserted last: the Map's order is the age order
    this.repeatable.set(url, entry);
    if (this.repeatable.size > MAX_REPEATABLE) this.repeatable.delete(this.repeatable.keys().next().value!);
  }
}

/**
 * The encoding @fastify/compress would choose for an Accept-Encoding header (the first of ours it names), or
 * undefined when the header says something this simple reading cannot be sure of (weights,
 * wildcards, other codings' parameters): the framework answers those.
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
