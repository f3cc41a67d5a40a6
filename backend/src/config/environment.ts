import { readFileSync } from 'node:fs';
import { plainToInstance } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsIP,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  Validate,
  ValidatorConstraint,
  validateSync,
  type ValidatorConstraintInterface,
} from 'class-validator';

/** A time zone this Node knows by its IANA name (`America/New_York`). */
@ValidatorConstraint({ name: 'ianaTimeZone' })
class IanaTimeZone implements ValidatorConstraintInterface {
  validate(value: unknown) {
    if (typeof value !== 'string' || !value) return false;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }
  defaultMessage() {
    return 'CITY_TIME_ZONE must be an IANA time zone name, like America/New_York';
  }
}

/**
 * Every environment variable the backend reads, validated at boot. A bad value stops the process
 * with a message naming the variable (docs/operations.md lists them all).
 */
export class EnvironmentVariables {
  @IsIn(['development', 'production', 'test']) NODE_ENV: 'development' | 'production' | 'test' = 'development';
  @IsInt() @Min(1) @Max(65535) PORT = 3000;
  @IsString() HOST = '0.0.0.0';
  /** Where people reach the product; used in mails and share links. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) @IsOptional() PUBLIC_URL?: string;
  /**
   * TLS is asked for in the URL as libpq reads it: `?sslmode=verify-full&sslrootcert=/path/ca.crt`
   * (every connection of the process honours it; decision 0315).
   */
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' }) DATABASE_URL =
    'postgres://postgres@127.0.0.1:5432/local_creators';
  /** The database password when DATABASE_URL carries none, so the URL can be plain configuration and the password a secret file. */
  @IsOptional() @IsString() DATABASE_PASSWORD?: string;
  /**
   * PostgreSQL's statement_timeout for the API's and the worker's connections, in ms (0 = none):
   * no query, however heavy, holds a connection and the CPU longer (decision 0204). The CLI
   * (migrations) is not limited.
   */
  @IsInt() @Min(0) @Max(3_600_000) DATABASE_STATEMENT_TIMEOUT_MS = 5000;
  /**
   * How long a new connection to DATABASE_URL may take before it fails, in ms: short, so a
   * PostgreSQL that went away fails a request fast and the pool retries on the next one.
   */
  @IsInt() @Min(100) @Max(600_000) DATABASE_CONNECT_TIMEOUT_MS = 5000;
  /**
   * Streaming read replicas for the public directory's reads, comma-separated postgres:// URLs
   * (empty: none, every read on DATABASE_URL). DATABASE_PASSWORD goes into one that carries no
   * password. Everything else (writes, admin, a person's own data) stays on DATABASE_URL (decision 0330).
   */
  @IsOptional()
  @Matches(/^\s*postgres(ql)?:\/\/[^,\s]+(\s*,\s*postgres(ql)?:\/\/[^,\s]+)*\s*$/, {
    message: 'DATABASE_REPLICA_URLS must be postgres:// URLs separated by commas',
  })
  DATABASE_REPLICA_URLS?: string;
  /** A replica whose replay is further behind the primary than this (ms) is skipped until it catches up (decision 0331). */
  @IsInt() @Min(100) @Max(3_600_000) DATABASE_REPLICA_MAX_LAG_MS = 5000;
  /** How often each replica's health and lag are checked (ms), while the process serves public reads. */
  @IsInt() @Min(100) @Max(60_000) DATABASE_REPLICA_CHECK_MS = 1000;
  /**
   * How long a public read waits on a replica (to connect, then for its answer) before the primary
   * answers it instead and the replica is skipped (ms): a replica that hangs without refusing
   * connections costs a read this much, not the statement timeout (decision 0871).
   */
  @IsInt() @Min(100) @Max(60_000) DATABASE_REPLICA_TIMEOUT_MS = 1000;
  /** `rediss://` for TLS; `?sslrootcert=/path/ca.crt` adds a CA to trust (decision 0315). */
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' }) REDIS_URL =
    'redis://127.0.0.1:6379';
  /** Redis's password (`requirepass`) when REDIS_URL carries none, so the URL can be plain configuration and the password a secret file (decision 0930). */
  @IsOptional() @IsString() REDIS_PASSWORD?: string;
  /**
   * Prefix for every Redis key and BullMQ queue. Unset: `lc-<install id>`, the id this database was
   * given when it was created, so two installs on one Redis never share queues or limits.
   */
  @IsOptional() @IsString() @Matches(/^[a-z0-9_-]+$/i) REDIS_PREFIX?: string;
  @IsString() @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' }) JWT_SECRET =
    'development-only-secret-change-me-0123456789';
  @IsInt() @Min(60) @Max(86400) ACCESS_TOKEN_TTL_S = 3600;
  @IsInt() @Min(1) @Max(365) REFRESH_SESSION_TTL_DAYS = 30;
  @IsInt() @Min(0) @Max(120) REFRESH_REUSE_GRACE_S = 10;
  @IsInt() @Min(60) @Max(86400) RECOVERY_TOKEN_TTL_S = 3600;
  /** smtp://user:pass@host:port; empty = write each mail as an .eml file under MAIL_DIR. */
  @IsOptional() @Matches(/^smtps?:\/\//, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' }) SMTP_URL?: string;
  @IsString() MAIL_DIR = '.data/mail';
  /** The worker rewrites this file every 10 s (the container health check reads its age); empty = none. */
  @IsOptional() @IsString() WORKER_HEARTBEAT_FILE?: string;
  /**
   * Port of a separate, internal HTTP listener answering GET /metrics (Prometheus text) for the api
   * or the worker; unset = no metrics listener. Never route it through the public proxy (decision 0314).
   */
  @IsOptional() @IsInt() @Min(1) @Max(65535) METRICS_PORT?: number;
  /**
   * The address the metrics listener binds. Unset: HOST when HOST names one address, else
   * 127.0.0.1 (decision 0831). Containers set 0.0.0.0 so Prometheus can scrape them on their network.
   */
  @IsOptional()
  @IsIP(undefined, { message: 'METRICS_HOST must be an IP address to listen on, like 127.0.0.1 or 0.0.0.0' })
  METRICS_HOST?: string;
  @IsString() MAIL_FROM = 'Local Creators <hello@localcreators.local>';
  /** Delivery attempts per mail before it is failed for an admin to retry (SMTP down for about 10 minutes at the defaults). */
  @IsInt() @Min(1) @Max(50) MAIL_MAX_ATTEMPTS = 8;
  /** First retry delay; each further attempt waits twice as long. */
  @IsInt() @Min(10) @Max(3_600_000) MAIL_RETRY_BASE_MS = 5000;
  /** How long a worker owns a mail it is sending; longer than one SMTP conversation (40 s at most). */
  @IsInt() @Min(1) @Max(3600) MAIL_LEASE_S = 60;
  /** A mail handed to the queue and not claimed by a worker within this is handed over again (a lost queue). */
  @IsInt() @Min(1) @Max(3600) MAIL_HANDOFF_GRACE_S = 60;
  /** A mail still undelivered after this many hours is marked failed, whatever the cause. */
  @IsInt() @Min(1) @Max(720) MAIL_GIVE_UP_AFTER_H = 24;
  /** Comma-separated; empty = every account with the admin role. */
  @IsString() ADMIN_NOTIFY_EMAILS = '';
  /**
   * TESTS ONLY: outbound requests (partners' webhooks) may go to loopback (127.0.0.0/8, ::1), over
   * plain http too, so a test's receiver on its own machine can be called. Refused in production.
   * Nothing else that is not the public internet is ever called, in any mode (decision 0830).
   */
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'OUTBOUND_TEST_ALLOW_LOOPBACK must be true or false' })
  OUTBOUND_TEST_ALLOW_LOOPBACK?: 'true' | 'false';
  /** Retired (decision 0830): webhooks go to the public internet only. Set to true, the process refuses to start and says so. */
  @IsOptional() @IsString() WEBHOOK_ALLOW_PRIVATE_ADDRESSES?: string;
  /** How long one webhook request may take, connection to last byte (decision 0810). */
  @IsInt() @Min(500) @Max(30_000) WEBHOOK_TIMEOUT_MS = 5000;
  @IsIn(['local', 's3']) STORAGE_DRIVER: 'local' | 's3' = 'local';
  @IsString() STORAGE_DIR = '.data/storage';
  @IsOptional() @IsString() S3_ENDPOINT?: string;
  @IsOptional() @IsString() S3_BUCKET?: string;
  @IsOptional() @IsString() S3_REGION?: string;
  @IsOptional() @IsString() S3_ACCESS_KEY_ID?: string;
  @IsOptional() @IsString() S3_SECRET_ACCESS_KEY?: string;
  /** Base URL browsers use for stored objects (e.g. http://localhost:9000/profile-images); default endpoint/bucket. */
  @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) S3_PUBLIC_URL?: string;
  /** Directory holding public-site/dist and admin-console/dist; empty = the repository's. */
  @IsOptional() @IsString() WEB_ROOT?: string;
  /**
   * Which proxies may name the client in X-Forwarded-For. Off by default: the app is reached
   * directly and the header is the client's own claim. Set it to the proxy's addresses or CIDRs.
   */
  @IsString() TRUST_PROXY = 'false';
  @IsString() CORS_ORIGIN = '';
  @IsIn(['debug', 'info', 'warn', 'error']) LOG_LEVEL: 'debug' | 'info' | 'warn' | 'error' = 'info';
  @IsString() CITY = 'Cleveland';
  /** The city's IANA time zone: public dates (the badge's, a profile's) are its calendar days, and which day it is there (decisions 0720, 0801). */
  @Validate(IanaTimeZone) CITY_TIME_ZONE = 'America/New_York';
  /** "<count>/<seconds>" per client address (decision 0012). Wrong sign-ins, any account: */
  @Matches(/^\d+\/\d+$/) RATE_LIMIT_SIGNIN = '20/600';
  /** Wrong sign-ins per account and client address: free ones / seconds remembered; then growing waits (decision 0011). */
  @Matches(/^\d+\/\d+$/) RATE_LIMIT_SIGNIN_ACCOUNT = '5/86400';
  @Matches(/^\d+\/\d+$/) RATE_LIMIT_SIGNUP = '60/600';
  /** Reset requests per client address; over it, and over the two below, the answer is as usual but nothing is sent. */
  @Matches(/^\d+\/\d+$/) RATE_LIMIT_RECOVER = '20/3600';
  /** Reset mails per e-mail address and client address. */
  @Matches(/^\d+\/\d+$/) RATE_LIMIT_RECOVER_EMAIL = '5/3600';
  /** Reset mails per e-mail address from all client addresses together. */
  @Matches(/^\d+\/\d+$/) RATE_LIMIT_RECOVER_EMAIL_TOTAL = '10/3600';
  /**
   * Past that total, reset mails to one address are spaced this many seconds apart; requests in
   * between are answered by the next one, so the owner has a link within it (decision 0505).
   */
  @IsInt() @Min(10) @Max(300) RECOVER_EMAIL_SPACING_S = 300;
  @Matches(/^\d+\/\d+$/) RATE_LIMIT_PUBLIC_FORMS = '10/3600';
  /** Introduction requests per requester e-mail address, and introductions mailed per business (decision 0111). */
  @Matches(/^\d+\/\d+$/) RATE_LIMIT_INTRO_PER_ADDRESS = '5/86400';
  @Matches(/^\d+\/\d+$/) RATE_LIMIT_INTRO_PER_BUSINESS = '10/86400';
  /** Contact-form messages per brand e-mail address, and messages passed on to one creator (decision 0501). */
  @Matches(/^\d+\/\d+$/) RATE_LIMIT_CONTACT_PER_ADDRESS = '5/86400';
  @Matches(/^\d+\/\d+$/) RATE_LIMIT_CONTACT_PER_CREATOR = '10/86400';
  /** Messages from addresses not proven (decision 0840) passed on to one creator: their own small allowance, apart from the above. */
  @Matches(/^\d+\/\d+$/) RATE_LIMIT_CONTACT_UNPROVEN_PER_CREATOR = '3/86400';
  /** Shortlists started from one client address (decision 0701). */
  @Matches(/^\d+\/\d+$/) RATE_LIMIT_SHORTLISTS_PER_CLIENT = '20/86400';
  /** How often the API looks for follower counts due a re-confirmation mail (decision 0503); 0 = never. */
  @IsInt() @Min(0) FOLLOWER_REMINDER_SWEEP_S = 3600;
  /** How often the API counts relayed messages unanswered for 14 days (decision 0710); 0 = never. */
  @IsInt() @Min(0) REPLY_SWEEP_S = 3600;
  /** How often the API looks for call digests due (decision 0911); 0 = never. */
  @IsInt() @Min(0) CALL_DIGEST_SWEEP_S = 300;
  /** How often each API process adds the profile views and appearances it counted to the database, in ms (decision 0820); 0 = only on shutdown. */
  @IsInt() @Min(0) @Max(600_000) STATS_FLUSH_MS = 5000;
  /**
   * On SIGTERM the API keeps answering this long (health says `draining`, every answer closes its
   * connection) before it stops listening, so a proxy or orchestrator that still routes to it
   * loses nothing (decision 0317). The image sets 5; 0 stops at once (Ctrl-C on a laptop).
   */
  @IsInt() @Min(0) @Max(120) SHUTDOWN_DRAIN_S = 0;
}

