import { ConfigError, validateEnvironment } from './environment';

// What `docker compose up` with the .env.example values left in must do: stop with a message
// naming what to change, before anything listens or sends.
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://localcreators:9f2c1e7a5b3d4c6e@postgres:5432/localcreators',
  JWT_SECRET: 'f3a9c2e17b5d48c6a0e9d2b7c4f1a8e3',
  SMTP_URL: 'smtp://mailer:secret-pass-123@smtp.example.com:587',
  PUBLIC_URL: 'https://creators.example.com',
};

const refusal = (env: Record<string, string>) => {
  try {
    validateEnvironment(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return 'accepted';
};

describe('production configuration', () => {
  it('accepts real values', () => {
    expect(refusal(production)).toBe('accepted');
  });

  it('refuses the placeholder database password from .env.example', () => {
    expect(refusal({ ...production, DATABASE_URL: 'postgres://localcreators:change-me-to-a-long-random-string@postgres:5432/localcreators' })).toContain(
      'POSTGRES_PASSWORD: set a real password (the database URL still carries a placeholder)',
    );
  });

  it('refuses a placeholder S3 secret', () => {
    expect(refusal({ ...production, STORAGE_DRIVER: 's3', S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'changeme' })).toContain(
      'S3_SECRET_ACCESS_KEY: set the real secret',
    );
  });

  it('refuses to run without SMTP_URL, where mail would only land in files nobody reads', () => {
    const { SMTP_URL: _, ...withoutSmtp } = production;
    expect(refusal(withoutSmtp)).toContain('SMTP_URL: set the SMTP server that sends mail in production');
    // An operator who really wants .eml files says so by naming the folder.
    expect(refusal({ ...withoutSmtp, MAIL_DIR: '/var/mail/lc' })).toBe('accepted');
  });

  it('leaves development alone', () => {
    expect(refusal({ NODE_ENV: 'development' })).toBe('accepted');
  });
});

describe('numbers from the environment', () => {
  it('reads METRICS_PORT as a port (compose passes it as the string "9464")', () => {
    expect(validateEnvironment({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(validateEnvironment({}).METRICS_PORT).toBeUndefined();
    expect(refusal({ METRICS_PORT: '70000' })).toContain('METRICS_PORT');
  });
});
