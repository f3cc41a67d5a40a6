// Shared by `npm run bench` and `npm run load`. A throwaway database: migrated by the product's own CLI,
// then filled in SQL with `listed` creators who pass the listing rule (plus a tenth as many
// pending applications, which the directory must skip), with one to three niches, one or two
// platforms, and one in ten showing a handle instead of a name.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort, portOpen } from './services.mjs';

/** Starts `node <script>` on a free loopback port and waits until it listens (at most 20 s). */
export async function startNodeServer(root, script, env) {
  const port = await freePort();
  const child = spawn('node', [script], { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 200 && !(await portOpen(port)); i++) await new Promise((r) => setTimeout(r, 100));
  return { base: `http://127.0.0.1:${port}`, child };
}

export async function createSeededDatabase({ root, adminUrl, listed }) {
  const name = `lc_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const migrate = spawnSync('node', ['backend/dist/cli.js', 'migrate'], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, encoding: 'utf8' });
  if (migrate.status !== 0) throw new Error(`migrate failed: ${migrate.stderr || migrate.stdout}`);

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const total = listed + Math.ceil(listed / 10);
  await db.query(`insert into users (id, email, password_hash, created_at, updated_at)
    select gen_random_uuid(), 'bench' || i || '@example.com', '!', now(), now() from generate_series(1, $1) i`, [total]);
  await db.query(`
    with numbered as (select u.id as user_id, row_number() over (order by u.email) as i from users u),
    niches as (select array['Food','Events','Outdoors','Family','Fitness','Music','Fashion','Comedy','Photography','Travel','Lifestyle'] as all_niches)
    insert into creator_profiles (id, user_id, full_name, phone, bio, neighborhood, niches, platforms, content_types, collab_types,
      can_use_name_publicly, approval_status, is_public, phone_verified, total_followers, created_at, updated_at)
    select gen_random_uuid(), user_id, 'Creator ' || i, '216-555-0100',
      'Cleveland creator number ' || i || ', sharing the best food, events and people of the city.',
      (array['Tremont','Ohio City','Gordon Square','Little Italy','University Circle','Lakewood'])[1 + i % 6],
      (select array_agg(distinct all_niches[1 + (i * k * 7 + k) % 11]) from niches, generate_series(1, 1 + i % 3) k),
      case when i % 2 = 0
        then jsonb_build_array(jsonb_build_object('name', 'Instagram', 'handle', 'cle_creator_' || i, 'url', '', 'followers', (i * 7919) % 250000))
        else jsonb_build_array(jsonb_build_object('name', 'TikTok', 'handle', 'cle' || i, 'url', '', 'followers', (i * 7919) % 250000),
                               jsonb_build_object('name', 'YouTube', 'handle', 'cle' || i, 'url', '', 'followers', (i * 104729) % 40000)) end,
      array['Reels'], array['Sponsored Post'],
      i % 10 <> 0,
      case when i <= $1 then 'approved' else 'pending' end, i <= $1, i <= $1,
      (i * 7919) % 250000 + case when i % 2 = 0 then 0 else (i * 104729) % 40000 end,
      now() - make_interval(secs => i * 30), now()
    from numbered`, [listed]);
  // Vacuum and checkpoint now, so neither autovacuum nor the checkpointer's write-out of the
  // fresh rows lands in the middle of a measurement.
  await db.query('vacuum (analyze)');
  await db.query('checkpoint');
  await db.end();

  return {
    databaseUrl,
    async drop() {
      await admin.query(`drop database "${name}" with (force)`);
      await admin.end();
    },
  };
}
