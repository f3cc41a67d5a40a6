import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const prepared = new WeakMap<object, { body: Buffer; etag: string }>();

/**
 * Sends a response object that is served many times unchanged (a cached directory read) as JSON
 * serialized once per object, with an ETag, instead of once per request; a client already
 * holding that ETag gets 304. Only for objects that are never mutated after they were first sent.
 */
export function sendPreparedJson(req: FastifyRequest, reply: FastifyReply, value: object) {
  let entry = prepared.get(value);
  if (!entry) {
    const body = Buffer.from(JSON.stringify(value));
    entry = { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
    prepared.set(value, entry);
  }
  reply.header('ETag', entry.etag);
  if (req.headers['if-none-match'] === entry.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(entry.body);
}
