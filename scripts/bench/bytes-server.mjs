#!/usr/bin/env node
// The floor for `npm run bench`'s cached routes (issue 12): a bare Node `http` server answering
// every request with the same bytes the API sends, kept in memory, and nothing else. A cached read
// can at best approach it. HEADERS_FILE (JSON) names the headers to send beside the body's type
// and length: the API's own, for the same bytes on the wire.
// Usage: BYTES_FILE=… [HEADERS_FILE=…] PORT=… node scripts/bench/bytes-server.mjs
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.BYTES_FILE);
const headers = { 'content-type': 'application/json; charset=utf-8', ...(process.env.HEADERS_FILE ? JSON.parse(readFileSync(process.env.HEADERS_FILE, 'utf8')) : {}), 'content-length': body.length };
createServer((req, res) => {
  res.writeHead(200, headers).end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
