#!/usr/bin/env node
// Times `npm run bench`'s seeding alone (decision 0641): seeds BENCH_SIZES' first size over
// BENCH_CITIES cities (as the bench does, migration included), prints how long it took, the
// database's size and each city's listed creators, then drops the database. Needs the built backend.
// Usage: BENCH_CITIES=10 BENCH_SIZES=200000 node scripts/bench/seed-time.mjs
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createSeededDatabase } from '../lib/bench-db.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const listed = Number((process.env.BENCH_SIZES ?? '200000').split(',')[0]);
const cities = Number(process.env.BENCH_CITIES ?? 1);
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const start = performance.now();
const db = await createSeededDatabase({ root, adminUrl, listed, cities });
const seconds = (performance.now() - start) / 1000;
const client = new pg.Client({ connectionString: db.databaseUrl });
await client.connect();
const { rows: [size] } = await client.query('select pg_database_size(current_database())::bigint as bytes');
const { rows: perCity } = await client.query(`select city_slug, total from city_listing_counts where scope = '*' order by total desc`);
await client.end();
console.log(`seeded ${listed.toLocaleString('en-US')} listed creators over ${cities} ${cities === 1 ? 'city' : 'cities'} in ${seconds.toFixed(1)} s (migration, inserts, vacuum (analyze), checkpoint)`);
console.log(`steps (s): ${JSON.stringify(db.timings)}`);
console.log(`database size: ${(Number(size.bytes) / 1024 ** 2).toFixed(0)} MiB`);
console.log(`listed per city: ${perCity.map((r) => `${r.city_slug} ${r.total}`).join(', ')}`);
await db.drop();
