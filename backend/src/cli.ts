import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Compilable } from 'kysely';
import { RequestContext } from '@mikro-orm/core';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { ConfigError, validateEnvironment } from './config/environment';
import { ormOptions } from './database/database.module';
import { releaseDeadConnections } from './database/dead-connections';
import { migrationLockStatements } from './database/migration-lock';
import { AdminCities, AuthService, type AdminReach } from './modules/identity';
import { Cities, type City } from './modules/city';
import { JsonLogger } from './shared/logging';
import { generatePassword, seed } from './seed/seed';
import { migrationContext } from './migrations/migration-context';

const USAGE = `Usage:
  node backend/dist/cli.js check-config            check the environment as the api would, and exit
  node backend/dist/cli.js migrate [--quiet]       apply pending migrations
  node backend/dist/cli.js seed [--demo]           seed (demo admin and content only with --demo)
  node backend/dist/cli.js admin grant <email> [--city <slug>[,<slug>…]] [--by "Dana Reyes"]
                                                   make an account an admin of every city, or add cities;
                                                   an address with no account is invited by e-mail
                                                   (a link to set a password; --by names who invites)
  node backend/dist/cli.js admin revoke <email> [--city <slug>[,<slug>…]]
                                                   take the admin role away, or some cities (the last takes the role)
  node backend/dist/cli.js admin show <email>      which cities an account is an admin of
  node backend/dist/cli.js city list               the cities this install serves
  node backend/dist/cli.js city add <name> [--state OH] [--time-zone America/New_York] [--slug s]
           [--neighborhoods "A, B"] [--host h] [--resident …] [--outsider-tell …] [--reviews …]
           [--promo-title …] [--promo-text …] [--promo-url https://…] [--phone-example …]
           [--neighborhood-examples …] [--bio-example …]   (--promo-url "": no promotion)
  node backend/dist/cli.js city set <slug> [the same options, and --name]
  node backend/dist/cli.js admin reset-password <email>
                                                   set a new password (printed once) and end the account's sessions`;

export async function migrate(env: Record<string, string | undefined> = process.env, opts: { silent?: boolean } = {}) {
  const config = new AppConfig(validateEnvironment(env));
  const options = ormOptions(config);
  // The cities migration moves an existing install's rows to the home city (decision 0600).
  migrationContext.city = config.city;
  const orm = await MikroORM.init({ ...options, migrations: { ...options.migrations, silent: opts.silent ?? false } });
  // Several runs at once (an init step in every new api pod, decision 0880) take turns: each holds
  // a session-level advisory lock on a connection of its own while it migrates, so the second finds
  // nothing pending instead of applying the same migrations again. The lock goes with the
  // connection if the process dies.
  const pool = await orm.em.getConnection().getNativeClient();
  releaseDeadConnections(pool);
  const lock = await pool.connect();
  const onLock = async (statement: Compilable) => {
    const { sql, parameters } = statement.compile();
    await lock.query(sql, [...parameters]);
  };
  try {
    const db = orm.em.getKysely();
    await onLock(migrationLockStatements.take(db));
    const applied = await orm.migrator.up();
    await onLock(migrationLockStatements.give(db));
    return applied.map((m) => m.name);
  } finally {
    lock.release();
    await orm.close(true);
  }
}

async function withApp<T>(fn: (app: Awaited<ReturnType<typeof NestFactory.createApplicationContext>>) => Promise<T>) {
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(), {
    logger: new JsonLogger('warn', 'cli'),
  });
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

/**
 * PostgreSQL sets a data volume's password once, when it creates it. Compose's first `up` with the
 * placeholder from .env.example (before check-config existed), or any later change of
 * POSTGRES_PASSWORD, leaves the database refusing the new one: say what happened and what to do.
 */
const WRONG_DATABASE_PASSWORD = `
The database refused the password. A PostgreSQL data volume keeps the password it was created with:
if POSTGRES_PASSWORD changed since the volume was made, put the old one back, or set the new one in
the database (docs/operations.md, "Changing the database password"). With no data worth keeping,
\`docker compose down -v\` removes the volume and the next start creates it with the new password.`;