/**
 * Secrets may be files (Docker and Kubernetes secrets): NAME_FILE names a file holding NAME's
 * value. Only these names, so a variable that merely ends in _FILE (WORKER_HEARTBEAT_FILE) is
 * never read as one.
 */
export const SECRET_VARIABLES = [
  'DATABASE_URL',
  'DATABASE_PASSWORD',
  'DATABASE_REPLICA_URLS',
  'REDIS_URL',
  'REDIS_PASSWORD',
  'JWT_SECRET',
  'SMTP_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** The environment with every NAME_FILE read into NAME; a file that cannot be read, or a value given both ways, is a problem. */
function withSecretFiles(raw: Record<string, string | undefined>) {
  const values = { ...raw };
  const problems: string[] = [];
  for (const name of SECRET_VARIABLES) {
    const path = raw[`${name}_FILE`];
    if (!path) continue;
    if (raw[name]) {
      problems.push(`${name}_FILE: set ${name} or ${name}_FILE, not both`);
      continue;
    }
    try {
      // A file written by `echo` ends in a newline that is not part of the secret.
      values[name] = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(
        `${name}_FILE=${JSON.stringify(path)}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
  }
  return { values, problems };
}

/**
 * A URL (DATABASE_URL, REDIS_URL) with a password variable put in (URL-encoded), refused when the
 * URL already has one.
 */
function withPassword(
  url: string | undefined,
  password: string | undefined,
  names: { url: string; password: string } = { url: 'DATABASE_URL', password: 'DATABASE_PASSWORD' },
): { url?: string; problem?: string } {
  if (!password || !url) return { url };
  try {
    const parsed = new URL(url);
    if (parsed.password)
      return { url, problem: `${names.password}: ${names.url} already carries a password; give it one way only` };
    parsed.password = encodeURIComponent(password);
    return { url: parsed.toString() };
  } catch {
    return { url }; // the URL's own check names the problem
  }
}

const hasPassword = (url: string) => {
  try {
    return new URL(url).password !== '';
  } catch {
    return false;
  }
};

const NUMERIC = new Set([
  'STATS_FLUSH_MS',
  'PORT',
  'METRICS_PORT',
  'FOLLOWER_REMINDER_SWEEP_S',
  'REPLY_SWEEP_S',
  'CALL_DIGEST_SWEEP_S',
  'SHUTDOWN_DRAIN_S',
  'DATABASE_STATEMENT_TIMEOUT_MS',
  'DATABASE_CONNECT_TIMEOUT_MS',
  'DATABASE_REPLICA_MAX_LAG_MS',
  'DATABASE_REPLICA_CHECK_MS',
  'DATABASE_REPLICA_TIMEOUT_MS',
  'MAIL_MAX_ATTEMPTS',
  'MAIL_RETRY_BASE_MS',
  'MAIL_LEASE_S',
  'MAIL_HANDOFF_GRACE_S',
  'MAIL_GIVE_UP_AFTER_H',
  'WEBHOOK_TIMEOUT_MS',
  'ACCESS_TOKEN_TTL_S',
  'REFRESH_SESSION_TTL_DAYS',
  'REFRESH_REUSE_GRACE_S',
  'RECOVERY_TOKEN_TTL_S',
  'RECOVER_EMAIL_SPACING_S',
]);

export class ConfigError extends Error {}

/** The values .env.example and the docs show, and the development default: never a production secret. */
const PLACEHOLDER = /development-only|change-?me|placeholder|^(password|secret)$/i;

const databasePassword = (url: string) => {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
};

export function validateEnvironment(given: Record<string, string | undefined>): EnvironmentVariables {
  const { values: raw, problems: fileProblems } = withSecretFiles(given);
  const database = withPassword(raw.DATABASE_URL, raw.DATABASE_PASSWORD);
  raw.DATABASE_URL = database.url;
  // REDIS_URL unset is the default's: the password goes into that one.
  const redis = withPassword(raw.REDIS_URL ?? new EnvironmentVariables().REDIS_URL, raw.REDIS_PASSWORD, {
    url: 'REDIS_URL',
    password: 'REDIS_PASSWORD',
  });
  if (raw.REDIS_PASSWORD) raw.REDIS_URL = redis.url;
  // A replica URL without a password takes DATABASE_PASSWORD, as managed replicas share the primary's accounts.
  if (raw.DATABASE_REPLICA_URLS && raw.DATABASE_PASSWORD)
    raw.DATABASE_REPLICA_URLS = raw.DATABASE_REPLICA_URLS.split(',')
      .map((u) => u.trim())
      .filter(Boolean)
      .map((u) => (hasPassword(u) ? u : (withPassword(u, raw.DATABASE_PASSWORD).url ?? u)))
      .join(',');
  const sourceProblems = [...fileProblems, ...[database.problem, redis.problem].filter((p) => p !== undefined)];
  if (sourceProblems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${sourceProblems.join('\n  ')}`);
  const present: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === '') continue;
    present[key] = NUMERIC.has(key) && /^-?\d+$/.test(value) ? Number(value) : value;
  }
  const env = plainToInstance(EnvironmentVariables, present, { exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false });
  if (errors.length > 0) {
    // A value read from a secret file is named by its file, never shown.
    // URLs may carry passwords (put in from *_PASSWORD too): shown without them.
    const value = (name: string) =>
      /_URLS?$/.test(name) ? raw[name]?.replace(/:\/\/([^:@/]*):[^@/]*@/g, '://$1:***@') : raw[name];
    const shown = (name: string) =>
      given[`${name}_FILE`]
        ? `${name}_FILE=${JSON.stringify(given[`${name}_FILE`])}`
        : `${name}=${JSON.stringify(value(name))}`;
    const lines = errors.map((e) => `${shown(e.property)}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  // An operator who allowed private receivers must learn that they are not called any more, not find out from a failed delivery.
  if (env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES && env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES !== 'false')
    throw new ConfigError(
      'Invalid configuration:\n  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: no longer supported; webhooks go to public addresses only (decision 0830). Remove it.',
    );
  if (env.NODE_ENV === 'production') {
    const problems: string[] = [];
    if (env.OUTBOUND_TEST_ALLOW_LOOPBACK === 'true')
      problems.push('OUTBOUND_TEST_ALLOW_LOOPBACK: a setting for tests; never in production');
    if (PLACEHOLDER.test(env.JWT_SECRET))
      problems.push('JWT_SECRET: set a real secret (32+ random characters) in production');
    if (PLACEHOLDER.test(databasePassword(env.DATABASE_URL)))
      problems.push('POSTGRES_PASSWORD: set a real password (the database URL still carries a placeholder)');
    if (env.S3_SECRET_ACCESS_KEY && PLACEHOLDER.test(env.S3_SECRET_ACCESS_KEY))
      problems.push('S3_SECRET_ACCESS_KEY: set the real secret');
    // Without SMTP mail is written to MAIL_DIR inside the container: nobody would get a reset link.
    if (!env.SMTP_URL && !raw.MAIL_DIR)
      problems.push(
        'SMTP_URL: set the SMTP server that sends mail in production (or MAIL_DIR to keep .eml files on purpose)',
      );
    if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  if (env.STORAGE_DRIVER === 's3' && (!env.S3_BUCKET || !env.S3_ENDPOINT)) {
    throw new ConfigError('Invalid configuration:\n  STORAGE_DRIVER=s3 needs S3_ENDPOINT and S3_BUCKET');
  }
  return env;
}

/**
 * What ioredis needs for REDIS_URL: `rediss://` turns TLS on (verified against the system's CAs);
 * `sslrootcert=<file>` in the query, named as in a PostgreSQL URL, adds the CA of a private
 * server. The parameter is taken out of the URL, since ioredis would read it as an option.
 */
export function redisConnection(url: string): { url: string; tls?: { ca: string } } {
  const parsed = new URL(url);
  const caFile = parsed.searchParams.get('sslrootcert');
  if (!caFile) return { url };
  if (parsed.protocol !== 'rediss:')
    throw new ConfigError('Invalid configuration:\n  REDIS_URL: sslrootcert needs a rediss:// URL (TLS)');
  parsed.searchParams.delete('sslrootcert');
  try {
    return { url: parsed.toString(), tls: { ca: readFileSync(caFile, 'utf8') } };
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration:\n  REDIS_URL: cannot read sslrootcert ${JSON.stringify(caFile)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

export const parseRateLimit = (spec: string) => {
  const [limit, windowSeconds] = spec.split('/').map(Number);
  return { limit: limit!, windowSeconds: windowSeconds! };
};
