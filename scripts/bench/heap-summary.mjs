#!/usr/bin/env node
// What a V8 heap snapshot holds, by kind: the self size and count of its objects grouped by
// constructor (objects), or by type (strings, code, arrays...), largest first. For reading a
// snapshot taken by `HEAP_SNAPSHOT=<dir> node scripts/bench/page-cache-fit.mjs` without a browser.
// Usage: node scripts/bench/heap-summary.mjs <file.heapsnapshot> [rows, 30]
import { readFileSync } from 'node:fs';

const [file, rows = '30'] = process.argv.slice(2);
if (!file) throw new Error('usage: heap-summary.mjs <file.heapsnapshot> [rows]');
const snap = JSON.parse(readFileSync(file, 'utf8'));
const { node_fields: fields, node_types: [types] } = snap.snapshot.meta;
const width = fields.length;
const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
const groups = new Map();
let total = 0;
for (let i = 0; i < snap.nodes.length; i += width) {
  const type = types[snap.nodes[i + typeAt]];
  const size = snap.nodes[i + sizeAt];
  const key = type === 'object' || type === 'closure' ? `${type} ${snap.strings[snap.nodes[i + nameAt]]}` : type;
  const g = groups.get(key) ?? { count: 0, size: 0 };
  g.count++;
  g.size += size;
  groups.set(key, g);
  total += size;
}
const mb = (b) => (b / 1024 / 1024).toFixed(1);
console.log(`${mb(total)} MB in ${snap.nodes.length / width} objects`);
for (const [key, g] of [...groups].sort((a, b) => b[1].size - a[1].size).slice(0, Number(rows))) {
  console.log(`${mb(g.size).padStart(8)} MB ${String(g.count).padStart(9)}  ${key.slice(0, 100)}`);
}