/**
 * Without DATABASE_URL the configuration's default (postgres on 127.0.0.1:5432) is not the
 * database `npm start` runs (its embedded one): a newcomer migrated a shared server that way. So
 * the CLI works only on a database it is told (issue 23, decision 0507).
 */
export const NO_DATABASE_URL = `DATABASE_URL is not set, so this command does not know which database to use; nothing was changed.
  npm start migrates and seeds its own embedded database each time it starts;
  npm run admin -- grant|revoke|reset-password <email> works on that embedded database;
  for any other database, set DATABASE_URL=postgres://user:password@host:5432/name and run this again.`;

async function main(args: string[]) {
  const [command, sub, email] = args;
  const known = command === 'migrate' || command === 'seed' || command === 'admin' || command === 'city';
  if (known && !process.env.DATABASE_URL) {
    console.error(NO_DATABASE_URL);
    process.exitCode = 2;
    return;
  }
  if (command === 'check-config') {
    // The compose stack runs this before PostgreSQL may create its volume (service `preflight`),
    // so a placeholder secret is refused before it is written anywhere.
    validateEnvironment(process.env);
    console.log('Configuration is valid.');
    return;
  }
  if (command === 'migrate') {
    // --quiet (npm start): one summary line instead of one line per migration step.
    const quiet = args.includes('--quiet');
    const applied = await migrate(process.env, { silent: quiet });
    if (!applied.length) console.log('Database schema is up to date.');
    else
      console.log(
        quiet
          ? `Applied ${applied.length} database migration${applied.length === 1 ? '' : 's'}.`
          : `Applied migrations: ${applied.join(', ')}`,
      );
    return;
  }
  if (command === 'seed') {
    await withApp((app) => seed(app, { demo: args.includes('--demo'), print: (l) => console.log(l) }));
    return;
  }
  if (command === 'admin' && (sub === 'grant' || sub === 'revoke' || sub === 'show') && email) {
    const cities = listOption(args, '--city');
    await withApp(async (app) => {
      const admins = app.get(AdminCities);
      await RequestContext.create(app.get(MikroORM).em.fork(), async () => {
        if (sub === 'show') return console.log(`${email}: ${describeReach(await admins.reachOf(email))}.`);
        if (sub === 'grant') {
          const { before, after, invited, linkHours } = await admins.grant(email, cities, {
            invitedBy: option(args, '--by'),
          });
          console.log(invited ? invitation(email, before, after, linkHours) : adminChange(email, sub, before, after));
          return;
        }
        const { before, after } = await admins.revoke(email, cities);
        console.log(adminChange(email, sub, before, after));
      });
    });
    return;
  }
  if (command === 'city' && (sub === 'list' || ((sub === 'add' || sub === 'set') && email))) {
    await withApp(async (app) => {
      const cities = app.get(Cities);
      if (sub === 'list') {
        for (const c of await cities.all()) console.log(describeCity(c));
        return;
      }
      const changes = cityOptions(args);
      const city =
        sub === 'add'
          ? await cities.add({ state: 'OH', timeZone: 'America/New_York', ...changes, name: email })
          : await cities.update(email, changes);
      console.log(`${sub === 'add' ? 'Added' : 'Changed'}: ${describeCity(city)}`);
    });
    return;
  }
  if (command === 'admin' && sub === 'reset-password' && email) {
    await withApp(async (app) => {
      const password = generatePassword();
      await RequestContext.create(app.get(MikroORM).em.fork(), () =>
        app.get(AuthService).setPasswordByOperator(email, password),
      );
      console.log(`New password for ${email} (shown once; every session of the account has ended):\n  ${password}`);
    });
    return;
  }
  console.error(USAGE);
  process.exitCode = 2;
}

