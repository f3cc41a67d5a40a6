import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { NestFactory } from '@nestjs/core';
import { Client } from 'pg';
import request from 'supertest';
import type { AuthSession } from '@local-creators/common';
import { WorkerModule } from '../../src/app.module';
import { createHttpApp } from '../../src/http-app';
import { ListingVersion } from '../../src/modules/directory/infrastructure/listing-version';
import { Clock } from '../../src/shared/clock';
import { RedisClient } from '../../src/shared/redis.module';
import { SmtpCapture } from './smtp-capture';
import { createTestDatabase, TEST_CONNECT_TIMEOUT } from './test-db';

export interface TestApp {
  app: NestFastifyApplication;
  http: () => ReturnType<typeof request>;
  /** "METHOD /path" of every route the app registered, in registration order. */
  routes: string[];
  /** Real SMTP server receiving what the worker sends. */
  mailbox: SmtpCapture;
  /**
   * Runs SQL against this test's own database. A statement other than a select counts as a write
   * of the app's process (as a write request would), so the directory shows it on the next request
   * without waiting for PostgreSQL's notification.
   */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  env: Record<string, string>;
  /**
   * The app's "now" (the Clock port), for rules that run on days: set it (it then stands still),
   * move it on, or give it back to the system clock. The worker's clock follows too.
   */
  clock: { set(at: Date): void; advanceDays(days: number): void; now(): Date; reset(): void };
  /** Starts (or restarts) the in-process notification worker. */
  startWorker(): Promise<void>;
  stopWorker(): Promise<void>;
  /** The in-process worker's context while it runs (to reach its providers). */
  worker(): INestApplicationContext | null;
  close(): Promise<void>;
}

/**
 * The whole backend against a fresh database, a private Redis key prefix and a real SMTP
 * capture. `worker: true` also runs the outbox relay and mail worker in-process; `pgAdminUrl`
 * puts the database on another PostgreSQL server (a private one a fault test restarts).
 */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    worker?: boolean;
    pgAdminUrl?: string;
    /** Streaming replicas of `pgAdminUrl`'s server: the app reads the directory from them (DATABASE_REPLICA_URLS). */
    replicaAdminUrls?: string[];
    beforeInit?: (app: NestFastifyApplication) => void;
    /** Where the API's log lines go (at LOG_LEVEL, info unless the test says); by default nowhere. */
    logTo?: import('pino').DestinationStream;
  } = {},
): Promise<TestApp> {
  // Migrated with the app's own CITY, as an install runs both with one configuration: a CITY=Akron
  // install is one city (the migration's seed and the boot's agree), not Cleveland and Akron.
  const db = await createTestDatabase(opts.pgAdminUrl, opts.env?.CITY ? { CITY: opts.env.CITY } : {});
  const mailbox = await new SmtpCapture().start();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_URL: process.env.LC_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `t${randomBytes(4).toString('hex')}`,
    SMTP_URL: mailbox.url,
    STORAGE_DIR: mkdtempSync(join(tmpdir(), 'lc-storage-')),
    PUBLIC_URL: 'http://localhost:3000',
    JWT_SECRET: randomBytes(24).toString('hex'),
    ADMIN_NOTIFY_EMAILS: 'founder@localcreators.test',
    RATE_LIMIT_SIGNUP: '1000/60',
    RATE_LIMIT_SIGNIN: '1000/60',
    RATE_LIMIT_RECOVER: '1000/60',
    RATE_LIMIT_PUBLIC_FORMS: '1000/60',
    LOG_LEVEL: 'error',
    ...TEST_CONNECT_TIMEOUT,
    ...(opts.replicaAdminUrls
      ? {
          DATABASE_REPLICA_URLS: opts.replicaAdminUrls
            .map((admin) => Object.assign(new URL(admin), { pathname: `/${db.name}` }).toString())
            .join(','),
        }
      : {}),
    ...opts.env,
  };
  const app = await createHttpApp(env, opts.logTo ? { logDestination: opts.logTo } : { logger: false });
  opts.beforeInit?.(app);
  const routes: string[] = [];
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  await app.init();
  await fastify.ready();
  await redisSettled(app);
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  pg.on('error', () => undefined); // a fault test may stop the server under it; its queries then fail

  let worker: INestApplicationContext | null = null;
  let patchWorkerClock: ((w: INestApplicationContext) => void) | null = null;
  const startWorker = async () => {
    if (worker) return;
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(env), { logger: false });
    await worker.init();
    patchWorkerClock?.(worker);
  };
  const stopWorker = async () => {
    await worker?.close();
    worker = null;
  };
  if (opts.worker) await startWorker();

  // One time for every Clock instance of this app (API and worker): patched, never replaced, so
  // services that already hold the instance see it. Set, it stands still until moved.
  let frozenAt: number | null = null;
  let offsetMs = 0;
  const patch = (clock: Clock) => {
    if ((clock as { patched?: boolean }).patched) return;
    clock.now = () => new Date(frozenAt ?? Date.now() + offsetMs);
    (clock as { patched?: boolean }).patched = true;
  };
  patch(app.get(Clock));
  patchWorkerClock = (w) => {
    try {
      patch(w.get(Clock, { strict: false }));
    } catch {
      // a worker without the Clock port: nothing of it runs on days
    }
  };
  if (worker) patchWorkerClock(worker);
  const clock = {
    set: (at: Date) => void (frozenAt = at.getTime()),
    advanceDays: (days: number) => {
      if (frozenAt === null) offsetMs += days * 86_400_000;
      else frozenAt += days * 86_400_000;
    },
    now: () => app.get(Clock).now(),
    reset: () => {
      frozenAt = null;
      offsetMs = 0;
    },
  };

  return {
    app,
    http: () => request(app.getHttpServer()),
    routes,
    mailbox,
    env,
    sql: async <T>(text: string, params: unknown[] = []) => {
      const { rows } = await pg.query(text, params);
      if (!/^\s*select\b/i.test(text)) app.get(ListingVersion).changedHere();
      return rows as T[];
    },
    clock,
    startWorker,
    stopWorker,
    worker: () => worker,
    async close() {
      const steps: [string, () => Promise<unknown>][] = [
        ['worker', stopWorker],
        ['app', () => app.close()],
        ['pg', () => pg.end()],
        ['smtp', () => mailbox.stop()],
        ['db', () => db.drop()],
      ];
      for (const [name, step] of steps) {
        const s = Date.now();
        await step();
        if (process.env.DEBUG_CLOSE) console.log(name, Date.now() - s);
      }
    },
  };
}

