import type { AuthSession } from '@local-creators/common';
import { bearer, createTestApp, eventually, signUp, signUpAdmin, TestApp } from '../helpers/test-app';
import { validProfile } from '../creator/fixtures';

/**
 * Decisions apply only to the state the admin saw: the record's `version` travels with each
 * decision, and of concurrent decisions on one version exactly one takes effect; the others
 * answer 409 and write nothing (no audit row, no outbox row).
 */
describe('moderation decisions under concurrency', () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp({ worker: true });
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  async function apply(name: string) {
    const session = await signUp(t);
    const res = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(session))
      .send(validProfile({ full_name: name }))
      .expect(201);
    return { session, id: res.body.id as string };
  }
  const getCreator = async (id: string) =>
    (await t.http().get(`/api/admin/creators/${id}`).set(bearer(admin)).expect(200)).body;
  const putCreator = (id: string, body: object) =>
    t.http().put(`/api/admin/creators/${id}`).set(bearer(admin)).send(body);
  const auditRows = (id: string) =>
    t.sql<{ action: string; notes: string | null }>(
      'select action, notes from moderation_audit_log where subject_id = $1 order by created_at',
      [id],
    );
  /** Decision mails to the creator (not the confirmation of the application, decision 0118). */
  const outboxTo = (email: string) =>
    t.sql<{ kind: string; payload: { notes?: string | null } }>(
      `select kind, payload from outbox_messages where payload->>'email' = $1 and kind not in ('creator-application-received', 'email-confirmation') order by created_at`,
      [email],
    );
  const statuses = (responses: { status: number }[]) => responses.map((r) => r.status).sort();

  describe('creators', () => {
    it('of 20 concurrent approve and reject decisions on one version, exactly one takes effect', async () => {
      const { session, id } = await apply('Racing Creator');
      const { version } = await getCreator(id);
      expect(typeof version).toBe('number');
      const bodies = Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? { approval_status: 'approved', version }
          : { approval_status: 'rejected', approval_notes: `Reason ${i}`, version },
      );
      const responses = await Promise.all(bodies.map((b) => putCreator(id, b)));
      expect(statuses(responses)).toEqual([200, ...Array(19).fill(409)]);
      for (const r of responses.filter((r) => r.status === 409))
        expect(r.body).toMatchObject({ statusCode: 409, message: expect.stringMatching(/changed/) });

      const winner = responses.find((r) => r.status === 200)!.body;
      const audit = await auditRows(id);
      expect(audit).toHaveLength(1);
      const mails = await outboxTo(session.user.email);
      expect(mails).toHaveLength(1);
      const [stored] = await t.sql<{ approval_status: string; approval_notes: string | null }>(
        'select approval_status, approval_notes from creator_profiles where id = $1',
        [id],
      );
      if (winner.approval_status === 'approved') {
        expect(stored).toEqual({ approval_status: 'approved', approval_notes: null });
        expect(audit[0]!.action).toBe('approve');
        expect(mails[0]!.kind).toBe('creator-approved');
      } else {
        expect(stored!.approval_status).toBe('rejected');
        expect(audit[0]).toEqual({ action: 'reject', notes: stored!.approval_notes });
        expect(mails[0]).toMatchObject({ kind: 'creator-rejected', payload: { notes: stored!.approval_notes } });
      }
    });

    it('a double approve sends one mail and writes one audit row', async () => {
      const { session, id } = await apply('Double Click');
      const { version } = await getCreator(id);
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => putCreator(id, { approval_status: 'approved', version })),
      );
      expect(statuses(responses)).toEqual([200, ...Array(19).fill(409)]);
      expect(await auditRows(id)).toHaveLength(1);
      expect(await outboxTo(session.user.email)).toHaveLength(1);
      await eventually(
        () =>
          Promise.resolve(
            t.mailbox.mails.filter(
              (m) => m.to.includes(session.user.email) && m.subject === "You're live on Local Creators!",
            ),
          ),
        (m) => m.length === 1,
      );
    });

    it('refuses a decision made on an older version and writes nothing', async () => {
      const { session, id } = await apply('Seen Before');
      const seen = await getCreator(id);
      await putCreator(id, { approval_status: 'approved', version: seen.version }).expect(200);
      const stale = await putCreator(id, {
        approval_status: 'rejected',
        approval_notes: 'Too late',
        version: seen.version,
      }).expect(409);
      expect(stale.body.message).toBe('This creator changed since you opened it. Reload to see the current state.');
      expect((await auditRows(id)).map((a) => a.action)).toEqual(['approve']);
      expect((await outboxTo(session.user.email)).map((m) => m.kind)).toEqual(['creator-approved']);
      // The creator's own edit moves the version on too: a decision on what the admin saw before it is refused.
      const now = await getCreator(id);
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(session))
        .send(validProfile({ full_name: 'Seen Before', bio: 'A different bio, written after the admin looked.' }))
        .expect(200);
      await putCreator(id, { approval_status: 'rejected', version: now.version }).expect(409);
      await putCreator(id, { phone_verified: false, version: now.version }).expect(409);
      expect(await t.sql('select approval_status from creator_profiles where id = $1', [id])).toEqual([
        { approval_status: 'approved' },
      ]);
    });

    it("never refuses the creator's own save because an admin decided at the same moment", async () => {
      for (let round = 0; round < 5; round++) {
        const { session, id } = await apply(`Busy Creator ${round}`);
        const { version } = await getCreator(id);
        const [save, decision] = await Promise.all([
          t
            .http()
            .put('/api/me/profile')
            .set(bearer(session))
            .send(validProfile({ full_name: `Busy Creator ${round}`, bio: `Edited in round ${round}, mid-decision.` })),
          putCreator(id, { approval_status: 'approved', version }),
        ]);
        expect(save.status).toBe(200);
        expect([200, 409]).toContain(decision.status);
        const [row] = await t.sql<{ bio: string; approval_status: string }>(
          'select bio, approval_status from creator_profiles where id = $1',
          [id],
        );
        expect(row).toEqual({
          bio: `Edited in round ${round}, mid-decision.`,
          approval_status: decision.status === 200 ? 'approved' : 'pending',
        });
        // Approved first, the save is then an approved creator's change (decision 0108) and audited as one.
        const actions = (await auditRows(id)).map((a) => a.action);
        if (decision.status === 409) expect(actions).toEqual([]);
        else expect([['approve'], ['approve', 'profile_changed']]).toContainEqual(actions);
      }
    });

    it('refuses a version that is not a whole number', async () => {
      const { id } = await apply('Bad Version');
      for (const version of ['1', -1, 1.5, null]) {
        const res = await putCreator(id, { approval_status: 'approved', version }).expect(400);
        expect(res.body).toMatchObject({ statusCode: 400, field: 'version' });
      }
      expect(await auditRows(id)).toEqual([]);
    });
  });

  describe('notes', () => {
    it('approving clears the rejection notes: the creator and the console no longer see them', async () => {
      const { session, id } = await apply('Second Chance');
      let c = await getCreator(id);
      c = (
        await putCreator(id, {
          approval_status: 'rejected',
          approval_notes: 'Add your TikTok',
          version: c.version,
        }).expect(200)
      ).body;
      expect(c.approval_notes).toBe('Add your TikTok');
      c = (await putCreator(id, { approval_status: 'approved', version: c.version }).expect(200)).body;
      expect(c.approval_notes).toBeNull();
      const own = await t.http().get('/api/me/profile').set(bearer(session)).expect(200);
      expect(own.body).toMatchObject({ approval_status: 'approved', approval_notes: null });
      // The rejection's notes stay in the history.
      expect(await auditRows(id)).toEqual([
        { action: 'reject', notes: 'Add your TikTok' },
        { action: 'approve', notes: null },
      ]);
    });

    it('refuses notes sent with an approval instead of dropping them', async () => {
      const { session, id } = await apply('Noted Approval');
      const c = await getCreator(id);
      const res = await putCreator(id, {
        approval_status: 'approved',
        approval_notes: 'Welcome aboard!',
        version: c.version,
      }).expect(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        message: 'Notes are sent with a rejection only. Clear them to approve.',
        field: 'approval_notes',
      });
      expect(await auditRows(id)).toEqual([]);
      expect(await outboxTo(session.user.email)).toEqual([]);
      // Blank notes (an empty box) are no notes.
      await putCreator(id, { approval_status: 'approved', approval_notes: '  ', version: c.version }).expect(200);
    });
  });

  describe('business submissions', () => {
    const submit = async (name: string) =>
      (
        await t
          .http()
          .post('/api/amplify/submissions')
          .send({
            business_name: name,
            contact_name: 'Rosa Jablonski',
            contact_email: 'rosa@race.test',
            category: 'Food & Drink',
            story: 'We have baked paczki in Slavic Village since 1952.',
            website_social: null,
            neighborhood: null,
            type_of_help: [],
          })
          .expect(201)
      ).body as { id: string };
    const getSubmission = async (id: string) =>
      (await t.http().get(`/api/admin/amplify-submissions/${id}`).set(bearer(admin)).expect(200)).body;
    const putSubmission = (id: string, body: object) =>
      t.http().put(`/api/admin/amplify-submissions/${id}`).set(bearer(admin)).send(body);

    it('of 20 concurrent approve and decline decisions on one version, exactly one takes effect', async () => {
      const { id } = await submit('Racing Bakery');
      const { version } = await getSubmission(id);
      expect(typeof version).toBe('number');
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => putSubmission(id, { status: i % 2 ? 'approved' : 'declined', version })),
      );
      expect(statuses(responses)).toEqual([200, ...Array(19).fill(409)]);
      const winner = responses.find((r) => r.status === 200)!.body;
      expect(await auditRows(id)).toEqual([{ action: 'status', notes: null }]);
      expect(await t.sql('select status from amplify_submissions where id = $1', [id])).toEqual([
        { status: winner.status },
      ]);
    });

    it('of 20 concurrent feature and un-feature clicks on one version, exactly one takes effect', async () => {
      const { id } = await submit('Featured Race');
      let s = await getSubmission(id);
      s = (await putSubmission(id, { status: 'approved', version: s.version }).expect(200)).body;
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => putSubmission(id, { featured: true, version: s.version })),
      );
      expect(statuses(responses)).toEqual([200, ...Array(19).fill(409)]);
      expect((await auditRows(id)).map((a) => a.action)).toEqual(['status', 'feature']);
      const stale = await putSubmission(id, { featured: false, version: s.version }).expect(409);
      expect(stale.body.message).toBe('This submission changed since you opened it. Reload to see the current state.');
      expect(await t.sql('select featured from amplify_submissions where id = $1', [id])).toEqual([{ featured: true }]);
    });
  });
});