/** `--city akron --city cleveland` or `--city akron,cleveland`; null when not given. */
function listOption(args: string[], name: string): string[] | null {
  const values = optionValues(args, name);
  if (!values.length) return null;
  return values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Every value given for `name`, as `--name value` or `--name=value`. */
function optionValues(args: string[], name: string): string[] {
  return args.flatMap((a, i) =>
    a === name ? [args[i + 1] ?? ''] : a.startsWith(`${name}=`) ? [a.slice(name.length + 1)] : [],
  );
}

/** The first value given for `name` (commas kept: a name or a line of copy may hold one). */
const option = (args: string[], name: string): string | undefined => optionValues(args, name)[0];

function cityOptions(args: string[]) {
  const changes: Partial<City> = {};
  const name = option(args, '--name');
  if (name !== undefined) changes.name = name;
  const slug = option(args, '--slug');
  if (slug !== undefined) changes.slug = slug;
  const state = option(args, '--state');
  if (state !== undefined) changes.state = state;
  const timeZone = option(args, '--time-zone');
  if (timeZone !== undefined) changes.timeZone = timeZone;
  const host = option(args, '--host');
  if (host !== undefined) changes.host = host || null;
  const neighborhoods = listOption(args, '--neighborhoods');
  if (neighborhoods) changes.neighborhoods = neighborhoods;
  // The city's lines of copy, each set on its own (decisions 0600, 0654).
  const lines: [keyof City['copy'], string][] = [
    ['resident', '--resident'],
    ['outsiderTell', '--outsider-tell'],
    ['reviews', '--reviews'],
    ['promoTitle', '--promo-title'],
    ['promoText', '--promo-text'],
    ['promoUrl', '--promo-url'],
    ['phoneExample', '--phone-example'],
    ['neighborhoodExamples', '--neighborhood-examples'],
    ['bioExample', '--bio-example'],
  ];
  const copy = Object.fromEntries(
    lines.flatMap(([key, flag]) => (option(args, flag) !== undefined ? [[key, option(args, flag)!]] : [])),
  );
  if (Object.keys(copy).length) changes.copy = copy as Partial<City['copy']> as City['copy'];
  return changes;
}

const describeCity = (c: City) =>
  `${c.slug}  ${c.name}, ${c.state}  (${c.timeZone}${c.host ? `, ${c.host}` : ''}${c.neighborhoods.length ? `; ${c.neighborhoods.length} neighborhoods` : ''})`;

const describeReach = (reach: AdminReach) =>
  !reach ? 'not an admin' : reach.everyCity ? 'an admin of every city' : `an admin of ${reach.cities.join(', ')}`;

/** One line on what changed; a grant or revoke without --city keeps the texts it had before cities. */
function adminChange(email: string, sub: 'grant' | 'revoke', before: AdminReach, after: AdminReach): string {
  if (JSON.stringify(before) === JSON.stringify(after)) {
    if (sub === 'grant')
      return before?.everyCity
        ? `${email} is already an admin; nothing changed.`
        : `${email} is already ${describeReach(before)}; nothing changed.`;
    return before
      ? `${email} is still ${describeReach(before)}; nothing changed.`
      : `${email} is not an admin; nothing changed.`;
  }
  if (!after) return `${email} is no longer an admin.`;
  if (!before && after.everyCity) return `${email} is now an admin.`;
  return `${email} is now ${describeReach(after)}.`;
}

/** A grant that mailed an invitation (decision 0662): what the person was made and where the link went. */
function invitation(email: string, before: AdminReach, after: AdminReach, linkHours: number): string {
  const made = !before
    ? `had no account: invited as ${describeReach(after)}`
    : `${JSON.stringify(before) === JSON.stringify(after) ? 'is still' : 'is now'} ${describeReach(after)} and has not set a password yet`;
  return `${email} ${made}. An invitation to set a password was mailed to ${email} (the link works once, for ${linkHours === 1 ? 'one hour' : `${linkHours} hours`}).`;
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error) => {
    const message = error instanceof ConfigError ? error.message : `Error: ${(error as Error).message}`;
    console.error(/password authentication failed/.test(message) ? `${message}\n${WRONG_DATABASE_PASSWORD}` : message);
    process.exit(1);
  });
}
