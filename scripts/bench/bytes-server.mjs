#!/usr/bin/env node
// The floor for `npm run bench`'s cached routes (issue 12): a bare Node `http` server answering
// every request with the same bytes the API sends, kept in memory, and nothing else. A cached read
// can at best approach it. HEADERS_FILE (JSON) names the headers to send beside the body's type
// and length: the API's own, for the same bytes on the wire.
// BYTES_INDEX (JSON: path → { body: file beside it, headers }) instead serves several answers, each
// at its path (a route drawing among cities' answers, decision 0641); another path is a 404.
// Usage: BYTES_FILE=… [HEADERS_FILE=…] PORT=… node scripts/bench/bytes-server.mjs
//        BYTES_INDEX=… PORT=… node scripts/bench/bytes-server.mjs
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';

const TYPE = { 'content-type': 'application/json; charset=utf-8' };
const answerOf = (body, headers) => ({ body, headers: { ...TYPE, ...headers, 'content-length': body.length } });

if (process.env.BYTES_INDEX) {
  const index = JSON.parse(readFileSync(process.env.BYTES_INDEX, 'utf8'));
  const answers = new Map(Object.entries(index).map(([path, a]) => [path, answerOf(readFileSync(join(dirname(process.env.BYTES_INDEX), a.body)), a.headers)]));
  createServer((req, res) => {
    const answer = answers.get(req.url);
    if (!answer) return res.writeHead(404).end();
    res.writeHead(200, answer.headers).end(answer.body);
  }).listen(Number(process.env.PORT), '127.0.0.1');
} else {
  const { body, headers } = answerOf(readFileSync(process.env.BYTES_FILE), process.env.HEADERS_FILE ? JSON.parse(readFileSync(process.env.HEADERS_FILE, 'utf8')) : {});
  createServer((req, res) => {
    res.writeHead(200, headers).end(body);
  }).listen(Number(process.env.PORT), '127.0.0.1');
}
