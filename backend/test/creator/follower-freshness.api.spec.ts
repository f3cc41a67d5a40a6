import type { AdminFollowerCount, AuthSession, OwnFollowerCount, PublicCreator } from '@local-creators/common';
import { FollowerCounts } from '../../src/modules/creator/application/follower-counts';
import { bearer, createTestApp, eventually, signUpAdmin, STRONG_PASSWORD, TestApp } from '../helpers/test-app';
import { creatorWithProfile, validProfile } from './fixtures';

/**
 * Fresh follower counts (issue 15, decision 0503), on the app's clock moved by days: each count is
 * dated when confirmed; at 90 days a mail asks the creator to re-confirm (once), one click
 * confirms; admins list counts 90 and 180 days old and counts that more than doubled.
 */
describe('follower counts stay fresh', () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp({ worker: true, env: { FOLLOWER_REMINDER_SWEEP_S: '0' } });
    admin = await signUpAdmin(t);
  });
  afterEach(async () => {
    t.clock.reset();
    admin = await signInNow(admin.user.email);
  });
  afterAll(() => t.close());

  let n = 0;
  const creator = (state: 'listed' | 'pending' = 'listed') => creatorWithProfile(t, `Fresh Creator ${++n}`, state);
  /** A session issued at the app's current (moved) time: sessions live on its clock. */
  const signInNow = async (email: string) =>
    (await t.http().post('/api/auth/login').send({ email, password: STRONG_PASSWORD }).expect(200)).body as AuthSession;
  const day = (d: Date) =>
    d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const counts = async (s: AuthSession) =>
    (await t.http().get('/api/me/profile/followers').set(bearer(s)).expect(200)).body as OwnFollowerCount[];
  const sweep = () => t.app.get(FollowerCounts).sendDueReminders(t.clock.now());
  const reminders = (email: string) =>
    t.mailbox.to(email).filter((m) => m.subject === 'Are your follower counts still right?');
  const adminList = async (state: string) =>
    (
      await t
        .http()
        .get('/api/admin/follower-counts')
        .set(bearer(admin))
        .query({ filter: JSON.stringify({ state }), range: '[0,99]' })
        .expect(200)
    ).body as AdminFollowerCount[];
  const allMailed = () =>
    eventually(
      () => t.sql(`select 1 from outbox_messages where status <> 'sent'`),
      (rows) => rows.length === 0,
    );

  it('dates every count, and asks once at 90 days (not at 89), until the creator confirms with one click', async () => {
    t.clock.set(new Date());
    const start = t.clock.now();
    const c = await creator();
    const pending = await creator('pending');
    expect((await counts(c.session)).map((x) => [x.platform, x.followers, x.confirmed_at])).toEqual([
      ['Instagram', 12_500, start.toISOString()],
      ['TikTok', 3_000, start.toISOString()],
    ]);

    t.clock.advanceDays(89);
    await sweep();
    await allMailed();
    expect(reminders(c.email)).toHaveLength(0);

    t.clock.advanceDays(1);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const mail = await t.mailbox.waitFor(
      (m) => m.to.includes(c.email) && m.subject === 'Are your follower counts still right?',
    );
    expect(mail.text).toContain(`Instagram @mayaeats: 12,500 (confirmed ${day(start)})`);
    expect(mail.text).toContain('http://localhost:3000/dashboard');
    await sweep();
    await allMailed();
    expect(reminders(c.email)).toHaveLength(1); // once
    expect(reminders(pending.email)).toHaveLength(0); // only approved creators are asked

    // One click: every count confirmed as it is, now; the next reminder comes 90 days later.
    const confirmed = (
      await t
        .http()
        .post('/api/me/profile/followers/confirm')
        .set(bearer(await signInNow(c.email)))
        .expect(200)
    ).body as OwnFollowerCount[];
    expect(confirmed.every((x) => x.confirmed_at === t.clock.now().toISOString())).toBe(true);
    t.clock.advanceDays(89);
    await sweep();
    t.clock.advanceDays(1);
    await sweep();
    await t.mailbox.waitFor((m) => m.to.includes(c.email) && reminders(c.email).length === 2);
  });

  it('re-dates only the counts a save changes, and carries the dates on the public profile', async () => {
    t.clock.set(new Date());
    const start = t.clock.now();
    const c = await creator();
    t.clock.advanceDays(30);
    const later = await signInNow(c.email);
    const changed = validProfile({
      full_name: c.name,
      platforms: [
        { name: 'Instagram', handle: 'mayaeats', url: 'https://instagram.com/mayaeats', followers: 13_000 },
        { name: 'TikTok', handle: 'mayaeats', url: '', followers: 3_000 },
      ],
    });
    await t.http().put('/api/me/profile').set(bearer(later)).send(changed).expect(200);
    expect((await counts(later)).map((x) => x.confirmed_at)).toEqual([
      t.clock.now().toISOString(),
      start.toISOString(),
    ]);
    const profile = (await t.http().get(`/api/creators/${c.id}`).expect(200)).body as PublicCreator;
    expect(profile.platforms.map((p) => p.followers_confirmed_at)).toEqual([
      t.clock.now().toISOString(),
      start.toISOString(),
    ]);
  });

  it('lists counts 90 and 180 days old for the admins', async () => {
    const c = await creator();
    t.clock.advanceDays(100);
    admin = await signInNow(admin.user.email);
    expect((await adminList('due')).some((r) => r.profile_id === c.id)).toBe(true);
    expect((await adminList('stale')).some((r) => r.profile_id === c.id)).toBe(false);
    t.clock.advanceDays(80);
    admin = await signInNow(admin.user.email);
    const stale = (await adminList('stale')).filter((r) => r.profile_id === c.id);
    expect(stale.map((r) => [r.creator_name, r.platform, r.followers])).toEqual([
      [c.name, 'Instagram', 12_500],
      [c.name, 'TikTok', 3_000],
    ]);
    await t
      .http()
      .get('/api/admin/follower-counts')
      .set(bearer(admin))
      .query({ filter: JSON.stringify({ state: 'old' }) })
      .expect(400);
    await t
      .http()
      .get('/api/admin/follower-counts')
      .set(bearer(await signInNow(c.email)))
      .expect(403);
  });

  it('flags a count that more than doubled over the window to the admins, with its lowest value then and after', async () => {
    const c = await creator();
    const grown = (instagram: number) =>
      validProfile({
        full_name: c.name,
        platforms: [
          { name: 'Instagram', handle: 'mayaeats', url: 'https://instagram.com/mayaeats', followers: instagram },
          { name: 'TikTok', handle: 'mayaeats', url: '', followers: 3_000 },
        ],
      });
    await t.http().put('/api/me/profile').set(bearer(c.session)).send(grown(20_000)).expect(200); // 1.6×: fine
    await t.http().put('/api/me/profile').set(bearer(c.session)).send(grown(45_000)).expect(200); // 2.25×: flagged
    const mail = await t.mailbox.waitFor((m) => m.subject === `Follower count jump: ${c.name}`);
    expect(mail.text).toContain('Instagram @mayaeats: 12,500 → 45,000'); // from the window's lowest value
    await allMailed();
    expect(t.mailbox.mails.filter((m) => m.subject === `Follower count jump: ${c.name}`)).toHaveLength(1);
    const jumped = (await adminList('jumped')).filter((r) => r.profile_id === c.id);
    expect(jumped).toEqual([
      expect.objectContaining({
        platform: 'Instagram',
        previous_followers: 12_500,
        followers: 45_000,
        jumped_at: expect.any(String),
      }),
    ]);
  });

  describe('jumps that tried to slip through (issue 23)', () => {
    const featured = async (id: string) =>
      ((await t.http().get(`/api/creators/${id}`).expect(200)).body as PublicCreator).featured_reach;
    const withCounts = (
      name: string,
      platforms: { name: 'Instagram' | 'TikTok' | 'YouTube'; handle: string; followers: number }[],
    ) => validProfile({ full_name: name, platforms: platforms.map((p) => ({ ...p, url: '' })) });
    const jumpRows = (id: string) =>
      t.sql<{ platform: string; previous_followers: string; followers: string; jump_reviewed_at: Date | null }>(
        `select platform, previous_followers, followers, jump_reviewed_at from follower_counts where profile_id = $1 and jumped_at is not null order by platform`,
        [id],
      );

    it('flags counts doubled exactly at every save (500 → 64,000), and Featured waits for an admin', async () => {
      t.clock.set(new Date());
      const c = await creator();
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(c.session))
        .send(withCounts(c.name, [{ name: 'Instagram', handle: 'mayaeats', followers: 500 }]))
        .expect(200);
      for (let followers = 1_000; followers <= 64_000; followers *= 2) {
        t.clock.advanceDays(1);
        const session = await signInNow(c.email);
        await t
          .http()
          .put('/api/me/profile')
          .set(bearer(session))
          .send(withCounts(c.name, [{ name: 'Instagram', handle: 'mayaeats', followers }]))
          .expect(200);
      }
      const [row] = await jumpRows(c.id);
      expect(row).toMatchObject({ platform: 'Instagram', followers: '64000', jump_reviewed_at: null });
      await t.mailbox.waitFor((m) => m.subject === `Follower count jump: ${c.name}`);
      expect(await featured(c.id)).toBe(false);

      // An admin looks at it and lets it count: Featured follows.
      const [listed] = (await adminList('jumped')).filter((r) => r.profile_id === c.id);
      const reviewed = await t
        .http()
        .put(`/api/admin/follower-counts/${listed!.id}`)
        .set(bearer(await signInNow(admin.user.email)))
        .send({ reviewed: true });
      expect(reviewed.status).toBe(200);
      expect(reviewed.body.jump_reviewed_at).toEqual(expect.any(String));
      expect(await featured(c.id)).toBe(true);
    });

    it('flags one save of 499 → 1,000,000,000, refuses more than that with the spec text, and checks a new platform as a rise from 0', async () => {
      const c = await creator();
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(c.session))
        .send(withCounts(c.name, [{ name: 'Instagram', handle: 'mayaeats', followers: 499 }]))
        .expect(200);
      expect(await featured(c.id)).toBe(false);
      const tooMany = await t
        .http()
        .put('/api/me/profile')
        .set(bearer(c.session))
        .send(withCounts(c.name, [{ name: 'Instagram', handle: 'mayaeats', followers: 1_000_000_001 }]));
      expect([tooMany.status, tooMany.body.message]).toEqual([400, 'Value too large']);
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(c.session))
        .send(withCounts(c.name, [{ name: 'Instagram', handle: 'mayaeats', followers: 1_000_000_000 }]))
        .expect(200);
      // A new platform with a new count, on the same profile.
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(c.session))
        .send(
          withCounts(c.name, [
            { name: 'Instagram', handle: 'mayaeats', followers: 1_000_000_000 },
            { name: 'YouTube', handle: 'brandnew', followers: 64_000 },
          ]),
        )
        .expect(200);
      expect((await jumpRows(c.id)).map((r) => [r.platform, r.previous_followers, r.followers])).toEqual([
        ['Instagram', '499', '1000000000'],
        ['YouTube', '0', '64000'],
      ]);
      expect(await featured(c.id)).toBe(false);
    });
  });
});
