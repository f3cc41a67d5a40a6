import { EnvironmentVariables, parseRateLimit, redisConnection, validateEnvironment } from './environment';

/**
 * Typed, validated configuration, grouped per area. Injected by class; built once at boot from
 * the environment (or from a test's overrides).
 */
export class AppConfig {
  /** process.env with overrides on top, validated. Throws a ConfigError naming bad values. */
  static fromEnvironment(overrides: Record<string, string | undefined> = {}): AppConfig {
    return new AppConfig(validateEnvironment({ ...process.env, ...overrides }));
  }

  readonly env: EnvironmentVariables['NODE_ENV'];
  readonly http: {
    port: number;
    host: string;
    publicUrl: string;
    trustProxy: string;
    corsOrigin: string[];
    webRoot?: string;
  };
  /** `replicas`: the public reads' streaming replicas (decision 0330), none when empty. */
  readonly database: {
    url: string;
    statementTimeoutMs: number;
    connectTimeoutMs: number;
    replicas: { urls: string[]; maxLagMs: number; checkMs: number; timeoutMs: number };
  };
  /** `prefix` is unset when the install id should be used (RedisNamespace); `tls` carries a private CA (rediss://…?sslrootcert=). */
  readonly redis: { url: string; prefix?: string; tls?: { ca: string } };
  readonly auth: {
    jwtSecret: string;
    accessTtlSeconds: number;
    refreshSessionTtlDays: number;
    refreshReuseGraceSeconds: number;
    recoveryTtlSeconds: number;
    /** Past the per-address total, reset mails to one address at most this often (decision 0505). */
    recoverySpacingSeconds: number;
  };
  readonly mail: {
    smtpUrl?: string;
    dir: string;
    from: string;
    adminNotifyEmails: string[];
    delivery: {
      maxAttempts: number;
      retryBaseMs: number;
      leaseMs: number;
      handoffGraceMs: number;
      giveUpAfterMs: number;
    };
  };
  /** Partners' webhooks (decision 0810); retried with the mail's delivery policy. */
  readonly webhooks: { timeoutMs: number };
  /** Every outbound request (decision 0830): the public internet only; loopback in tests only. */
  readonly outbound: { allowLoopbackForTests: boolean };
  readonly storage: {
    driver: 'local' | 's3';
    dir: string;
    s3: {
      endpoint?: string;
      bucket?: string;
      region?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      publicUrl?: string;
    };
  };
  readonly rateLimits: Record<
    | 'signin'
    | 'signup'
    | 'recover'
    | 'recoverEmail'
    | 'recoverEmailTotal'
    | 'publicForms'
    | 'introPerAddress'
    | 'introPerBusiness'
    | 'contactPerAddress'
    | 'contactPerCreator'
    | 'contactUnprovenPerCreator'
    | 'shortlistsPerClient',
    { limit: number; windowSeconds: number }
  >;
  /** Per account and client address: `free` wrong sign-ins, then waits of 1, 2, 4 … 60 minutes. */
  readonly signinThrottle: { free: number; windowSeconds: number; baseLockSeconds: number; maxLockSeconds: number };
  readonly logLevel: EnvironmentVariables['LOG_LEVEL'];
  /** The internal /metrics listener's port (api or worker), or null for none. */
  readonly metricsPort: number | null;
  /**
   * Where that listener binds (decision 0831): METRICS_HOST; else HOST when it names one address;
   * else loopback. A wildcard (0.0.0.0, ::) only when METRICS_HOST says so (containers do).
   */
  readonly metricsHost: string;
  readonly city: string;
  /** The city's IANA time zone (CITY_TIME_ZONE): the calendar public dates are printed in. */
  readonly cityTimeZone: string;
  /** Seconds between sweeps for follower counts due a re-confirmation mail; 0 = none (decision 0503). */
  readonly followerReminderSweepSeconds: number;
  /** Seconds between sweeps counting relayed messages unanswered for 14 days; 0 = none (decision 0710). */
  readonly replySweepSeconds: number;
  /** Seconds between sweeps for call digests due (decision 0911); 0 = none. */
  readonly callDigestSweepSeconds: number;
  /** Ms between the batched writes of profile views and appearances; 0 = only on shutdown (decision 0820). */
  readonly statsFlushMs: number;
  /** How long the API keeps answering after SIGTERM before it stops listening (decision 0317). */
  readonly shutdownDrainMs: number;

