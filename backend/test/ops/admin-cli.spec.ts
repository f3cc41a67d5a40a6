import { spawnSync } from 'node:child_process';
import { MSG } from '@local-creators/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AuthSession } from '@local-creators/common';
import { bearer, createTestApp, eventually, signUp, STRONG_PASSWORD, TestApp, uniqueEmail } from '../helpers/test-app';
import { Cities } from '../../src/modules/city';

// An operator who lost the admin password gets a new one from the command line (issue 11):
// `npm run admin -- reset-password <email>` runs this CLI against the configured database.
const ROOT = join(__dirname, '../../..');
const CLI = join(ROOT, 'backend/dist/cli.js');
// Every CLI call boots the app: 5-8 s each at a load of 10 on two cores, and a test makes up to
// four (one timed out at 30 s in CI). The bound is the calls', not a wait for anything.
jest.setTimeout(60_000);

describe('admin CLI: reset-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const cli = (...args: string[]) => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first (npm test does)`);
    return spawnSync(process.execPath, [CLI, 'admin', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...t.env },
      encoding: 'utf8',
      timeout: 60_000,
    });
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

// Issue 26, decisions 0600 and 0601: the operator adds cities and gives admins some of them.
/** The built CLI run against `t`'s database and mail, with what it said (its own JSON log lines, e.g. "public site not built", left out). */
function runCli(t: TestApp, args: string[]) {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first (npm test does)`);
  const out = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...t.env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const said = (text: string) =>
    text
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('{"level"'))
      .join('\n')
      .trim();
  return { status: out.status, stdout: said(out.stdout), stderr: said(out.stderr) };
}

describe('admin CLI: cities and admins per city', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const run = (...args: string[]) => runCli(t, args);
  const citiesSeenBy = async (session: AuthSession) =>
    (await t.http().get('/api/admin/cities').set(bearer(session))).body.map?.((c: { id: string }) => c.id) ?? [];

  // Each CLI call boots the app (seconds on a busy machine): a few calls per test.
  it('adds a city and lists the cities', () => {
    expect(
      run(
        'city',
        'add',
        'Akron',
        '--state',
        'OH',
        '--time-zone',
        'America/New_York',
        '--neighborhoods',
        'Highland Square, Firestone Park',
      ),
    ).toEqual({
      status: 0,
      stdout: 'Added: akron  Akron, OH  (America/New_York; 2 neighborhoods)',
      stderr: '',
    });
    expect(run('city', 'list').stdout).toBe(
      'akron  Akron, OH  (America/New_York; 2 neighborhoods)\ncleveland  Cleveland, OH  (America/New_York)',
    );
  });

  it('refuses a taken city and an unknown time zone', () => {
    expect(run('city', 'add', 'Akron')).toMatchObject({
      status: 1,
      stderr: 'Error: A city named Akron or with the slug akron already exists',
    });
    expect(run('city', 'add', 'Nowhere', '--time-zone', 'Mars/Olympus')).toMatchObject({
      status: 1,
      stderr: 'Error: Unknown time zone Mars/Olympus',
    });
  });

  it("refuses a slug that is one of the site's own paths, in one line (decision 0625)", async () => {
    // Which slugs are the site's own is reserved-paths.spec.ts's (a unit test, every one of them):
    // here one name whose slug is one, through the CLI's boot (seconds each on a busy machine).
    expect(run('city', 'add', 'Directory')).toMatchObject({
      status: 1,
      stderr: "Error: The slug directory is one of the site's own paths (/directory); choose another with --slug",
    });
    expect(run('city', 'add', 'Api Town', '--slug', 'api')).toMatchObject({
      status: 1,
      stderr: expect.stringMatching(/^Error: The slug api is one of the site's own paths/),
    });
    expect(run('city', 'add', 'Sitemaps', '--slug', 'sitemap-2')).toMatchObject({ status: 1 });
    expect(
      await t.sql(
        `select slug from cities where slug in ('about', 'directory', 'sitemap', 'badge', 'creator', 'api', 'sitemap-2')`,
      ),
    ).toEqual([]);
  });

  it("sets a city's own lines one at a time, keeping the others", async () => {
    expect(run('city', 'set', 'akron', '--resident', 'an Akronite')).toMatchObject({ status: 0 });
    expect(run('city', 'set', 'akron', '--reviews', 'Barberton chicken reviews')).toMatchObject({ status: 0 });
    expect(await t.sql(`select copy from cities where slug = 'akron'`)).toEqual([
      { copy: { resident: 'an Akronite', reviews: 'Barberton chicken reviews' } },
    ]);
  });

  const email = uniqueEmail('city.admin');
  let session: AuthSession;

  it('grants a city, and the API follows at once', async () => {
    session = await signUp(t, email);
    expect(run('admin', 'grant', email, '--city', 'akron').stdout).toBe(`${email} is now an admin of akron.`);
    expect(await citiesSeenBy(session)).toEqual(['akron']);
    expect(run('admin', 'grant', email, '--city', 'akron').stdout).toBe(
      `${email} is already an admin of akron; nothing changed.`,
    );
  });

  it('adds a second city', () => {
    expect(run('admin', 'grant', email, '--city', 'cleveland').stdout).toBe(
      `${email} is now an admin of akron, cleveland.`,
    );
  });

  it('takes cities back; the last one takes the admin role with it', async () => {
    expect(run('admin', 'revoke', email, '--city', 'cleveland').stdout).toBe(`${email} is now an admin of akron.`);
    expect(await citiesSeenBy(session)).toEqual(['akron']);
    // Never an admin of every city by losing cities.
    expect(run('admin', 'revoke', email, '--city', 'akron').stdout).toBe(`${email} is no longer an admin.`);
    expect((await t.http().get('/api/admin/cities').set(bearer(session))).status).toBe(403);
  });

  it('grants every city without --city, and will not narrow that by revoking one city', async () => {
    expect(run('admin', 'grant', email).stdout).toBe(`${email} is now an admin.`);
    expect(await citiesSeenBy(session)).toEqual(['akron', 'cleveland']);
    const narrow = run('admin', 'revoke', email, '--city', 'akron');
    expect([narrow.status, narrow.stderr]).toEqual([
      1,
      expect.stringContaining(`${email} is an admin of every city; to keep only some`),
    ]);
  });

  it('names the known cities when given one that does not exist', () => {
    expect(run('admin', 'grant', email, '--city', 'atlantis')).toMatchObject({
      status: 1,
      stderr: 'Error: Unknown city atlantis (the cities are: akron, cleveland)',
    });
  });

  it('takes --option=value too, and makes the slug from a name of several words', () => {
    expect(run('city', 'add', 'Cleveland Heights', '--state=OH', '--time-zone=America/Chicago')).toEqual({
      status: 0,
      stdout: 'Added: cleveland-heights  Cleveland Heights, OH  (America/Chicago)',
      stderr: '',
    });
  });
});

// Issue 37 finding 9, decision 0662: granting an address with no account invites that person by
// e-mail, as hosted products do: the mail says who invited and for which city and holds a link
// that sets a password (the reset link's machinery); then they sign in to that city's console.
describe('admin CLI: inviting an admin who has no account yet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ worker: true });
    await t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
  });
  afterAll(() => t.close());

  const run = (...args: string[]) => runCli(t, args);
  const linkIn = (text: string) => /(http\S+\/login#access_token=([^&\s]+)\S*type=recovery)/.exec(text);
  const INVITE_SUBJECT = 'Dana Reyes invited you to be a Local Creators admin for Akron';

  it("mails an invitation whose link sets a password; the person then signs in to their city's console", async () => {
    const email = uniqueEmail('invited.admin');
    expect(run('admin', 'grant', email, '--city', 'akron', '--by', 'Dana Reyes')).toEqual({
      status: 0,
      stdout: `${email} had no account: invited as an admin of akron. An invitation to set a password was mailed to ${email} (the link works once, for one hour).`,
      stderr: '',
    });
    const mail = await t.mailbox.waitFor((m) => m.to.includes(email) && m.subject === INVITE_SUBJECT);
    expect(mail.text).toContain('Dana Reyes invited you to be an admin of Local Creators for Akron');
    expect(mail.text).toContain('the link works once, for one hour');
    expect(mail.text).toContain(`${t.env.PUBLIC_URL ?? ''}/admin`);
    const [, link, token] = linkIn(mail.text) ?? [];
    expect(link).toContain('expires_in=3600');

    // Nobody can sign in before the password is set; the link opens the new-password form.
    const early = await t.http().post('/api/auth/login').send({ email, password: STRONG_PASSWORD });
    expect([early.status, early.body.message]).toEqual([400, MSG.invalidCredentials]);
    expect((await t.http().get('/api/auth/recovery').set('Authorization', `Bearer ${token}`).expect(200)).body).toEqual(
      { email },
    );
    await t
      .http()
      .put('/api/auth/user')
      .set('Authorization', `Bearer ${token}`)
      .send({ password: STRONG_PASSWORD })
      .expect(200);
    // Spent, as a reset link is.
    const again = await t
      .http()
      .put('/api/auth/user')
      .set('Authorization', `Bearer ${token}`)
      .send({ password: 'Other-Lake-43' });
    expect([again.status, again.body.message]).toEqual([401, MSG.recoveryLinkInvalid]);

    const session = (await t.http().post('/api/auth/login').send({ email, password: STRONG_PASSWORD }).expect(200))
      .body as AuthSession;
    const user = (await t.http().get('/api/auth/user').set(bearer(session)).expect(200)).body;
    expect(user).toMatchObject({ email, app_metadata: { roles: ['admin'], admin_cities: ['akron'] } });
    expect(user.email_confirmed_at).not.toBeNull();
    expect(
      (await t.http().get('/api/admin/cities').set(bearer(session)).expect(200)).body.map((c: { id: string }) => c.id),
    ).toEqual(['akron']);
    expect((await t.http().get('/api/admin/notifications').set(bearer(session))).status).toBe(403);
    // Now an account with a password: a grant is today's grant, with no mail.
    expect(run('admin', 'grant', email).stdout).toBe(`${email} is now an admin of every city.`);
    expect(t.mailbox.to(email)).toHaveLength(1);
  }, 120_000);

  it('mails a new invitation when granted again before the password was set; the older link dies', async () => {
    const email = uniqueEmail('slow.invitee');
    run('admin', 'grant', email);
    const first = await t.mailbox.waitFor(
      (m) => m.to.includes(email) && /invited you to be a Local Creators admin for every city$/.test(m.subject),
    );
    expect(first.subject).toBe('The Local Creators team invited you to be a Local Creators admin for every city');
    expect(run('admin', 'grant', email, '--by', 'Dana Reyes').stdout).toBe(
      `${email} is still an admin of every city and has not set a password yet. An invitation to set a password was mailed to ${email} (the link works once, for one hour).`,
    );
    await eventually(
      async () => t.mailbox.to(email).length,
      (n) => n === 2,
    );
    const [, , oldToken] = linkIn(first.text) ?? [];
    expect((await t.http().get('/api/auth/recovery').set('Authorization', `Bearer ${oldToken}`)).status).toBe(401);
    const [, , newToken] = linkIn(t.mailbox.to(email)[1]!.text) ?? [];
    await t.http().get('/api/auth/recovery').set('Authorization', `Bearer ${newToken}`).expect(200);
  }, 120_000);

  it('refuses what is not an e-mail address, and makes nothing', async () => {
    expect(run('admin', 'grant', 'not-an-address', '--city', 'akron')).toMatchObject({
      status: 1,
      stderr: `Error: ${MSG.emailInvalid}: not-an-address`,
    });
    expect(await t.sql(`select 1 from users where email = 'not-an-address'`)).toEqual([]);
  });
});

// The compose stack's `preflight` runs this before PostgreSQL may create its volume (decision 0316).
describe('CLI: check-config', () => {
  const checkConfig = (env: Record<string, string>) => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first (npm test does)`);
    return spawnSync(process.execPath, [CLI, 'check-config'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH!, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
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
  it.each([['migrate'], ['seed', '--demo'], ['admin', 'grant', 'someone@example.com'], ['city', 'add', 'Akron']])(
    'refuses %s with a message that says what to do',
    (...args) => {
      if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first (npm test does)`);
      const env = { ...process.env };
      delete env.DATABASE_URL;
      const run = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(
        'DATABASE_URL is not set, so this command does not know which database to use; nothing was changed.',
      );
      expect(run.stderr).toContain('npm start migrates and seeds its own embedded database');
    },
  );
});
