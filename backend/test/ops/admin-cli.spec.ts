import { spawnSync } from 'node:child_process';
import { MSG } from '@local-creators/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, signUp, STRONG_PASSWORD, TestApp, uniqueEmail } from '../helpers/test-app';

// An operator who lost the admin password gets a new one from the command line (issue 11):
// `npm run admin -- reset-password <email>` runs this CLI against the configured database.
const ROOT = join(__dirname, '../../..');
const CLI = join(ROOT, 'backend/dist/cli.js');

describe('admin CLI: reset-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const cli = (...args: string[]) => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first (npm test does)`);
    return spawnSync(process.execPath, [CLI, 'admin', ...args], { cwd: ROOT, env: { ...process.env, ...t.env }, encoding: 'utf8', timeout: 60_000 });
  };

  it('prints a new password once, which signs in; the old password and every session stop working', async () => {
    const email = uniqueEmail('lost.admin');
    const before = await signUp(t, email);

    const run = cli('reset-password', email);
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    const [, password] = /\n {2}(\S+)\s*$/.exec(run.stdout) ?? [];
    expect(run.stdout).toContain(`New password for ${email} (shown once; every session of the account has ended):`);
    expect(password).toMatch(/^Lc-/);

    const old = await t.http().post('/api/auth/login').send({ email, password: STRONG_PASSWORD });
    expect([old.status, old.body.message]).toEqual([400, MSG.invalidCredentials]);
    await t.http().post('/api/auth/login').send({ email, password }).expect(200);
    await t.http().post('/api/auth/refresh').send({ refresh_token: before.refresh_token }).expect(401);
  });

  it('says so when there is no such account, and changes nothing', () => {
    const run = cli('reset-password', 'nobody.here@example.com');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('No account with e-mail nobody.here@example.com');
  });
});

// The compose stack's `preflight` runs this before PostgreSQL may create its volume (decision 0316).
describe('CLI: check-config', () => {
  const checkConfig = (env: Record<string, string>) => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first (npm test does)`);
    return spawnSync(process.execPath, [CLI, 'check-config'], { cwd: ROOT, env: { PATH: process.env.PATH!, ...env }, encoding: 'utf8', timeout: 60_000 });
  };
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://localcreators@postgres:5432/localcreators',
    JWT_SECRET: 'f3a9c2e17b5d48c6a0e9d2b7c4f1a8e3b2',
    SMTP_URL: 'smtp://mailpit:1025',
  };

  it('refuses the .env.example placeholder as the database password, naming it', () => {
    const run = checkConfig({ ...production, DATABASE_PASSWORD: 'change-me-to-a-long-random-string' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('POSTGRES_PASSWORD: set a real password');
  });

  it('accepts a real configuration', () => {
    const run = checkConfig({ ...production, DATABASE_PASSWORD: '3f9a8c2b1d4e5f60718293a4b5c6d7e8' });
    expect({ status: run.status, stdout: run.stdout.trim() }).toEqual({ status: 0, stdout: 'Configuration is valid.' });
  });
});

describe('CLI without DATABASE_URL', () => {
  // `npm start` runs an embedded database; the configuration's default (127.0.0.1:5432) is another
  // one, maybe a shared server. The CLI refuses rather than guess (issue 23).
  it.each([['migrate'], ['seed', '--demo'], ['admin', 'grant', 'someone@example.com']])('refuses %s with a message that says what to do', (...args) => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first (npm test does)`);
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const run = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('DATABASE_URL is not set, so this command does not know which database to use; nothing was changed.');
    expect(run.stderr).toContain('npm start migrates and seeds its own embedded database');
  });
});
