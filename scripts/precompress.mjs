#!/usr/bin/env node
// Writes name.br and name.gz beside every text file of a built front end (node scripts/precompress.mjs <dist>),
// so the server sends them as they are instead of compressing on every request. Run by each
// front end's build; files that would not shrink are left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

const root = process.argv[2];
if (!root) throw new Error('usage: node scripts/precompress.mjs <dist directory>');
let before = 0;
let after = 0;
for (const path of files(root)) {
  if (statSync(path).size < MIN_BYTES) continue;
  const raw = readFileSync(path);
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  const gz = gzipSync(raw, { level: 9 });
  if (br.length < raw.length) writeFileSync(`${path}.br`, br);
  if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
  before += raw.length;
  after += br.length;
}
console.log(`precompressed ${root}: ${(before / 1024).toFixed(0)} KiB of text, ${(after / 1024).toFixed(0)} KiB as brotli`);
