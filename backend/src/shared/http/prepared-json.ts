import { createHash } from 'node:crypto';
import type { Response } from 'express';

const prepared = new WeakMap<object, { body: Buffer; etag: string }>();

/**
 * Sends a response object that is served many times unchanged (a cached directory read) as JSON
 * serialized once per object, with an ETag, instead of once per request. Express answers 304
 * when the client already holds that ETag. Only for objects that are never mutated after they
 * were first sent.
 */
export function sendPreparedJson(res: Response, value: object) {
  let entry = prepared.get(value);
  if (!entry) {
    const body = Buffer.from(JSON.stringify(value));
    entry = { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
    prepared.set(value, entry);
  }
  res.setHeader('ETag', entry.etag);
  res.type('application/json').send(entry.body);
}
