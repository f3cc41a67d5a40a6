import { Writable } from 'node:stream';
import { Client } from 'pg';
import { ReadReplicas } from '../../src/modules/directory/infrastructure/read-replicas';
import { Metrics } from '../../src/shared/metrics';
import { creatorWithProfile, validProfile } from '../creator/fixtures';
import { PrivatePostgres } from '../helpers/private-postgres';
import { bearer, createTestApp, eventually, signUpAdmin, type TestApp } from '../helpers/test-app';

// A throwaway primary and a hot standby streaming from it (PostgreSQL's own binaries), the app
// configured with DATABASE_REPLICA_URLS (decisions 0330-0332). The checks run when the test says
// (checkNow), not on a timer, so each step waits for a state, never for time.
describe('read replica: public reads from the standby, everything else from the primary', () => {
  const primary = new PrivatePostgres();
  const standby = new PrivatePostgres({ replicaOf: primary });
  let t: TestApp;
  let replicas: ReadReplicas;
  const lines: { msg?: string; level?: number }[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  /** SQL on the standby itself (its replay switch), as its superuser. */
  const onStandby = async (text: string) => {
    const c = new Client({ connectionString: standby.adminUrl });
    await c.connect();
    try {
      return (await c.query(text)).rows;
    } finally {
      await c.end();
    }
  };
  /** Checks until public reads go to the standby (true) or the primary (false). */
  const routedToStandby = (wanted: boolean) =>
    eventually(
      async () => {
        await replicas.checkNow();
        return replicas.route() !== null;
      },
      (onReplica) => onReplica === wanted,
      20_000,
    );
  const metric = async (name: string) =>
    (await t.app.get(Metrics).registry.metrics()).split('\n').filter((l) => l.startsWith(name));
  /** How often a replica was skipped as down so far (the tests share the app). */
  const skippedDown = async () =>
    Number(
      (await metric('lc_db_replica_skipped_total'))
        .find((l) => l.includes('reason="down"'))
        ?.split(' ')
        .pop() ?? 0,
    );

  beforeAll(async () => {
    await primary.start();
    await standby.start();
    t = await createTestApp({
      pgAdminUrl: primary.adminUrl,
      replicaAdminUrls: [standby.adminUrl],
      env: {
        DATABASE_REPLICA_MAX_LAG_MS: '1000',
        DATABASE_REPLICA_CHECK_MS: '60000',
        DATABASE_STATEMENT_TIMEOUT_MS: '5000',
        LOG_LEVEL: 'info',
      },
      logTo: sink,
    });
    replicas = t.app.get(ReadReplicas);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    standby.destroy();
    primary.destroy();
  });

  it('reads the public profile from the standby while the owner and admins read their writes from the primary; a lagging standby is skipped and taken back once caught up', async () => {
    const maya = await creatorWithProfile(t, 'Maya Brooks');
    const admin = await signUpAdmin(t);
    await t.http().get('/api/directory').expect(200); // the first public read starts the checks
    expect(await routedToStandby(true)).toBe(true);
    const bioOf = async () => (await t.http().get(`/api/creators/${maya.id}`).expect(200)).body.bio as string;
    // Caught up: the standby has the listed profile.
    expect(await eventually(bioOf, (bio) => bio === validProfile().bio)).toBe(validProfile().bio);

    await onStandby('select pg_wal_replay_pause()');
    const edited = 'Now mostly street food, still around Cleveland.';
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(maya.session))
      .send(validProfile({ bio: edited }))
      .expect(200);
    // The writer and the admins read the primary: the new fact at once.
    expect((await t.http().get('/api/me/profile').set(bearer(maya.session)).expect(200)).body.bio).toBe(edited);
    expect((await t.http().get(`/api/admin/creators/${maya.id}`).set(bearer(admin)).expect(200)).body.bio).toBe(edited);
    // The public profile and the directory come from the paused standby: still the old fact.
    expect(await bioOf()).toBe(validProfile().bio);
    const page = await t.http().get('/api/creators').query({ q: 'Maya' }).expect(200);
    expect(page.body.items.map((c: { bio: string }) => c.bio)).toEqual([validProfile().bio]);
    expect(await metric('lc_db_public_reads_total{database="replica"}')).not.toEqual([]);

    // Its replay stays behind: past the bound (1 s here) it is skipped, with a log line and a figure.
    expect(await routedToStandby(false)).toBe(false);
    expect(await bioOf()).toBe(edited);
    expect(
      lines.some((l) =>
        /replica 127\.0\.0\.1:\d+\/lc_test_\w+ skipped, public reads go elsewhere: lag, [\d.]+ s behind \(bound 1\.0 s\)/.test(
          l.msg ?? '',
        ),
      ),
    ).toBe(true);
    expect(await metric('lc_db_replica_up')).toEqual([
      expect.stringMatching(/^lc_db_replica_up\{replica="127\.0\.0\.1:\d+\/lc_test_\w+"\} 0$/),
    ]);
    expect((await metric('lc_db_replica_skipped_total'))[0]).toMatch(/reason="lag"\} 1$/);

    // Replay resumed: caught up, the standby serves again, with the new fact.
    await onStandby('select pg_wal_replay_resume()');
    expect(await routedToStandby(true)).toBe(true);
    const before = await metric('lc_db_public_reads_total{database="replica"}');
    expect(await bioOf()).toBe(edited);
    expect(await metric('lc_db_public_reads_total{database="replica"}')).not.toEqual(before);
    expect(lines.some((l) => /replica 127\.0\.0\.1:\d+\/lc_test_\w+ in use: [\d.]+ s behind/.test(l.msg ?? ''))).toBe(
      true,
    );
    // The checks' lines belong to no request, though a request's read started them.
    const checkLines = lines.filter((l) => /^(replica|public reads now) /.test(l.msg ?? ''));
    expect(checkLines.length).toBeGreaterThan(2);
    expect(checkLines.filter((l) => 'request_id' in l)).toEqual([]);
  });

  // Issue 39 point 2: a standby that stops answering without refusing connections (a hung host, a
  // stalled disk). A public read on it is answered by the primary within DATABASE_REPLICA_TIMEOUT_MS
  // (1 s here), not after the statement timeout (5 s, the client giving up at 7 s).
  it('a frozen standby: a public read waits at most the replica timeout, then the primary answers; used again once it thaws', async () => {
    const grace = await creatorWithProfile(t, 'Grace Hopper');
    expect(await routedToStandby(true)).toBe(true);
    // Read on the standby, which leaves an idle connection in its pool (as a busy API has).
    await eventually(
      async () => (await t.http().get(`/api/creators/${grace.id}`)).status,
      (s) => s === 200,
    );
    standby.freeze();
    try {
      const started = performance.now();
      const search = await t.http().get('/api/creators').query({ q: 'Grace' }).expect(200);
      const waitedMs = performance.now() - started;
      expect(search.body.items.map((c: { id: string }) => c.id)).toEqual([grace.id]);
      expect(waitedMs).toBeLessThan(2_500);
      expect(replicas.route()).toBeNull();
      // The next reads go straight to the primary.
      const next = performance.now();
      await t.http().get('/api/creators').query({ q: 'Hopper' }).expect(200);
      expect(performance.now() - next).toBeLessThan(1_000);
    } finally {
      standby.thaw();
    }
    expect(await routedToStandby(true)).toBe(true);
    await t.http().get(`/api/creators/${grace.id}`).expect(200);
  });

  it('a stopped standby: public reads are answered from the primary at once, and the standby is used again once it is back', async () => {
    const ada = await creatorWithProfile(t, 'Ada Lovelace');
    expect(await routedToStandby(true)).toBe(true);
    await eventually(
      async () => (await t.http().get(`/api/creators/${ada.id}`)).status,
      (s) => s === 200,
    );
    const skippedBefore = await skippedDown();
    standby.stop();
    // Not yet checked: the next public read meets the stopped standby and is answered by the primary.
    expect(replicas.route()).not.toBeNull();
    const search = await t.http().get('/api/creators').query({ q: 'Ada' }).expect(200);
    expect(search.body.items.map((c: { id: string }) => c.id)).toEqual([ada.id]);
    expect(replicas.route()).toBeNull();
    await t.http().get('/api/directory').expect(200);
    await t.http().get(`/api/creators/${ada.id}`).expect(200);
    await t.http().get('/sitemap.xml').expect(200);
    expect(lines.some((l) => /skipped, public reads go elsewhere: down/.test(l.msg ?? ''))).toBe(true);
    expect(await skippedDown()).toBe(skippedBefore + 1);
    // Checks find it still down: public reads stay on the primary.
    await replicas.checkNow();
    expect(replicas.route()).toBeNull();

    await standby.start();
    expect(await routedToStandby(true)).toBe(true);
    await t.http().get(`/api/creators/${ada.id}`).expect(200);
  });
});
