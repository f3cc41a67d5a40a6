import { randomBytes, randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { asAdmin } from '../helpers/test-db';
import { AppConfig } from '../../src/config/app-config';
import { validateEnvironment } from '../../src/config/environment';
import { ormOptions } from '../../src/database/database.module';

/**
 * Issue 36 point 1 (decision 0830): the first 200 characters of each receiver's answer, kept in the
 * log until now, are cut from the rows already written; the status and everything else stay.
 */
const BEFORE = 'Migration20261128100000SearchWords';
const CUT = 'Migration20261128220000WebhookAnswersForgotten';

describe('the migration that forgets the answers of webhook receivers', () => {
  const adminUrl = process.env.LC_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `lc_test_${randomBytes(5).toString('hex')}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const env = { NODE_ENV: 'test', DATABASE_URL: url, JWT_SECRET: randomBytes(24).toString('hex'), LOG_LEVEL: 'error' };
  let pg: Client;
  const migrateTo = async (to: string) => {
    const options = ormOptions(new AppConfig(validateEnvironment(env)));
    const orm = await MikroORM.init({ ...options, migrations: { ...options.migrations, silent: true } });
    const done = (await orm.migrator.up({ to })).map((m) => m.name);
    await orm.close(true);
    return done;
  };

  beforeAll(async () => {
    await asAdmin(`create database "${name}"`, adminUrl);
    await migrateTo(BEFORE);
    pg = new Client({ connectionString: url });
    await pg.connect();
  });
  afterAll(async () => {
    await pg?.end();
    await asAdmin(`drop database if exists "${name}" with (force)`, adminUrl);
  });

  it('keeps "HTTP <status>" and every other error, and drops what the receiver wrote', async () => {
    const sub = randomUUID();
    await pg.query(
      `insert into webhook_subscriptions (id, url, events, secret, created_at, updated_at) values ($1, 'http://127.0.0.1:9/hook', '{creator.listed}', 'whsec_x', now(), now())`,
      [sub],
    );
    const errors = [
      'HTTP 500: {"db_password":"hunter2"}',
      'HTTP 302 (redirects are not followed): <html>internal\nadmin</html>',
      'HTTP 404',
      'No answer within 5 s',
      null,
    ];
    for (const [i, error] of errors.entries())
      await pg.query(
        `insert into webhook_attempts (id, subscription_id, delivery_id, event_id, event, attempt, attempted_at, status_code, error, outcome)
           values (gen_random_uuid(), $1, gen_random_uuid(), gen_random_uuid(), 'creator.listed', $2, now(), 500, $3, 'retrying')`,
        [sub, i + 1, error],
      );
    await pg.query(
      `insert into outbox_messages (id, kind, payload, status, attempts, last_error, created_at) values
         (gen_random_uuid(), 'webhook', '{}', 'failed', 3, 'HTTP 503: internal service says hi', now()),
         (gen_random_uuid(), 'password-recovery', '{}', 'failed', 3, '550: mailbox unavailable: x', now())`,
    );

    expect(await migrateTo(CUT)).toEqual([CUT]);

    const { rows: attempts } = await pg.query(`select error from webhook_attempts order by attempt`);
    expect(attempts.map((r) => r.error)).toEqual([
      'HTTP 500',
      'HTTP 302 (redirects are not followed)',
      'HTTP 404',
      'No answer within 5 s',
      null,
    ]);
    const { rows: outbox } = await pg.query(`select kind, last_error from outbox_messages order by kind`);
    // A mail's SMTP error is the operator's to read: untouched.
    expect(outbox).toEqual([
      { kind: 'password-recovery', last_error: '550: mailbox unavailable: x' },
      { kind: 'webhook', last_error: 'HTTP 503' },
    ]);
  });
});
