#!/usr/bin/env node
// The plan budgets of backend/test/creator/search-budgets.api.spec.ts at any size (issue 35): each
// search shape is asked of a running API once, the statements its directory sent are taken from
// PostgreSQL's log (log_min_duration_statement = 0 for the run's seconds, a superuser's setting,
// reset after; lines of the bench database's backends only), and each is run again under
// EXPLAIN (ANALYZE, BUFFERS): index entries read (rows of any index or table scan), buffers, and
// the time PostgreSQL took. What a statement reads does not depend on the host; its time does.
// Usage: SHAPES_API=http://127.0.0.1:PORT DATABASE_URL=postgres://…/<bench db> [SHAPES_CITY=akron]
//        [PG_LOG=/var/log/postgresql/postgresql-15-main.log] node scripts/bench/search-shapes.mjs
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';

const api = process.env.SHAPES_API;
const databaseUrl = process.env.DATABASE_URL;
if (!api || !databaseUrl) throw new Error('SHAPES_API and DATABASE_URL are needed');
if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(api)) throw new Error('SHAPES_API must be a loopback address');
const pgLog = process.env.PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const city = process.env.SHAPES_CITY ?? 'akron';

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const {
  rows: [{ name }],
} = await db.query('select current_database() as name');
const [{ n: listed }] = (await db.query(`select total as n from listing_counts where scope = '*'`)).rows;
const creatorAt = async (share, inCity) => {
  const { rows } = await db.query(
    `select created_at::text as key, id, city_slug from creator_profiles p where p.is_public and p.approval_status = 'approved' and p.phone_verified
       and ($2::text is null or p.city_slug = $2) order by created_at desc, id offset $1 limit 1`,
    [Math.floor(listed * share * (inCity ? 0.05 : 1)), inCity ? city : null],
  );
  return Buffer.from(JSON.stringify(['newest', 'a', rows[0].key, rows[0].id])).toString('base64url');
};
const n = () => 1 + Math.floor(Math.random() * listed);
const shapes = [
  ['one common word', `q=food`],
  ['two common words', `q=food%20events`],
  ['a rare word', `q=zzrare${n()}`],
  ['a word and a number', `q=creator%20${n()}`],
  ['nothing found: known words never together', `q=creator%20${n()}%20zzqxv`],
  ['a misspelt word', `q=Creatr%20${n()}`],
  ['a deep page of two common words', `q=sharing%20people&cursor=${await creatorAt(0.6, false)}`],
  ['a city: a word and a number', `city=${city}&q=food%20${n()}`],
  ['a city: common words, deep', `city=${city}&sort=newest&q=sharing%20people&cursor=${await creatorAt(0.6, true)}`],
  ['a filter', `q=sharing%20${n()}&min_followers=50000`],
];

const backends = async () =>
  new Set((await db.query(`select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [name])).rows.map((r) => r.pid));
await db.query(`alter system set log_min_duration_statement = 0`);
await db.query(`select pg_reload_conf()`);
await new Promise((resolve) => setTimeout(resolve, 500));
const results = [];
try {
  for (const [label, query] of shapes) {
    const from = statSync(pgLog).size;
    const res = await fetch(`${api}/api/creators?${query}`);
    if (!res.ok) throw new Error(`${label}: HTTP ${res.status}`);
    const body = await res.json();
    await new Promise((resolve) => setTimeout(resolve, 300)); // the log is written as statements end
    const pids = await backends();
    for (const statement of statementsLogged(from, pids)) {
      const { rows } = await db.query({ text: `explain (analyze, buffers, format json) ${statement.text}`, values: statement.values });
      const root = rows[0]['QUERY PLAN'][0];
      let entries = 0;
      const visit = (node) => {
        if (/^(Seq Scan|Index Scan|Index Only Scan|Bitmap Index Scan)$/.test(node['Node Type']))
          entries += (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'];
        for (const child of node.Plans ?? []) visit(child);
      };
      visit(root.Plan);
      results.push({
        label,
        total: `${body.total}${body.total_exact ? '' : '+'}`,
        entries,
        buffers: root.Plan['Shared Hit Blocks'] + root.Plan['Shared Read Blocks'],
        ms: root['Execution Time'],
        text: statement.text.replace(/\s+/g, ' ').slice(0, 50),
      });
    }
  }
} finally {
  await db.query(`alter system reset log_min_duration_statement`);
  await db.query(`select pg_reload_conf()`);
  await db.end();
}
console.log(
  `${listed.toLocaleString('en-US')} listed; load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
for (const r of results)
  console.log(
    `${r.label.padEnd(44)} total ${String(r.total).padEnd(6)} entries ${String(r.entries).padStart(7)} buffers ${String(r.buffers).padStart(6)} ${r.ms.toFixed(2).padStart(8)} ms  ${r.text}`,
  );
const worst = Math.max(...results.map((r) => r.entries));
console.log(`most index entries read by one statement: ${worst} (budget 2,000)`);

/** The statements (text and values) the given backends logged after byte `from` of the log. */
function statementsLogged(from, pids) {
  const size = statSync(pgLog).size;
  const fd = openSync(pgLog, 'r');
  const buffer = Buffer.alloc(size - from);
  readSync(fd, buffer, 0, buffer.length, from);
  closeSync(fd);
  const entries = [];
  for (const line of buffer.toString('utf8').split('\n')) {
    if (/^\d{4}-\d\d-\d\d /.test(line) || entries.length === 0) entries.push(line);
    else entries[entries.length - 1] += `\n${line}`;
  }
  const out = [];
  for (const [i, entry] of entries.entries()) {
    const pid = Number(/^\S+ \S+ \S+ \[(\d+)\]/.exec(entry)?.[1]);
    const m = /duration: [\d.]+ ms\s+execute [^:]*:\s*([\s\S]*)$/.exec(entry);
    if (!pids.has(pid) || !m) continue;
    const detail = entries[i + 1] && /DETAIL:\s+parameters: ([\s\S]*)$/.exec(entries[i + 1]);
    const values = [];
    if (detail) for (const p of detail[1].matchAll(/\$\d+ = (NULL|'((?:[^']|'')*)')/g)) values.push(p[1] === 'NULL' ? null : p[2].replace(/''/g, "'"));
    out.push({ text: m[1], values });
  }
  return out;
}
