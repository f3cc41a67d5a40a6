import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Injectable } from '@nestjs/common';
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
 * every response carries (helmet's, computed once), the request id, and the request's record
 * (metrics and the log line).
 */
export interface FrontDoorSetup {
  fixedHeaders: OutgoingHttpHeaders;
  requestId: (req: IncomingMessage) => string;
  answered: (method: string, route: string, url: string, status: number, seconds: number) => void;
}

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
 *   way (another method, an unusual Accept-Encoding, a stale entry) goes through the framework.
 */
@Injectable()
export class PreparedResponses {
  private readonly prepared = new WeakMap<object, Prepared>();
  private readonly repeatable = new Map<string, Repeatable>();
  private door: FrontDoorSetup | null = null;

  /** Turns the front door on (the HTTP app, once its security headers are known). */
  openFrontDoor(setup: FrontDoorSetup) {
    this.door = setup;
  }

  send(req: FastifyRequest, reply: FastifyReply, value: object, stillValid?: () => boolean) {
    let entry = this.prepared.get(value);
    if (!entry) {
      const body = Buffer.from(JSON.stringify(value));
      entry = { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
      this.prepared.set(value, entry);
    }
    if (stillValid && this.door && req.method === 'GET') this.keep(req.url, { prepared: entry, route: req.routeOptions.url ?? req.url, stillValid });
    reply.header('ETag', entry.etag);
    if (req.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.type(JSON_TYPE).send(entry.body);
  }

  /** Answers `req` from memory when it can answer exactly as the application would; else false. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const door = this.door;
    if (!door || req.method !== 'GET') return false;
    const url = req.url!;
    const kept = this.repeatable.get(url);
    if (!kept) return false;
    if (!kept.stillValid()) {
      this.repeatable.delete(url);
      return false;
    }
    const encoding = encodingFor(req.headers['accept-encoding'], kept.prepared.body.length);
    if (encoding === undefined) return false;
    const started = performance.now();
    const { prepared } = kept;
    const headers: OutgoingHttpHeaders = { 'x-request-id': door.requestId(req), ...door.fixedHeaders, etag: prepared.etag };
    let status = 200;
    if (req.headers['if-none-match'] === prepared.etag) {
      status = 304;
      res.writeHead(304, headers).end();
    } else {
      headers['content-type'] = JSON_TYPE;
      let body = prepared.body;
      if (encoding !== 'identity') {
        body =
          encoding === 'br' ? (prepared.br ??= brotliCompressSync(body, { params: ON_THE_FLY_COMPRESSION.brotliParams })) : (prepared.gzip ??= gzipSync(body));
        headers.vary = 'accept-encoding';
        headers['content-encoding'] = encoding;
      }
      headers['content-length'] = body.length;
      res.writeHead(200, headers).end(body);
    }
    door.answered('GET', kept.route, url, status, (performance.now() - started) / 1000);
    return true;
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
