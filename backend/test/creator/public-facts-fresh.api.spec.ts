import sharp from 'sharp';
import { Client } from 'pg';
import { formatMonthYear, type AuthSession, type PublicCreator } from '@local-creators/common';
import { bearer, createTestApp, eventually, secondApiProcess, signUpAdmin, type TestApp } from '../helpers/test-app';
import { creatorWithProfile, validProfile } from './fixtures';

interface Read {
  status: number;
  json: PublicCreator | null;
  /** The server-drawn page (its head and its first view). */
  html: string;
}

/**
 * Issue 22: every write that changes what a listed profile shows reaches its very next public
 * read, as JSON and as the server-drawn page, on the process that made it; and another API
 * process (a second replica) shows it once PostgreSQL's notification reached it. The directory
 * keeps one cache of public answers, keyed by the listing version; these are the facts that did
 * not move that version before (handle checks, follower counts' dates).
 */
describe('public facts on the next read, on this process and another', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof secondApiProcess>>;
  let admin: AuthSession;
  /** The test's own LISTEN on the channel the listing triggers notify. */
  let listener: Client;
  let notifications = 0;

  beforeAll(async () => {
    t = await createTestApp();
    other = await secondApiProcess(t);
    admin = await signUpAdmin(t);
    listener = new Client({ connectionString: t.env.DATABASE_URL });
    await listener.connect();
    listener.on('notification', () => notifications++);
    await listener.query('listen listing_change');
  });
  afterAll(async () => {
    await listener?.end();
    await other?.close();
    await t?.close();
  });

  async function read(http: TestApp['http'], id: string): Promise<Read> {
    const json = await http().get(`/api/creators/${id}`);
    const page = await http().get(`/creator/${id}`);
    expect(page.status).toBe(json.status);
    return { status: json.status, json: json.status === 200 ? (json.body as PublicCreator) : null, html: page.text };
  }

  /** Both processes read the profile now, so each holds the answer a change must replace. */
  async function warm(id: string) {
    for (const http of [t.http, other.http]) {
      await read(http, id);
      await read(http, id);
    }
  }

  /**
   * `holds` of the very next read on this process; then of the other process's reads, once the
   * listing's notification was sent (the other process may get it a moment after the test does).
   */
  async function expectEverywhere(id: string, notifiedBefore: number, holds: (r: Read) => boolean) {
    const shown = (r: Read) => (holds(r) ? 'shown' : `not shown: ${r.status} ${JSON.stringify(r.json)}`);
    expect(shown(await read(t.http, id))).toBe('shown');
    await eventually(
      async () => notifications,
      (n) => n > notifiedBefore,
    );
    expect(shown(await eventually(() => read(other.http, id), holds))).toBe('shown');
  }

  it("a listed creator's edited bio", async () => {
    const c = await creatorWithProfile(t, 'Bea Edits');
    await warm(c.id);
    const before = notifications;
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(c.session))
      .send(validProfile({ full_name: 'Bea Edits', bio: 'Now mostly pierogi and lake sunsets.' }))
      .expect(200);
    await expectEverywhere(
      c.id,
      before,
      (r) =>
        r.json?.bio === 'Now mostly pierogi and lake sunsets.' &&
        r.html.includes('Now mostly pierogi and lake sunsets.'),
    );
  });

  it('a new profile photo, and its removal', async () => {
    const c = await creatorWithProfile(t, 'Pia Photo');
    await warm(c.id);
    let before = notifications;
    const photo = await sharp({
      create: { width: 600, height: 600, channels: 3, background: { r: 20, g: 120, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    await t.http().put('/api/me/profile/image').set(bearer(c.session)).attach('file', photo, 'me.jpg').expect(200);
    await expectEverywhere(
      c.id,
      before,
      (r) => !!r.json?.profile_image_url && r.html.includes(r.json.profile_image_url),
    );

    before = notifications;
    await t.http().delete('/api/me/profile/image').set(bearer(c.session)).expect(204);
    await expectEverywhere(c.id, before, (r) => r.json?.profile_image_url === null && !r.html.includes('/storage/'));
  });

  it('one handle of two confirmed by an admin, then taken back', async () => {
    const c = await creatorWithProfile(t, 'Hana Handles');
    const checks = async () =>
      (await t.http().get(`/api/admin/creators/${c.id}/handle-checks`).set(bearer(admin)).expect(200)).body as {
        id: string;
        platform: string;
        version: number;
      }[];
    const instagram = (await checks()).find((x) => x.platform === 'Instagram')!;
    await warm(c.id);

    let before = notifications;
    await t
      .http()
      .put(`/api/admin/creators/${c.id}/handle-checks/${instagram.id}`)
      .set(bearer(admin))
      .send({ confirmed: true, version: instagram.version })
      .expect(200);
    const confirmed = (r: Read) =>
      r.json?.confirmed_handles.some((h) => h.platform === 'Instagram') === true &&
      r.html.includes('Handle confirmed since');
    await expectEverywhere(c.id, before, confirmed);

    before = notifications;
    const again = (await checks()).find((x) => x.platform === 'Instagram')!;
    await t
      .http()
      .put(`/api/admin/creators/${c.id}/handle-checks/${again.id}`)
      .set(bearer(admin))
      .send({ confirmed: false, version: again.version })
      .expect(200);
    await expectEverywhere(
      c.id,
      before,
      (r) => r.json?.confirmed_handles.length === 0 && !r.html.includes('Handle confirmed'),
    );
  });

  it('"Yes, still right" on counts nobody confirmed for 200 days', async () => {
    const c = await creatorWithProfile(t, 'Cal Counts');
    await t.sql(`update follower_counts set confirmed_at = now() - interval '200 days' where profile_id = $1`, [c.id]);
    const stale = await read(t.http, c.id);
    const staleAsOf = `as of ${formatMonthYear(stale.json!.platforms[0]!.followers_confirmed_on!)}`;
    expect(stale.html).toContain(staleAsOf);
    await warm(c.id);

    const before = notifications;
    await t.http().post('/api/me/profile/followers/confirm').set(bearer(c.session)).expect(200);
    const today = new Date().toISOString().slice(0, 10);
    await expectEverywhere(
      c.id,
      before,
      // Every count says "as of" its day (decision 0801): now this month's, no longer the stale one.
      (r) =>
        !!r.json &&
        r.json.platforms.every((p) => p.followers_confirmed_at?.startsWith(today)) &&
        !r.html.includes(staleAsOf) &&
        r.html.includes(`as of ${formatMonthYear(r.json.platforms[0]!.followers_confirmed_on!)}`),
    );
  });

  it('an admin turning phone verification off takes the profile out of public view', async () => {
    const c = await creatorWithProfile(t, 'Vic Verified');
    await warm(c.id);
    const before = notifications;
    const version = (await t.http().get(`/api/admin/creators/${c.id}`).set(bearer(admin)).expect(200)).body.version;
    await t
      .http()
      .put(`/api/admin/creators/${c.id}`)
      .set(bearer(admin))
      .send({ phone_verified: false, version })
      .expect(200);
    await expectEverywhere(c.id, before, (r) => r.status === 404);
  });
  /**
   * The version moves once per statement (decision 0224): one statement over many listed rows
   * moved it once per row, and each move walked the ones before it in the transaction, so a bulk
   * change of a large city took hours. Writes touching no listed profile still leave it alone.
   */
  it('moves the listing version once for a statement over many listed profiles, and not for unlisted ones', async () => {
    const version = async () =>
      Number((await t.sql<{ version: string }>(`select version from listing_version where id = 1`))[0]!.version);
    const listed = [
      await creatorWithProfile(t, 'Bulk One'),
      await creatorWithProfile(t, 'Bulk Two'),
      await creatorWithProfile(t, 'Bulk Three'),
    ];
    const pending = [
      await creatorWithProfile(t, 'Bulk Pending One', 'pending'),
      await creatorWithProfile(t, 'Bulk Pending Two', 'pending'),
    ];
    const ids = (cs: { id: string }[]) => cs.map((c) => c.id);

    const before = await version();
    await t.sql(`update creator_profiles set bio = bio || ' (bulk)' where id = any($1::uuid[])`, [ids(listed)]);
    expect(await version()).toBe(before + 1);
    await t.sql(`update creator_profiles set bio = bio || ' (bulk)' where id = any($1::uuid[])`, [ids(pending)]);
    expect(await version()).toBe(before + 1);
    // Listing them in one statement is one move; so is taking them all out again.
    await t.sql(
      `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = any($1::uuid[])`,
      [ids(pending)],
    );
    expect(await version()).toBe(before + 2);
    await t.sql(`update creator_profiles set is_public = false where id = any($1::uuid[])`, [
      [...ids(listed), ...ids(pending)],
    ]);
    expect(await version()).toBe(before + 3);
    // A fact of an unlisted profile moves nothing; of a listed one, once per statement.
    await t.sql(`update follower_counts set confirmed_at = now() where profile_id = any($1::uuid[])`, [ids(listed)]);
    expect(await version()).toBe(before + 3);
    await t.sql(`update creator_profiles set is_public = true where id = any($1::uuid[])`, [ids(listed)]);
    await t.sql(`update follower_counts set confirmed_at = now() where profile_id = any($1::uuid[])`, [ids(listed)]);
    expect(await version()).toBe(before + 5);
  });
});
