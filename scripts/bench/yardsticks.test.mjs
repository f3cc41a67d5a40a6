// `node --test scripts/bench/yardsticks.test.mjs`: the open-loop schedule's math, percentiles and
// the PostgreSQL log's parsing of scripts/bench/yardsticks.mjs (jest's projects cover only
// TypeScript beside the product's code).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { dueAt, dueBy, openLoop, percentile, loggedStatements, slowestOf } from './yardsticks.mjs';

test('requests are due evenly spaced, one every 1/rate s', () => {
  assert.deepEqual(
    [0, 1, 2, 3].map((i) => dueAt(i, 200)),
    [0, 5, 10, 15],
  );
  assert.equal(dueBy(0, 200, 100), 1);
  assert.equal(dueBy(4.9, 200, 100), 1);
  assert.equal(dueBy(5, 200, 100), 2);
  // Late by 12 ms: every request due by then is sent at once (each timed from its own due time).
  assert.equal(dueBy(12, 200, 100), 3);
  assert.equal(dueBy(10_000, 200, 100), 100);
});

test('a percentile is the value at or above that share of the values', () => {
  const values = Array.from({ length: 100 }, (_, i) => i + 1);
  assert.equal(percentile(values, 50), 50);
  assert.equal(percentile(values, 99), 99);
  assert.equal(percentile(values, 100), 100);
  assert.equal(percentile([7], 99), 7);
  assert.equal(percentile([], 50), null);
});

test("the log's execute and simple statements of the given backends are counted, not parse or bind", () => {
  const log = [
    '2026-11-28 22:00:00.001 UTC [101] postgres@bench LOG:  duration: 0.050 ms  parse S_1: select 1',
    '2026-11-28 22:00:00.002 UTC [101] postgres@bench LOG:  duration: 0.020 ms  bind S_1: select 1',
    '2026-11-28 22:00:00.003 UTC [101] postgres@bench LOG:  duration: 1.500 ms  execute S_1: select 1',
    '2026-11-28 22:00:00.004 UTC [102] postgres@bench LOG:  duration: 9.000 ms  execute <unnamed>: select 2',
    '2026-11-28 22:00:00.005 UTC [101] postgres@bench LOG:  duration: 0.700 ms  statement: select 3',
    '\tfrom creator_profiles',
    '2026-11-28 22:00:00.006 UTC [103] postgres@other LOG:  duration: 50.000 ms  execute S_2: select 4',
  ].join('\n');
  assert.deepEqual(loggedStatements(log, new Set([101, 102])).map((s) => s.ms), [1.5, 9, 0.7]);
});

test('the slowest statement of the given backends, with its continuation lines and parameters', () => {
  const log = [
    '2026-11-28 22:00:00.003 UTC [101] postgres@bench LOG:  duration: 1.500 ms  execute S_1: select 1',
    '2026-11-28 22:00:00.004 UTC [102] postgres@bench LOG:  duration: 9.000 ms  execute lc_directory_ab: select p.id',
    '\tfrom creator_profiles p where p.city_slug = $1',
    '2026-11-28 22:00:00.004 UTC [102] postgres@bench DETAIL:  parameters: $1 = \'akron\'',
    '2026-11-28 22:00:00.006 UTC [103] postgres@other LOG:  duration: 50.000 ms  execute S_2: select 4',
  ].join('\n');
  assert.deepEqual(slowestOf(loggedStatements(log, new Set([101, 102]))), {
    ms: 9,
    sql: 'select p.id from creator_profiles p where p.city_slug = $1',
    parameters: "parameters: $1 = 'akron'",
  });
  assert.equal(slowestOf(loggedStatements(log, new Set([104]))), null);
});

test('the open loop sends rate × seconds requests, timed from when each was due', async () => {
  // A server that answers every request 20 ms late: each latency is at least 20 ms.
  const server = createServer((req, res) => setTimeout(() => res.end('ok'), 20));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const paths = [];
  try {
    const result = await openLoop(`http://127.0.0.1:${server.address().port}`, () => `/${paths.push(1)}`, { rate: 100, seconds: 0.5 });
    assert.equal(result.sent, 50);
    assert.equal(paths.length, 50);
    assert.equal(result.errors, 0);
    assert.ok(result.p50 >= 20, `p50 ${result.p50}`);
  } finally {
    server.close();
  }
});

test('a request sent late is timed from when it was due: a stall counts for every request it delayed', async () => {
  const server = createServer((req, res) => res.end('ok'));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    // 100 ms of blocked event loop from 105 ms on: the ten requests due meanwhile leave late (the
    // server answers at once), up to about 95 ms after they were due.
    setTimeout(() => {
      const until = performance.now() + 100;
      while (performance.now() < until);
    }, 105);
    const result = await openLoop(`http://127.0.0.1:${server.address().port}`, () => '/', { rate: 100, seconds: 0.5 });
    assert.equal(result.sent, 50);
    // Timed from when each left, they would be a few ms (the bench's host may be busy: no upper bound).
    assert.ok(result.p99 >= 80, `p99 ${result.p99}`);
  } finally {
    server.close();
  }
});
