#!/usr/bin/env node
// The floor for `npm run bench`'s cached routes (issue 12): a bare Node `http` server answering
// every request with the same bytes the API sends, kept in memory, and nothing else. A cached read
// can at best approach it.
// Usage: BYTES_FILE=… PORT=… node scripts/bench/bytes-server.mjs
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.BYTES_FILE);
createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
