import type { AuthSession } from '@local-creators/common';
import { bearer, createTestApp, signUp, signUpAdmin, TestApp } from '../helpers/test-app';
import { validProfile } from '../creator/fixtures';

/**
 * An approved creator who edits the profile stays approved and listed (spec 4), but the change
 * is audited, the admins are mailed, and the console shows what changed since verification
 * until an admin acknowledges it.
 */
describe('changes to an approved profile', () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp({ worker: true });
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  const getCreator = async (id: string) =>
    (await t.http().get(`/api/admin/creators/${id}`).set(bearer(admin)).expect(200)).body;
  const audit = (id: string) =>
    t.sql<{ action: string; actor_email: string; notes: string | null }>(
      'select action, actor_email, notes from moderation_audit_log where subject_id = $1 order by created_at',
      [id],
    );
  const changeMails = (id: string) =>
    t.sql<{ kind: string; payload: Record<string, unknown> }>(
      `select kind, payload from outbox_messages where kind = 'approved-creator-changed' and payload->>'profileId' = $1`,
      [id],
    );
  const acknowledge = (id: string, body: object) =>
    t.http().post(`/api/admin/creators/${id}/acknowledge-changes`).set(bearer(admin)).send(body);

  async function approvedCreator(name: string) {
    const session = await signUp(t);
    const id = (
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(session))
        .send(validProfile({ full_name: name }))
        .expect(201)
    ).body.id as string;
    const { version } = await getCreator(id);
    await t
      .http()
      .put(`/api/admin/creators/${id}`)
      .set(bearer(admin))
      .send({ approval_status: 'approved', version })
      .expect(200);
    return { session, id };
  }

  it('keeps the status, audits the change, mails the admins and shows the difference until acknowledged', async () => {
    const { session, id } = await approvedCreator('Maya Brooks');
    expect((await getCreator(id)).changes_since_verification).toBeNull();

    const edited = validProfile({
      full_name: 'Totally Different Name',
      bio: 'Now selling followers, DM me.',
      link_hub_url: 'https://spam.example.com',
    });
    const saved = await t.http().put('/api/me/profile').set(bearer(session)).send(edited).expect(200);
    expect(saved.body).toMatchObject({ approval_status: 'approved', is_public: true, phone_verified: true });
    await t.http().get(`/api/creators/${id}`).expect(200); // still listed

    const rows = await audit(id);
    expect(rows.map((r) => r.action)).toEqual(['approve', 'profile_changed']);
    expect(rows[1]!.actor_email).toBe(session.user.email);
    expect(rows[1]!.notes).toBe(
      'Full name: "Maya Brooks" → "Totally Different Name"\nBio: "Food and family adventures around Cleveland." → "Now selling followers, DM me."\nLink hub: — → "https://spam.example.com"',
    );

    expect(await changeMails(id)).toHaveLength(1);
    const mail = await t.mailbox.waitFor(
      (m) => m.subject === 'An approved creator changed their profile: Totally Different Name',
    );
    expect(mail.to).toEqual(['founder@localcreators.test']); // ADMIN_NOTIFY_EMAILS of the test app
    expect(mail.text).toContain('Full name: "Maya Brooks" → "Totally Different Name"');
    expect(mail.text).toContain(`/admin/creators/${id}/show`);

    const c = await getCreator(id);
    expect(c.changes_since_verification).toEqual({
      changed_at: expect.any(String),
      changes: [
        { field: 'full_name', label: 'Full name', before: 'Maya Brooks', after: 'Totally Different Name' },
        {
          field: 'bio',
          label: 'Bio',
          before: 'Food and family adventures around Cleveland.',
          after: 'Now selling followers, DM me.',
        },
        { field: 'link_hub_url', label: 'Link hub', before: null, after: 'https://spam.example.com' },
      ],
    });
    const listed = await t
      .http()
      .get('/api/admin/creators')
      .query({ filter: JSON.stringify({ id: [id] }) })
      .set(bearer(admin))
      .expect(200);
    expect(listed.body[0].changes_since_verification.changes).toHaveLength(3);

    // A second edit before anyone looked: audited, the difference is still against the verified profile, no second mail.
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(session))
      .send({ ...edited, full_name: 'Maya Brooks' })
      .expect(200);
    expect((await audit(id)).map((r) => r.action)).toEqual(['approve', 'profile_changed', 'profile_changed']);
    expect((await getCreator(id)).changes_since_verification.changes.map((ch: { field: string }) => ch.field)).toEqual([
      'bio',
      'link_hub_url',
    ]);
    expect(await changeMails(id)).toHaveLength(1);

    // A save that changes nothing leaves no trace.
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(session))
      .send({ ...edited, full_name: 'Maya Brooks' })
      .expect(200);
    expect(await audit(id)).toHaveLength(3);

    // Acknowledging needs the version the admin saw, and is audited.
    const seen = await getCreator(id);
    await acknowledge(id, {}).expect(400);
    await acknowledge(id, { version: seen.version - 1 }).expect(409);
    const acked = await acknowledge(id, { version: seen.version }).expect(200);
    expect(acked.body.changes_since_verification).toBeNull();
    expect(acked.body.approval_status).toBe('approved');
    const last = (await audit(id)).at(-1)!;
    expect(last).toMatchObject({ action: 'changes_acknowledged', actor_email: admin.user.email });
    await acknowledge(id, { version: seen.version }).expect(409); // a second click on the same view

    // The next change is measured from what the admin acknowledged, and mailed again.
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(session))
      .send({ ...edited, full_name: 'Maya Brooks', neighborhood: 'Ohio City' })
      .expect(200);
    expect((await getCreator(id)).changes_since_verification.changes).toEqual([
      { field: 'neighborhood', label: 'Neighborhood', before: 'Tremont', after: 'Ohio City' },
    ]);
    expect(await changeMails(id)).toHaveLength(2);
  });

  it('leaves pending and rejected applications alone (the admin reviews their current content)', async () => {
    const session = await signUp(t);
    const id = (
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(session))
        .send(validProfile({ full_name: 'Still Pending' }))
        .expect(201)
    ).body.id as string;
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(session))
      .send(validProfile({ full_name: 'Still Pending', bio: 'An edit before the review.' }))
      .expect(200);
    expect(await audit(id)).toEqual([]);
    expect(await changeMails(id)).toEqual([]);
    expect((await getCreator(id)).changes_since_verification).toBeNull();
  });

  it('a re-approval verifies the current profile', async () => {
    const { session, id } = await approvedCreator('Rejected Later');
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(session))
      .send(validProfile({ full_name: 'Rejected Later', bio: 'Edited after approval, twice over.' }))
      .expect(200);
    let c = await getCreator(id);
    c = (
      await t
        .http()
        .put(`/api/admin/creators/${id}`)
        .set(bearer(admin))
        .send({ approval_status: 'rejected', version: c.version })
        .expect(200)
    ).body;
    expect(c.changes_since_verification).toBeNull();
    c = (
      await t
        .http()
        .put(`/api/admin/creators/${id}`)
        .set(bearer(admin))
        .send({ approval_status: 'approved', version: c.version })
        .expect(200)
    ).body;
    expect(c.changes_since_verification).toBeNull();
  });
});