/**
 * Another API process on `t`'s database and Redis (as a second replica behind a load balancer
 * would be): its own caches, its own listener. Closed with `close()`.
 */
export async function secondApiProcess(
  t: TestApp,
): Promise<{ app: NestFastifyApplication; http: () => ReturnType<typeof request>; close(): Promise<void> }> {
  const app = await createHttpApp(t.env, { logger: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, http: () => request(app.getHttpServer()), close: () => app.close() };
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;
export const STRONG_PASSWORD = 'Sunny-Lake-42';

/** Signs up a new account through the API and returns its session. */
export async function signUp(t: TestApp, email = uniqueEmail()): Promise<AuthSession> {
  const res = await t.http().post('/api/auth/signup').send({ email, password: STRONG_PASSWORD }).expect(201);
  return res.body as AuthSession;
}

/** A new account whose address is proven (as opening the mailed link would, decision 0508). */
export async function signUpConfirmed(t: TestApp, email = uniqueEmail()): Promise<AuthSession> {
  const session = await signUp(t, email);
  await t.sql(`update users set email_confirmed_at = now() where id = $1`, [session.user.id]);
  return session;
}

/** Signs up an account, makes it an admin in the database, and signs in again. */
export async function signUpAdmin(t: TestApp, email = uniqueEmail('admin')): Promise<AuthSession> {
  const session = await signUp(t, email);
  await t.sql(`insert into user_roles (user_id, role, created_at) values ($1, 'admin', now())`, [session.user.id]);
  const res = await t.http().post('/api/auth/login').send({ email, password: STRONG_PASSWORD }).expect(200);
  return res.body as AuthSession;
}

/** A fingerprint of every table's content in the test's database: any write shows as a change. */
export async function tablesFingerprint(t: TestApp): Promise<string> {
  return (await tablesFingerprinter(t))();
}

/**
 * A reader of every table's digest (tablesFingerprint), with the tables listed once: a test that
 * compares many times (hostile input: thousands) asks the catalog once, not on every comparison.
 */
export async function tablesFingerprinter(t: TestApp): Promise<() => Promise<string>> {
  const tables = await t.sql<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'mikro_orm_migrations' order by 1`,
  );
  // One statement: t.sql's single connection would queue statements sent at once, which pg deprecates.
  const digestsSql = `select * from (${tables
    .map(
      ({ name }) =>
        `select '${name}' as name, (select md5(string_agg(x::text, '|' order by x::text)) from "${name}" x) as digest`,
    )
    .join(' union all ')}) d order by name`;
  return async () =>
    (await t.sql<{ name: string; digest: string | null }>(digestsSql))
      .map(({ name, digest }) => `${name}:${digest}`)
      .join('\n');
}

/** An account also gets its address-confirmation mail at sign-up: these are its reset mails only. */
export const RESET_SUBJECT = 'Reset your Local Creators password';
export const resetMailsTo = (t: TestApp, email: string) =>
  t.mailbox.to(email).filter((m) => m.subject === RESET_SUBJECT);
export const isResetMailTo = (email: string) => (m: { to: string[]; subject: string }) =>
  m.to.includes(email) && m.subject === RESET_SUBJECT;

export const bearer = (s: AuthSession) => ({ Authorization: `Bearer ${s.access_token}` });

/** Re-runs `read` until `done` holds or the time is up; returns the last value read either way. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

/**
 * Until the request path's Redis client has connected, the rate limits let requests through with a
 * warning (it queues no command, redis.module.ts). A test's first request must not race that on a
 * busy host: wait until the client is ready, or has failed (a test of Redis away), 10 s at most.
 */
async function redisSettled(app: INestApplicationContext) {
  const { client } = app.get(RedisClient);
  await eventually(
    async () => client.status,
    (status) => !['wait', 'connecting', 'connect'].includes(status),
    10_000,
  );
}
