import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { RequestContext } from '@mikro-orm/core';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { ConfigError, validateEnvironment } from './config/environment';
import { ormOptions } from './database/database.module';
import { AuthService } from './modules/identity';
import { JsonLogger } from './shared/logging';
import { generatePassword, seed } from './seed/seed';
import { migrationContext } from './migrations/migration-context';

const USAGE = `Usage:
  node backend/dist/cli.js check-config            check the environment as the api would, and exit
  node backend/dist/cli.js migrate [--quiet]       apply pending migrations
  node backend/dist/cli.js seed [--demo]           seed (demo admin and content only with --demo)
  node backend/dist/cli.js admin grant <email>     give an account the admin role
  node backend/dist/cli.js admin revoke <email>    take it away
  node backend/dist/cli.js admin reset-password <email>
                                                   set a new password (printed once) and end the account's sessions`;

export async function migrate(env: Record<string, string | undefined> = process.env, opts: { silent?: boolean } = {}) {
  const config = new AppConfig(validateEnvironment(env));
  const options = ormOptions(config);
  // The cities migration moves an existing install's rows to the home city (decision 0600).
  migrationContext.city = config.city;
  const orm = await MikroORM.init({ ...options, migrations: { ...options.migrations, silent: opts.silent ?? false } });
  try {
    const applied = await orm.getMigrator().up();
    return applied.map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}

async function withApp<T>(fn: (app: Awaited<ReturnType<typeof NestFactory.createApplicationContext>>) => Promise<T>) {
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(), { logger: new JsonLogger('warn', 'cli') });
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
  const known = command === 'migrate' || command === 'seed' || command === 'admin';
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
    else console.log(quiet ? `Applied ${applied.length} database migration${applied.length === 1 ? '' : 's'}.` : `Applied migrations: ${applied.join(', ')}`);
    return;
  }
  if (command === 'seed') {
    await withApp((app) => seed(app, { demo: args.includes('--demo'), print: (l) => console.log(l) }));
    return;
  }
  if (command === 'admin' && (sub === 'grant' || sub === 'revoke') && email) {
    await withApp(async (app) => {
      const auth = app.get(AuthService);
      const em = app.get(MikroORM).em.fork();
      await RequestContext.create(em, async () => {
        const result = sub === 'grant' ? await auth.grantRole(email, 'admin') : await auth.revokeRole(email, 'admin');
        console.log(
          result === 'unchanged'
            ? `${email} ${sub === 'grant' ? 'is already' : 'is not'} an admin; nothing changed.`
            : `${email} is ${sub === 'grant' ? 'now an admin' : 'no longer an admin'}.`,
        );
      });
    });
    return;
  }
  if (command === 'admin' && sub === 'reset-password' && email) {
    await withApp(async (app) => {
      const password = generatePassword();
      await RequestContext.create(app.get(MikroORM).em.fork(), () => app.get(AuthService).setPasswordByOperator(email, password));
      console.log(`New password for ${email} (shown once; every session of the account has ended):\n  ${password}`);
    });
    return;
  }
  console.error(USAGE);
  process.exitCode = 2;
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error) => {
    const message = error instanceof ConfigError ? error.message : `Error: ${(error as Error).message}`;
    console.error(/password authentication failed/.test(message) ? `${message}\n${WRONG_DATABASE_PASSWORD}` : message);
    process.exit(1);
  });
}
