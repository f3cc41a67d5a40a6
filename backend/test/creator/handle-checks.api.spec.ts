import { MSG, type AdminHandleCheck, type AuthSession, type OwnHandleCheck } from '@local-creators/common';
import { bearer, createTestApp, signUpAdmin, TestApp, uniqueEmail } from '../helpers/test-app';
import { creatorWithProfile, validProfile } from './fixtures';

/**
 * Handle ownership proof (issue 15, decision 0502): a code per platform for the creator's bio, an
 * admin's confirmation (who, when), cleared when the handle changes (and the admins told), shown
 * on the public profile and filterable in the directory.
 */
describe('handle ownership proof', () => {
  let t: TestApp;
  let admin: AuthSession;
  let adminEmail: string;
  beforeAll(async () => {
    t = await createTestApp({ worker: true });
    adminEmail = uniqueEmail('admin');
    admin = await signUpAdmin(t, adminEmail);
  });
  afterAll(() => t.close());

  let n = 0;
  const listedCreator = () => creatorWithProfile(t, `Handle Creator ${++n}`);
  const own = async (s: AuthSession) =>
    (await t.http().get('/api/me/profile/handle-checks').set(bearer(s)).expect(200)).body as OwnHandleCheck[];
  const checks = async (id: string) =>
    (await t.http().get(`/api/admin/creators/${id}/handle-checks`).set(bearer(admin)).expect(200))
      .body as AdminHandleCheck[];
  const setConfirmed = (id: string, check: AdminHandleCheck, confirmed: unknown, version: unknown = check.version) =>
    t.http().put(`/api/admin/creators/${id}/handle-checks/${check.id}`).set(bearer(admin)).send({ confirmed, version });
  const confirmedIds = async () =>
    (
      (await t.http().get('/api/creators').query({ handles: 'confirmed', per_page: 100 }).expect(200)).body.items as {
        id: string;
      }[]
    ).map((c) => c.id);

  it('gives every platform of an application its own code, shown to the creator and the admins', async () => {
    const c = await listedCreator();
    const mine = await own(c.session);
    expect(mine).toEqual([
      {
        platform: 'Instagram',
        handle: 'mayaeats',
        code: expect.stringMatching(/^LC-[2-9A-Z]{4}$/),
        confirmed_at: null,
        renewal_due: false,
      },
      {
        platform: 'TikTok',
        handle: 'mayaeats',
        code: expect.stringMatching(/^LC-[2-9A-Z]{4}$/),
        confirmed_at: null,
        renewal_due: false,
      },
    ]);
    const forAdmins = await checks(c.id);
    expect(forAdmins.map((x) => [x.platform, x.handle, x.url, x.code])).toEqual([
      ['Instagram', 'mayaeats', 'https://instagram.com/mayaeats', mine[0]!.code],
      ['TikTok', 'mayaeats', null, mine[1]!.code],
    ]);
    // The application's receipt mail gives the codes too, with what to do with them.
    const receipt = await t.mailbox.waitFor(
      (m) => m.to.includes(c.email) && m.subject === 'We received your Local Creators application',
    );
    expect(receipt.text).toContain("put each code in that platform's bio");
    expect(receipt.text).toContain(`Instagram @mayaeats: ${mine[0]!.code}\nTikTok @mayaeats: ${mine[1]!.code}`);
    // Saving again without changes keeps the codes.
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(c.session))
      .send(validProfile({ full_name: c.name }))
      .expect(200);
    expect((await own(c.session)).map((x) => x.code)).toEqual(mine.map((x) => x.code));
  });

  it('records who confirmed a handle and when, shows it on the profile, and filters the directory to all-confirmed creators', async () => {
    const c = await listedCreator();
    const [ig, tt] = await checks(c.id);
    await t
      .http()
      .put(`/api/admin/creators/${c.id}/handle-checks/${ig!.id}`)
      .set(bearer(c.session))
      .send({ confirmed: true, version: ig!.version })
      .expect(403);
    expect((await setConfirmed(c.id, ig!, 'yes').expect(400)).body.field).toBe('confirmed');

    const after = (await setConfirmed(c.id, ig!, true).expect(200)).body as AdminHandleCheck[];
    expect(after[0]).toMatchObject({
      platform: 'Instagram',
      confirmed_by: adminEmail,
      confirmed_at: expect.any(String),
    });
    expect(after[1]!.confirmed_at).toBeNull();
    const [audit] = await t.sql<{ action: string; to_value: string; actor_email: string }>(
      `select action, to_value, actor_email from moderation_audit_log where subject_id = $1 and action = 'handle_confirmed'`,
      [c.id],
    );
    expect(audit).toEqual({ action: 'handle_confirmed', to_value: 'Instagram @mayaeats', actor_email: adminEmail });

    // One of two confirmed: shown on the profile, but not "all confirmed".
    let profile = (await t.http().get(`/api/creators/${c.id}`).expect(200)).body;
    expect(profile.confirmed_handles).toEqual([
      {
        platform: 'Instagram',
        handle: 'mayaeats',
        since: after[0]!.confirmed_at,
        on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    ]);
    expect(profile.handles_confirmed).toBe(false);
    expect(await confirmedIds()).not.toContain(c.id);

    await setConfirmed(c.id, tt!, true).expect(200);
    profile = (await t.http().get(`/api/creators/${c.id}`).expect(200)).body;
    expect(profile.handles_confirmed).toBe(true);
    expect(await confirmedIds()).toContain(c.id);
    // The count the directory shows ("N creators") is of the filtered list, not of everyone.
    await listedCreator(); // one more, unconfirmed
    const filtered = (await t.http().get('/api/creators').query({ handles: 'confirmed', per_page: 100 }).expect(200))
      .body;
    const everyone = (await t.http().get('/api/creators').expect(200)).body;
    expect(filtered.total).toBe(filtered.items.length);
    expect(everyone.total).toBeGreaterThan(filtered.total);
    // The creator sees the confirmation too (not who made it).
    expect((await own(c.session)).every((x) => x.confirmed_at !== null && !('confirmed_by' in x))).toBe(true);
    await t.http().get('/api/creators').query({ handles: 'all' }).expect(400);
  });

  it('clears a confirmation when its handle changes, keeps the code, and tells the admins', async () => {
    const c = await listedCreator();
    for (const check of await checks(c.id)) await setConfirmed(c.id, check, true).expect(200);
    expect(await confirmedIds()).toContain(c.id);
    const before = await checks(c.id);

    const changed = validProfile({
      full_name: c.name,
      platforms: [
        { name: 'Instagram', handle: 'maya_eats_cle', url: 'https://instagram.com/maya_eats_cle', followers: 12_500 },
        { name: 'TikTok', handle: '@MayaEats', url: '', followers: 3_000 },
      ],
    });
    await t.http().put('/api/me/profile').set(bearer(c.session)).send(changed).expect(200);

    const now = await checks(c.id);
    expect(now.map((x) => [x.platform, x.handle, x.code, x.confirmed_at === null])).toEqual([
      ['Instagram', 'maya_eats_cle', before[0]!.code, true],
      // The same handle spelled anew stays confirmed.
      ['TikTok', '@MayaEats', before[1]!.code, false],
    ]);
    const mail = await t.mailbox.waitFor((m) => m.subject === `A confirmed handle changed: ${c.name}`);
    expect(mail.text).toContain('Instagram: @mayaeats → @maya_eats_cle');
    expect(mail.text).not.toContain('TikTok');
    expect(await confirmedIds()).not.toContain(c.id);
    const profile = (await t.http().get(`/api/creators/${c.id}`).expect(200)).body;
    expect(profile.confirmed_handles.map((h: { platform: string }) => h.platform)).toEqual(['TikTok']);

    // The console still showing the old check: its confirmation is refused, nothing written.
    const refused = await setConfirmed(c.id, before[0]!, true).expect(409);
    expect(refused.body.message).toBe(MSG.handleChanged);
    expect((await checks(c.id))[0]!.confirmed_at).toBeNull();
  });

  it("refuses a link that is not that platform's address of that handle, and clears a confirmation when the link changes (issue 23)", async () => {
    const c = await listedCreator();
    const withLinks = (instagram: string, blog: string) =>
      validProfile({
        full_name: c.name,
        platforms: [
          { name: 'Instagram', handle: 'mayaeats', url: instagram, followers: 12_500 },
          { name: 'Blog', handle: 'Maya Eats', url: blog, followers: 800 },
        ],
      });
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(c.session))
      .send(withLinks('https://instagram.com/mayaeats', 'https://mayaeats.example.com'))
      .expect(200);
    for (const check of await checks(c.id)) await setConfirmed(c.id, check, true).expect(200);

    // Any address but the handle's own on that platform is refused, and nothing changes.
    for (const url of [
      'https://evil.example/phish',
      'https://instagram.com/someone_else',
      'https://tiktok.com/@mayaeats',
    ]) {
      const res = await t
        .http()
        .put('/api/me/profile')
        .set(bearer(c.session))
        .send(withLinks(url, 'https://mayaeats.example.com'));
      expect([res.status, res.body.message, res.body.field]).toEqual([
        400,
        MSG.platformUrlNotHandle('Instagram', 'https://instagram.com/mayaeats'),
        'platforms.0.url',
      ]);
    }
    expect((await checks(c.id)).every((x) => x.confirmed_at !== null)).toBe(true);

    // The same address written differently keeps the confirmation; another one clears it.
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(c.session))
      .send(withLinks('https://www.instagram.com/MayaEats/', 'https://mayaeats.example.com/'))
      .expect(200);
    expect((await checks(c.id)).every((x) => x.confirmed_at !== null)).toBe(true);
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(c.session))
      .send(withLinks('https://www.instagram.com/MayaEats/', 'https://evil.example/phish'))
      .expect(200);
    const now = await checks(c.id);
    expect(now.map((x) => [x.platform, x.url, x.confirmed_at === null])).toEqual([
      ['Instagram', 'https://www.instagram.com/MayaEats/', false],
      ['Blog', 'https://evil.example/phish', true],
    ]);
    const mail = await t.mailbox.waitFor(
      (m) => m.subject === `A confirmed handle changed: ${c.name}` && m.text.includes('evil.example'),
    );
    expect(mail.text).toContain('Blog: @Maya Eats, link https://mayaeats.example.com/ → https://evil.example/phish');
  });

  it('refuses a confirmation made on an older version of the check', async () => {
    const c = await listedCreator();
    const [ig] = await checks(c.id);
    await setConfirmed(c.id, ig!, true).expect(200);
    expect((await setConfirmed(c.id, ig!, false).expect(409)).body.message).toBe(MSG.handleChanged);
    const [now] = await checks(c.id);
    expect(now!.confirmed_at).not.toBeNull();
    await setConfirmed(c.id, now!, false).expect(200);
    expect((await checks(c.id))[0]!.confirmed_at).toBeNull();
  });
});
