// `node --test scripts/bench/api-command.test.mjs`: every script that measures the API starts it as
// its image does (decision 1002). Started as `node backend/dist/main.js`, the bench's API ran on
// V8's defaults for this 24 GB host, not the image's bounded heap: after a storm its scavenges took
// 10-20 ms and one marking stalled it 185 ms, and the overview's stall measure said p99 19.5 ms
// where the API as deployed answers within twice the bare server's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCommand } from '../lib/bench-db.mjs';

const scripts = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(scripts, '..');

test("the API's command is the image's CMD after `node`: the heap flags, then the script", () => {
  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(readFileSync(join(root, 'Dockerfile'), 'utf8').split(/^FROM /m).at(-1))[1]);
  assert.deepEqual(['node', ...apiCommand(root)], cmd);
  assert.ok(apiCommand(root).some((a) => /^--max-old-space-size=\d+$/.test(a)), 'the image bounds the old space');
});

test('no measuring script starts the API without the heap flags', () => {
  const files = [scripts, join(scripts, 'bench'), join(scripts, 'lib')].flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.mjs') && !name.endsWith('.test.mjs'))
      .map((name) => join(dir, name)),
  );
  const bare = files.filter((file) => /startNodeServer\([^)]*'backend\/dist\/main\.js'/.test(readFileSync(file, 'utf8')));
  assert.deepEqual(bare.map((f) => f.slice(root.length + 1)), []);
});
