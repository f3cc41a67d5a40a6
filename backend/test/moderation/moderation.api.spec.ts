import { LIMITS, MSG, type AuthSession } from '@local-creators/common';
import { bearer, createTestApp, signUp, signUpAdmin, TestApp } from '../helpers/test-app';
import { validProfile } from '../creator/fixtures';

interface Row {
  approval_status: string;
  is_public: boolean;
  phone_verified: boolean;
  approval_notes: string | null;
  decided_at: Date | null;
  updated_at: Date;
  full_name: string;
}

describe('moderation API', () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp({ worker: true });
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  async function apply(name = 'Maya Brooks') {
    const s = await signUp(t);
    const res = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(s))
      .send(validProfile({ full_name: name }))
      .expect(201);
    return { session: s, id: res.body.id as string };
  }
  const row = async (id: string) =>
    (
      await t.sql<Row>(
        'select approval_status, is_public, phone_verified, approval_notes, decided_at, updated_at, full_name from creator_profiles where id = $1',
        [id],
      )
    )[0]!;
  const put = (id: string, body: unknown) =>
    t
      .http()
      .put(`/api/admin/creators/${id}`)
      .set(bearer(admin))
      .send(body as object);
  const list = (query: Record<string, unknown>) =>
    t
      .http()
      .get('/api/admin/creators')
      .query(
        Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])),
      )
      .set(bearer(admin));
  const auditOf = async (id: string) =>
    (
      await t
        .http()
        .get('/api/admin/audit-log')
        .query({ filter: JSON.stringify({ subject_id: id }) })
        .set(bearer(admin))
        .expect(200)
    ).body as {
      action: string;
      from_value: string | null;
      to_value: string | null;
      notes: string | null;
      actor_email: string;
      actor_id: string;
      subject_type: string;
    }[];
  const mailsTo = (email: string) => t.mailbox.mails.filter((m) => m.to.includes(email));
  const outboxCount = async () => Number((await t.sql<{ n: string }>('select count(*) n from outbox_messages'))[0]!.n);

  describe('review queue and lists', () => {
    it('lists pending applications oldest first with Content-Range, e-mail and decided_at', async () => {
      const first = await apply('First Applicant');
      const second = await apply('Second Applicant');
      const res = await list({
        filter: { approval_status: 'pending' },
        sort: ['created_at', 'ASC'],
        range: [0, 99],
      }).expect(200);
      const ids = res.body.map((c: { id: string }) => c.id);
      expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
      expect(res.body.every((c: { approval_status: string }) => c.approval_status === 'pending')).toBe(true);
      expect(res.headers['content-range']).toMatch(
        new RegExp(`^creators 0-${res.body.length - 1}/${res.body.length}$`),
      );
      const mine = res.body.find((c: { id: string }) => c.id === first.id);
      expect(mine).toMatchObject({
        email: first.session.user.email,
        full_name: 'First Applicant',
        phone: '(216) 555-0101',
        decided_at: null,
      });
    });

    it('pages with range and answers getMany (filter id list); garbage ids match nothing', async () => {
      const a = await apply('Many A');
      const b = await apply('Many B');
      const many = await list({ filter: { id: [a.id, b.id, 'not-an-id'] } }).expect(200);
      expect(many.body.map((c: { id: string }) => c.id).sort()).toEqual([a.id, b.id].sort());
      const none = await list({ filter: { id: ['not-an-id'] } }).expect(200);
      expect(none.body).toEqual([]);
      expect(none.headers['content-range']).toBe('creators 0-0/0');
      const page = await list({ range: [1, 2], sort: ['full_name', 'ASC'] }).expect(200);
      expect(page.body).toHaveLength(2);
      expect(page.headers['content-range']).toMatch(/^creators 1-2\/\d+$/);
      for (const sort of ['id', 'created_at', 'updated_at', 'full_name', 'approval_status']) {
        await list({ sort: [sort, 'DESC'] }).expect(200);
      }
    });

    it('searches by name, neighborhood and niche', async () => {
      await apply('Zanzibar Searchable');
      const byName = await list({ filter: { q: 'zanzibar' } }).expect(200);
      expect(byName.body.map((c: { full_name: string }) => c.full_name)).toEqual(['Zanzibar Searchable']);
      const byNeighborhood = await list({ filter: { q: 'tremont' } }).expect(200);
      expect(byNeighborhood.body.length).toBeGreaterThan(0);
      const byNiche = await list({ filter: { q: 'family' } }).expect(200);
      expect(byNiche.body.length).toBeGreaterThan(0);
      expect((await list({ filter: { q: 'nobody-matches-this' } }).expect(200)).body).toEqual([]);
      expect((await list({ filter: { q: '%' } }).expect(200)).body).toEqual([]); // LIKE wildcards are literal
    });

    it('searches by the account e-mail too (the address in the alert mail), with the count', async () => {
      const c = await apply('Mailfound Person');
      const email = c.session.user.email;
      const res = await list({ filter: { q: email.toUpperCase() } }).expect(200);
      expect(res.body.map((x: { id: string }) => x.id)).toEqual([c.id]);
      expect(res.headers['content-range']).toBe('creators 0-0/1');
    });

    it('shows one creator with its e-mail; 404 for an unknown id, 400 for a malformed one', async () => {
      const { id, session } = await apply('Detail Person');
      const res = await t.http().get(`/api/admin/creators/${id}`).set(bearer(admin)).expect(200);
      expect(res.body).toMatchObject({ id, email: session.user.email, approval_status: 'pending', decided_at: null });
      const missing = await t
        .http()
        .get('/api/admin/creators/00000000-0000-4000-8000-000000000000')
        .set(bearer(admin))
        .expect(404);
      expect(missing.body.message).toBe(MSG.profileNotFound);
      await t.http().get('/api/admin/creators/not-a-uuid').set(bearer(admin)).expect(400);
    });
  });

  describe('decisions', () => {
    it('approves: approved, public and phone verified together; leaves the queue; counts move; mails the creator; audits', async () => {
      const { id, session } = await apply('Approved Person');
      const before = (await t.http().get('/api/admin/stats').set(bearer(admin)).expect(200)).body;
      const res = await put(id, { approval_status: 'approved' }).expect(200);
      expect(res.body).toMatchObject({
        id,
        approval_status: 'approved',
        is_public: true,
        phone_verified: true,
        email: session.user.email,
      });
      expect(res.body.decided_at).toEqual(expect.any(String));
      const stored = await row(id);
      expect(stored).toMatchObject({ approval_status: 'approved', is_public: true, phone_verified: true });
      expect(stored.decided_at).toBeInstanceOf(Date);

      const queue = await list({ filter: { approval_status: 'pending' }, range: [0, 199] });
      expect(queue.body.map((c: { id: string }) => c.id)).not.toContain(id);
      const after = (await t.http().get('/api/admin/stats').set(bearer(admin)).expect(200)).body;
      expect(after).toEqual({ ...before, pending: before.pending - 1, approved: before.approved + 1 });

      const mail = await t.mailbox.waitFor(
        (m) => m.to.includes(session.user.email) && m.subject === "You're live on Local Creators!",
      );
      expect(mail.text).toContain(`/creator/${id}`);
      expect(await auditOf(id)).toEqual([
        expect.objectContaining({
          action: 'approve',
          from_value: 'pending',
          to_value: 'approved',
          actor_email: admin.user.email,
          actor_id: admin.user.id,
          subject_type: 'creator_profile',
          notes: null,
        }),
      ]);
      await t.http().get(`/api/creators/${id}`).expect(200); // listed in the directory
      const mine = await t.http().get('/api/me/profile').set(bearer(session)).expect(200);
      expect(mine.body).toMatchObject({ approval_status: 'approved', is_public: true, phone_verified: true });
    });

    it('a repeated approval changes nothing: no second mail, no second audit row', async () => {
      const { id, session } = await apply('Double Click');
      await put(id, { approval_status: 'approved' }).expect(200);
      // The approval mail itself (the application's receipt mail went to the same address before it).
      await t.mailbox.waitFor(
        (m) => m.to.includes(session.user.email) && m.subject === "You're live on Local Creators!",
      );
      const decidedAt = (await row(id)).decided_at;
      await put(id, { approval_status: 'approved' }).expect(200);
      expect((await row(id)).decided_at).toEqual(decidedAt);
      expect(await auditOf(id)).toHaveLength(1);
      // The outbox row is what becomes a mail: exactly one approval message exists, and it went out once.
      const approvals = await t.sql<{ status: string; attempts: number }>(
        `select status, attempts from outbox_messages where kind = 'creator-approved' and payload->>'email' = $1`,
        [session.user.email],
      );
      expect(approvals).toEqual([{ status: 'sent', attempts: 1 }]);
      expect(mailsTo(session.user.email).filter((m) => m.subject === "You're live on Local Creators!")).toHaveLength(1);
    });

    it('rejects with trimmed notes (null when empty), mails them, audits them', async () => {
      const { id, session } = await apply('Rejected Person');
      const res = await put(id, {
        approval_status: 'rejected',
        approval_notes: '  Please add your TikTok link.  ',
      }).expect(200);
      expect(res.body).toMatchObject({
        approval_status: 'rejected',
        is_public: false,
        phone_verified: false,
        approval_notes: 'Please add your TikTok link.',
      });
      expect(await row(id)).toMatchObject({
        approval_status: 'rejected',
        is_public: false,
        phone_verified: false,
        approval_notes: 'Please add your TikTok link.',
      });
      const mail = await t.mailbox.waitFor(
        (m) => m.to.includes(session.user.email) && m.text.includes('Please add your TikTok link.'),
      );
      expect(mail.subject).toBe('About your Local Creators application');
      const mine = await t.http().get('/api/me/profile').set(bearer(session)).expect(200);
      expect(mine.body).toMatchObject({ approval_status: 'rejected', approval_notes: 'Please add your TikTok link.' });
      expect(
        (await list({ filter: { approval_status: 'pending' }, range: [0, 199] })).body.map((c: { id: string }) => c.id),
      ).not.toContain(id);

      await put(id, { approval_status: 'rejected', approval_notes: '' }).expect(200);
      expect((await row(id)).approval_notes).toBeNull();
      const trail = await auditOf(id);
      expect(trail.map((a) => [a.action, a.from_value, a.to_value, a.notes])).toEqual([
        ['reject', 'rejected', 'rejected', null],
        ['reject', 'pending', 'rejected', 'Please add your TikTok link.'],
      ]);
      const without = await apply('Rejected Without Notes');
      await put(without.id, { approval_status: 'rejected' }).expect(200);
      expect((await row(without.id)).approval_notes).toBeNull();
    });

    it('rejects an approved creator: out of the directory, not verified', async () => {
      const { id } = await apply('Fallen Star');
      await put(id, { approval_status: 'approved' }).expect(200);
      await t.http().get(`/api/creators/${id}`).expect(200);
      await put(id, { approval_status: 'rejected', approval_notes: 'Fake followers' }).expect(200);
      expect(await row(id)).toMatchObject({
        approval_status: 'rejected',
        is_public: false,
        phone_verified: false,
        approval_notes: 'Fake followers',
      });
      await t.http().get(`/api/creators/${id}`).expect(404);
    });

    it('a rejected creator who edits stays rejected, shows as edited since the decision, and can be approved later', async () => {
      const { id, session } = await apply('Comeback Kid');
      await put(id, { approval_status: 'rejected', approval_notes: 'Add your links' }).expect(200);
      const decided = await row(id);
      expect(decided.updated_at).toEqual(decided.decided_at);

      await new Promise((r) => setTimeout(r, 5));
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(session))
        .send(validProfile({ full_name: 'Comeback Kid', bio: 'Now with all my links, promise.' }))
        .expect(200);
      const edited = await row(id);
      expect(edited.approval_status).toBe('rejected');
      expect(edited.updated_at.getTime()).toBeGreaterThan(edited.decided_at!.getTime());

      // What /admin/all shows: rejected, most recently updated first, with the marker's inputs.
      const rejected = await list({
        filter: { approval_status: 'rejected' },
        sort: ['updated_at', 'DESC'],
        range: [0, 0],
      }).expect(200);
      expect(rejected.body[0]).toMatchObject({ id, approval_status: 'rejected' });
      expect(new Date(rejected.body[0].updated_at).getTime()).toBeGreaterThan(
        new Date(rejected.body[0].decided_at).getTime(),
      );

      await put(id, { approval_status: 'approved' }).expect(200);
      expect(await row(id)).toMatchObject({ approval_status: 'approved', is_public: true, phone_verified: true });
      await t.mailbox.waitFor(
        (m) => m.to.includes(session.user.email) && m.subject === "You're live on Local Creators!",
      );
      expect((await auditOf(id)).map((a) => `${a.action}:${a.from_value}->${a.to_value}`)).toEqual([
        'approve:rejected->approved',
        'reject:pending->rejected',
      ]);
    });

    it('refuses sending a decided application back to pending', async () => {
      const { id } = await apply('No Way Back');
      await put(id, { approval_status: 'approved' }).expect(200);
      await put(id, { approval_status: 'pending' }).expect(400);
      expect((await row(id)).approval_status).toBe('approved');
    });

    it('limits admin notes to LIMITS.adminNotesMax and stores nothing when refused', async () => {
      const { id } = await apply('Long Notes');
      const refused = await put(id, {
        approval_status: 'rejected',
        approval_notes: 'x'.repeat(LIMITS.adminNotesMax + 1),
      }).expect(400);
      expect(refused.body).toMatchObject({ field: 'approval_notes' });
      expect(await row(id)).toMatchObject({ approval_status: 'pending', approval_notes: null });
      expect(await auditOf(id)).toEqual([]);
      await put(id, { approval_status: 'rejected', approval_notes: 'x'.repeat(LIMITS.adminNotesMax) }).expect(200);
      expect((await row(id)).approval_notes).toHaveLength(LIMITS.adminNotesMax);
    });
  });

  describe('phone verification', () => {
    it.each(['pending', 'rejected'] as const)('is refused with 409 while %s, and nothing changes', async (status) => {
      const { id } = await apply(`Phone ${status}`);
      if (status === 'rejected') await put(id, { approval_status: 'rejected' }).expect(200);
      const before = await row(id);
      for (const value of [true, false]) {
        const refused = await put(id, { phone_verified: value }).expect(409);
        expect(refused.body.message).toBe(MSG.phoneToggleNeedsApproval);
      }
      const whole = (await t.http().get(`/api/admin/creators/${id}`).set(bearer(admin)).expect(200)).body;
      const refused = await put(id, { ...whole, phone_verified: true }).expect(409);
      expect(refused.body.message).toBe(MSG.phoneToggleNeedsApproval);
      expect(await row(id)).toEqual(before);
      expect((await auditOf(id)).filter((a) => a.action.startsWith('phone'))).toEqual([]);
    });

    it('toggles on approved creators, audited, with the whole record react-admin sends; other fields are ignored', async () => {
      const { id } = await apply('Phone Person');
      const approved = (await put(id, { approval_status: 'approved' }).expect(200)).body;
      const off = await put(id, {
        ...approved,
        phone_verified: false,
        full_name: 'Hacked Name',
        is_public: false,
        bio: 'Hacked bio here.',
        approval_notes: 'sneaky',
      }).expect(200);
      expect(off.body).toMatchObject({
        phone_verified: false,
        approval_status: 'approved',
        is_public: true,
        full_name: 'Phone Person',
      });
      expect(await row(id)).toMatchObject({
        phone_verified: false,
        approval_status: 'approved',
        is_public: true,
        full_name: 'Phone Person',
        approval_notes: null,
      });
      await t.http().get(`/api/creators/${id}`).expect(404); // unverified: out of the directory
      await put(id, { phone_verified: true }).expect(200);
      expect((await row(id)).phone_verified).toBe(true);
      await t.http().get(`/api/creators/${id}`).expect(200);
      expect((await auditOf(id)).map((a) => [a.action, a.from_value, a.to_value])).toEqual([
        ['phone_verified_on', 'false', 'true'],
        ['phone_verified_off', 'true', 'false'],
        ['approve', 'pending', 'approved'],
      ]);
    });

    it('mails the creator once per phone toggle that changes something (issue 23)', async () => {
      const { id } = await apply('Told Toggle');
      await put(id, { approval_status: 'approved' }).expect(200);
      const before = await outboxCount();
      await put(id, { phone_verified: false }).expect(200);
      await put(id, { phone_verified: false }).expect(200);
      await put(id, { phone_verified: true }).expect(200);
      expect(await outboxCount()).toBe(before + 2);
    });
  });

  it('counts Total, Pending, Approved, Rejected like the table does', async () => {
    const res = await t.http().get('/api/admin/stats').set(bearer(admin)).expect(200);
    const [counts] = await t.sql<{ total: string; pending: string; approved: string; rejected: string }>(
      `select count(*) total, count(*) filter (where approval_status = 'pending') pending,
        count(*) filter (where approval_status = 'approved') approved, count(*) filter (where approval_status = 'rejected') rejected from creator_profiles`,
    );
    expect(res.body).toEqual({
      total: Number(counts!.total),
      pending: Number(counts!.pending),
      approved: Number(counts!.approved),
      rejected: Number(counts!.rejected),
      updated_after_rejection: 0,
    });
  });

  it('lists the audit trail newest first, filtered by subject id or type, as the audit-log resource', async () => {
    const { id } = await apply('Audited');
    await put(id, { approval_status: 'approved' }).expect(200);
    await put(id, { phone_verified: false }).expect(200);
    const all = await t.http().get('/api/admin/audit-log').query({ range: '[0,999]' }).set(bearer(admin)).expect(200);
    expect(all.headers['content-range']).toMatch(/^audit-log 0-\d+\/\d+$/);
    const times = all.body.map((a: { created_at: string }) => Date.parse(a.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const byType = await t
      .http()
      .get('/api/admin/audit-log')
      .query({ filter: JSON.stringify({ subject_type: 'amplify_submission' }) })
      .set(bearer(admin))
      .expect(200);
    expect(byType.body).toEqual([]);
    const mine = await t
      .http()
      .get('/api/admin/audit-log')
      .query({ filter: JSON.stringify({ subject_id: id, subject_type: 'creator_profile' }), sort: '["id","ASC"]' })
      .set(bearer(admin))
      .expect(200);
    expect(mine.body.map((a: { action: string }) => a.action)).toEqual(['approve', 'phone_verified_off']);
  });

  it('answers bad input with 4xx, never 500, and changes nothing', async () => {
    const { id } = await apply('Bad Input');
    const bodies: unknown[] = [
      { approval_status: 'bogus' },
      {},
      { full_name: 'only other fields' },
      { phone_verified: 'yes' },
      { approval_status: 'rejected', approval_notes: 42 },
      { approval_status: null },
      [{ approval_status: 'approved' }],
    ];
    for (const body of bodies) {
      const res = await put(id, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(typeof res.body.message).toBe('string');
    }
    await t
      .http()
      .put(`/api/admin/creators/${id}`)
      .set(bearer(admin))
      .set('Content-Type', 'application/json')
      .send('{"approval_status":')
      .expect(400);
    await t
      .http()
      .put('/api/admin/creators/not-a-uuid')
      .set(bearer(admin))
      .send({ approval_status: 'approved' })
      .expect(400);
    const missing = await t
      .http()
      .put('/api/admin/creators/00000000-0000-4000-8000-000000000000')
      .set(bearer(admin))
      .send({ approval_status: 'approved' })
      .expect(404);
    expect(missing.body.message).toBe(MSG.profileNotFound);
    for (const query of [
      { range: 'nope' },
      { range: '[5,1]' },
      { range: '[-1,3]' },
      { range: '{"a":1}' },
      { sort: '["password","ASC"]' },
      { sort: '["created_at; drop table users","ASC"]' },
      { filter: '{' },
      { filter: '[]' },
      { filter: JSON.stringify({ approval_status: 'weird' }) },
      { filter: JSON.stringify({ q: { $ne: 1 } }) },
    ]) {
      const res = await t.http().get('/api/admin/creators').query(query).set(bearer(admin));
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
    }
    for (const query of [
      { filter: JSON.stringify({ subject_id: 'nope' }) },
      { filter: JSON.stringify({ subject_type: 'users' }) },
      { range: '[0]' },
      { sort: '["actor_email","ASC"]' },
    ]) {
      const res = await t.http().get('/api/admin/audit-log').query(query).set(bearer(admin));
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
    }
    expect(await row(id)).toMatchObject({
      approval_status: 'pending',
      is_public: false,
      phone_verified: false,
      decided_at: null,
    });
    expect(await auditOf(id)).toEqual([]);
  });
});