  constructor(e: EnvironmentVariables) {
    this.env = e.NODE_ENV;
    this.metricsPort = e.METRICS_PORT ?? null;
    this.metricsHost = e.METRICS_HOST ?? (['0.0.0.0', '::', '[::]'].includes(e.HOST) ? '127.0.0.1' : e.HOST);
    this.http = {
      port: e.PORT,
      host: e.HOST,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
      trustProxy: e.TRUST_PROXY,
      corsOrigin: e.CORS_ORIGIN.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      webRoot: e.WEB_ROOT,
    };
    this.database = {
      url: e.DATABASE_URL,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      replicas: {
        urls: (e.DATABASE_REPLICA_URLS ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
        maxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS,
        checkMs: e.DATABASE_REPLICA_CHECK_MS,
        timeoutMs: e.DATABASE_REPLICA_TIMEOUT_MS,
      },
    };
    this.redis = { ...redisConnection(e.REDIS_URL), prefix: e.REDIS_PREFIX };
    this.auth = {
      jwtSecret: e.JWT_SECRET,
      accessTtlSeconds: e.ACCESS_TOKEN_TTL_S,
      refreshSessionTtlDays: e.REFRESH_SESSION_TTL_DAYS,
      refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_S,
      recoveryTtlSeconds: e.RECOVERY_TOKEN_TTL_S,
      recoverySpacingSeconds: e.RECOVER_EMAIL_SPACING_S,
    };
    this.mail = {
      smtpUrl: e.SMTP_URL,
      dir: e.MAIL_DIR,
      from: e.MAIL_FROM,
      adminNotifyEmails: e.ADMIN_NOTIFY_EMAILS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      delivery: {
        maxAttempts: e.MAIL_MAX_ATTEMPTS,
        retryBaseMs: e.MAIL_RETRY_BASE_MS,
        leaseMs: e.MAIL_LEASE_S * 1000,
        handoffGraceMs: e.MAIL_HANDOFF_GRACE_S * 1000,
        giveUpAfterMs: e.MAIL_GIVE_UP_AFTER_H * 3_600_000,
      },
    };
    this.webhooks = { timeoutMs: e.WEBHOOK_TIMEOUT_MS };
    this.outbound = { allowLoopbackForTests: e.OUTBOUND_TEST_ALLOW_LOOPBACK === 'true' };
    this.storage = {
      driver: e.STORAGE_DRIVER,
      dir: e.STORAGE_DIR,
      s3: {
        endpoint: e.S3_ENDPOINT,
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        publicUrl: e.S3_PUBLIC_URL,
      },
    };
    this.rateLimits = {
      signin: parseRateLimit(e.RATE_LIMIT_SIGNIN),
      signup: parseRateLimit(e.RATE_LIMIT_SIGNUP),
      recover: parseRateLimit(e.RATE_LIMIT_RECOVER),
      recoverEmail: parseRateLimit(e.RATE_LIMIT_RECOVER_EMAIL),
      recoverEmailTotal: parseRateLimit(e.RATE_LIMIT_RECOVER_EMAIL_TOTAL),
      publicForms: parseRateLimit(e.RATE_LIMIT_PUBLIC_FORMS),
      introPerAddress: parseRateLimit(e.RATE_LIMIT_INTRO_PER_ADDRESS),
      introPerBusiness: parseRateLimit(e.RATE_LIMIT_INTRO_PER_BUSINESS),
      contactPerAddress: parseRateLimit(e.RATE_LIMIT_CONTACT_PER_ADDRESS),
      contactPerCreator: parseRateLimit(e.RATE_LIMIT_CONTACT_PER_CREATOR),
      contactUnprovenPerCreator: parseRateLimit(e.RATE_LIMIT_CONTACT_UNPROVEN_PER_CREATOR),
      shortlistsPerClient: parseRateLimit(e.RATE_LIMIT_SHORTLISTS_PER_CLIENT),
    };
    const account = parseRateLimit(e.RATE_LIMIT_SIGNIN_ACCOUNT);
    this.signinThrottle = {
      free: Math.max(1, account.limit),
      windowSeconds: Math.max(1, account.windowSeconds),
      baseLockSeconds: 60,
      maxLockSeconds: 3600,
    };
    this.logLevel = e.LOG_LEVEL;
    this.city = e.CITY;
    this.cityTimeZone = e.CITY_TIME_ZONE;
    this.statsFlushMs = e.STATS_FLUSH_MS;
    this.followerReminderSweepSeconds = e.FOLLOWER_REMINDER_SWEEP_S;
    this.replySweepSeconds = e.REPLY_SWEEP_S;
    this.callDigestSweepSeconds = e.CALL_DIGEST_SWEEP_S;
    this.shutdownDrainMs = e.SHUTDOWN_DRAIN_S * 1000;
  }
}
