// Shared by `npm run bench` and `npm run load`. A throwaway database: migrated by the product's own CLI,
// then filled in SQL with `listed` creators who pass the listing rule (plus a tenth as many
// pending applications, which the directory must skip), with one to three niches, one or two
// platforms, and one in ten showing a handle instead of a name. With `cities` > 1 (BENCH_CITIES,
// decision 0641) the home city the migration made is joined by other cities, added as the CLI's
// `city add` adds them (a row of `cities`, each with six neighbourhoods), and the creators are
// spread over them: the k-th city gets 1/k of the first's share, each creator's city drawn from a
// hash of its number, so every city's creators are spread over the whole time line.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, portOpen } from './services.mjs';

/**
 * Starts `node <script>` (or `node <args...>`) on a free loopback port and waits until it listens
 * (at most 20 s).
 */
export async function startNodeServer(root, script, env) {
  const port = await freePort();
  const child = spawn('node', Array.isArray(script) ? script : [script], { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 200 && !(await portOpen(port)); i++) await new Promise((r) => setTimeout(r, 100));
  return { base: `http://127.0.0.1:${port}`, child };
}

/**
 * The API's command as its image runs it, after `node`: the Dockerfile's last CMD, Node's heap
 * flags then the script (decision 1002). Measured without them, the API met V8's defaults for this
 * 24 GB host, which no deployed API has: scavenges of 10-20 ms and an old space grown past 400 MB,
 * then marked in one stall of up to 185 ms.
 */
export function apiCommand(root) {
  const commands = [...readFileSync(join(root, 'Dockerfile'), 'utf8').matchAll(/^CMD (\[.*\])$/gm)];
  const command = JSON.parse(commands.at(-1)[1]);
  if (command[0] !== 'node' || command.at(-1) !== 'backend/dist/main.js') throw new Error(`the image's CMD is not the API's: ${command.join(' ')}`);
  return command.slice(1);
}

/** Starts the built API as its image runs it (`apiCommand`) on a free loopback port; see startNodeServer. */
export const startApi = (root, env) => startNodeServer(root, apiCommand(root), env);

/**
 * The cities a bench of several cities adds (issue 26 point 5): Ohio's, each with six
 * neighbourhoods. The home city (CITY, Cleveland unless set) comes first and keeps its place.
 */
export const BENCH_CITIES = [
  ['Cleveland', ['Tremont', 'Ohio City', 'Gordon Square', 'Little Italy', 'University Circle', 'Lakewood']],
  ['Akron', ['Highland Square', 'Merriman Valley', 'Firestone Park', 'North Hill', 'Ellet', 'Kenmore']],
  ['Columbus', ['German Village', 'Short North', 'Clintonville', 'Italian Village', 'Olde Towne East', 'Victorian Village']],
  ['Cincinnati', ['Over-the-Rhine', 'Hyde Park', 'Clifton', 'Mount Adams', 'Northside', 'Oakley']],
  ['Toledo', ['Old West End', 'Vistula', 'Point Place', 'Westgate', 'Warehouse District', 'Birmingham']],
  ['Dayton', ['Oregon District', 'South Park', 'Belmont', 'Wright-Dunbar', 'Huffman', 'Kettering']],
  ['Canton', ['Downtown Canton', 'Ridgewood', 'Belden Village', 'Harter Heights', 'Avondale', 'Meyers Lake']],
  ['Youngstown', ['Wick Park', 'Idora', 'Brownlee Woods', 'Smoky Hollow', 'Lansingville', 'Fosterville']],
  ['Lorain', ['Central Lorain', 'Charleston Village', 'Oakwood Park', 'Lakeview', 'Sheffield', 'Broadway']],
  ['Parma', ['Ridgewood Lakes', 'Parmatown', 'Pleasant Valley', 'Ukrainian Village', 'Snow Road', 'State Road']],
].map(([name, neighborhoods]) => ({ name, neighborhoods }));

/** The slug the product gives a city's name (slugOf in backend/src/modules/city/domain/city.ts). */
const slugOf = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
/** How many of 1,000 buckets of creators each city gets: the k-th city 1/k of the first's share. */
function buckets(count) {
  const weights = Array.from({ length: count }, (_, k) => 1 / (k + 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const out = [];
  let acc = 0;
  weights.forEach((w, k) => {
    acc += w / sum;
    while (out.length < Math.round(acc * 1000)) out.push(k + 1);
  });
  return out;
}

/**
 * The cities of a bench of `count` cities, in the database: the migration's home city given its
 * neighbourhoods (as `city set --neighborhoods` would) and `count - 1` more added as `city add`
 * adds them (OH, America/New_York, no copy of their own, no host). Returned in order, the home city first.
 */
async function seedCities(db, count) {
  const { rows: [home] } = await db.query('select slug, name from cities order by created_at, slug limit 1');
  const own = BENCH_CITIES.find((c) => c.name === home.name) ?? { name: home.name, neighborhoods: BENCH_CITIES[0].neighborhoods };
  const others = BENCH_CITIES.filter((c) => c.name !== home.name).slice(0, count - 1);
  if (others.length < count - 1) throw new Error(`BENCH_CITIES=${count}: at most ${BENCH_CITIES.length} cities are known to the bench`);
  await db.query('update cities set neighborhoods = $2::text[] where slug = $1', [home.slug, own.neighborhoods]);
  for (const c of others) {
    await db.query(
      `insert into cities (slug, name, state, time_zone, neighborhoods, copy, host) values ($1, $2, 'OH', 'America/New_York', $3::text[], '{}'::jsonb, null)`,
      [slugOf(c.name), c.name, c.neighborhoods],
    );
  }
  return [{ slug: home.slug, name: home.name, neighborhoods: own.neighborhoods }, ...others.map((c) => ({ slug: slugOf(c.name), ...c }))];
}

export async function createSeededDatabase({ root, adminUrl, listed, cities: cityCount = 1 }) {
  const name = `lc_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  try {
    return { databaseUrl, ...(await seed(root, databaseUrl, listed, cityCount)), drop };
  } catch (error) {
    await drop();
    throw error;
  }
  async function drop() {
    await admin.query(`drop database "${name}" with (force)`);
    await admin.end();
  }
}

/** Migrates and fills the database; the cities of a bench of several, else undefined. */
async function seed(root, databaseUrl, listed, cityCount) {
  // Seconds each step took, for `scripts/bench/seed-time.mjs`.
  const timings = {};
  let since = performance.now();
  const step = (name) => {
    timings[name] = Number(((performance.now() - since) / 1000).toFixed(1));
    since = performance.now();
  };
  const migrate = spawnSync('node', ['backend/dist/cli.js', 'migrate'], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, encoding: 'utf8' });
  if (migrate.status !== 0) throw new Error(`migrate failed: ${migrate.stderr || migrate.stdout}`);
  step('migrate');

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const multi = cityCount > 1;
  const cities = multi ? await seedCities(db, cityCount) : undefined;
  const total = listed + Math.ceil(listed / 10);
  await db.query(`insert into users (id, email, password_hash, created_at, updated_at)
    select gen_random_uuid(), 'bench' || i || '@example.com', '!', now(), now() from generate_series(1, $1) i`, [total]);
  step('users');
  // One city: the columns' defaults (the home city) and Cleveland's words, as before. Several: the
  // city of each creator is `c`, an index into $3 (slugs), $4 (names) and $5 (six neighbourhoods a city).
  const params = multi ? [listed, buckets(cityCount), cities.map((c) => c.slug), cities.map((c) => c.name), cities.flatMap((c) => c.neighborhoods)] : [listed];
  const place = multi ? `, placed as (select n.*, ($2::int[])[1 + abs(hashtext(n.i::text)) % 1000] as c from numbered n)` : '';
  const cityColumns = multi ? ', city, city_slug' : '';
  const cityValues = multi ? ', ($4::text[])[c], ($3::text[])[c]' : '';
  const bio = multi ? `($4::text[])[c] || ' creator number '` : `'Cleveland creator number '`;
  const neighborhood = multi ? `($5::text[])[(c - 1) * 6 + 1 + i % 6]` : `(array['Tremont','Ohio City','Gordon Square','Little Italy','University Circle','Lakewood'])[1 + i % 6]`;
  // The trigger moving the listing version is a statement trigger (decision 0224; it was a row
  // trigger, quadratic in the rows of one statement, found by this seed), but it still keeps a copy
  // of every inserted row as its transition table. Off for the seed, and the version moved once
  // after it, as the trigger would have: the database is new, nothing reads it yet.
  await db.query('alter table creator_profiles disable trigger creator_profiles_listing_insert');
  await db.query(`
    with numbered as (select u.id as user_id, row_number() over (order by u.email) as i from users u)${place},
    niches as (select array['Food','Events','Outdoors','Family','Fitness','Music','Fashion','Comedy','Photography','Travel','Lifestyle'] as all_niches)
    insert into creator_profiles (id, user_id, full_name, phone, bio, neighborhood, niches, platforms, content_types, collab_types,
      can_use_name_publicly, approval_status, is_public, phone_verified, total_followers, created_at, updated_at${cityColumns})
    select gen_random_uuid(), user_id, 'Creator ' || i, '216-555-0100',
      ${bio} || i || ', sharing the best food, events and people of the city.',
      ${neighborhood},
      (select array_agg(distinct all_niches[1 + (i * k * 7 + k) % 11]) from niches, generate_series(1, 1 + i % 3) k),
      case when i % 2 = 0
        then jsonb_build_array(jsonb_build_object('name', 'Instagram', 'handle', 'cle_creator_' || i, 'url', '', 'followers', (i * 7919) % 250000))
        else jsonb_build_array(jsonb_build_object('name', 'TikTok', 'handle', 'cle' || i, 'url', '', 'followers', (i * 7919) % 250000),
                               jsonb_build_object('name', 'YouTube', 'handle', 'cle' || i, 'url', '', 'followers', (i * 104729) % 40000)) end,
      array['Reels'], array['Sponsored Post'],
      i % 10 <> 0,
      case when i <= $1 then 'approved' else 'pending' end, i <= $1, i <= $1,
      (i * 7919) % 250000 + case when i % 2 = 0 then 0 else (i * 104729) % 40000 end,
      now() - make_interval(secs => i * 30), now()${cityValues}
    from ${multi ? 'placed' : 'numbered'}`, params);
  await db.query('alter table creator_profiles enable trigger creator_profiles_listing_insert');
  await db.query('select move_listing_version()');
  step('creators');
  // Vacuum and checkpoint now, so neither autovacuum nor the checkpointer's write-out of the
  // fresh rows lands in the middle of a measurement.
  await db.query('vacuum (analyze)');
  step('vacuum');
  await db.query('checkpoint');
  step('checkpoint');
  await db.end();

  return { cities, timings };
}
