import {
  CALL_ANSWER_LIMITS,
  CALL_ANSWER_MSG,
  CALL_MSG,
  type AdminCall,
  type AuthSession,
  type CallAnswerForBusiness,
  type CallAnswers,
  type MyCallAnswer,
  type OwnCallAnswer,
  type ProfileInput,
  type PublicCreator,
} from '@local-creators/common';
import { Client } from 'pg';
import { Cities } from '../../src/modules/city';
import { validProfile } from '../creator/fixtures';
import { cityDay, validCall } from './fixtures';
import {
  bearer,
  createTestApp,
  eventually,
  signUp,
  signUpAdmin,
  signUpConfirmed,
  type TestApp,
} from '../helpers/test-app';

const PUBLIC_URL = 'https://creators.example.org';

/**
 * Issue 40 point 4 (and point 6 for answers), decisions 0914–0917: a listed creator with a proven
 * address answers an open call of their city with a note, once, at most CALL_ANSWER_LIMITS.perDay
 * a day; the call's business alone reads the answers with each creator's public profile, picks
 * creators (each told at once, Reply-To the business) and tells the others, once.
 */
describe('answers to open calls', () => {
  let t: TestApp;
  let admin: AuthSession;

  beforeAll(async () => {
    t = await createTestApp({ worker: true, env: { PUBLIC_URL, ADMIN_NOTIFY_EMAILS: '', CALL_DIGEST_SWEEP_S: '0' } });
    await t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  interface Creator {
    session: AuthSession;
    profileId: string;
    name: string;
    email: string;
  }
  /** A creator with a proven address and this profile; listed unless said. */
  const creator = async (
    name: string,
    {
      listed = true,
      proven = true,
      over = {},
    }: { listed?: boolean; proven?: boolean; over?: Partial<ProfileInput> } = {},
  ): Promise<Creator> => {
    const session = proven ? await signUpConfirmed(t) : await signUp(t);
    const { body } = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(session))
      .send(validProfile({ full_name: name, ...over }))
      .expect(201);
    if (listed)
      await t.sql(
        `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true, decided_at = now(), reply_days = 2 where id = $1`,
        [body.id],
      );
    return { session, profileId: body.id as string, name, email: session.user.email };
  };

  /** A business with a proven address posts a call (the home city's unless said) and an admin approves it. */
  const approvedCall = async (over: Record<string, unknown> = {}, business?: AuthSession) => {
    const owner = business ?? (await signUpConfirmed(t));
    const posted = await t.http().post('/api/calls').set(bearer(owner)).send(validCall(over)).expect(201);
    await decide(posted.body.id, { action: 'approve' });
    return { id: posted.body.id as string, owner };
  };
  const decide = async (id: string, body: object) => {
    const { version } = (await t.http().get(`/api/admin/calls/${id}`).set(bearer(admin)).expect(200)).body as AdminCall;
    await t
      .http()
      .put(`/api/admin/calls/${id}`)
      .set(bearer(admin))
      .send({ version, ...body })
      .expect(200);
  };
  /** `n` more approved calls like `id`, written as the approval would leave them (the cap's tests need many). */
  const copiesOf = async (id: string, n: number) =>
    (
      await t.sql<{ id: string }>(
        `with src as (select * from calls where id = $1)
         insert into calls select (jsonb_populate_record(null::calls, to_jsonb(src) || jsonb_build_object('id', gen_random_uuid()))).*
         from src, generate_series(1, $2::int) returning id`,
        [id, n],
      )
    ).map((r) => r.id);

  const answer = (
    s: AuthSession,
    callId: string,
    body: object = { note: 'I film food reels in Tremont every week.' },
  ) => t.http().post(`/api/calls/${callId}/answers`).set(bearer(s)).send(body);
  const answersOf = async (owner: AuthSession, callId: string) =>
    (await t.http().get(`/api/me/calls/${callId}/answers`).set(bearer(owner)).expect(200)).body as CallAnswers;
  const pick = (owner: AuthSession, callId: string, answerId: string) =>
    t.http().post(`/api/me/calls/${callId}/answers/${answerId}/pick`).set(bearer(owner));
  const finish = (owner: AuthSession, callId: string) =>
    t.http().post(`/api/me/calls/${callId}/answers/finish`).set(bearer(owner));
  const myAnswer = async (s: AuthSession, callId: string) =>
    (await t.http().get(`/api/calls/${callId}/my-answer`).set(bearer(s)).expect(200)).body as MyCallAnswer;
  const mailRows = (kind: string, callId: string) =>
    t.sql<{ email: string }>(
      `select payload->>'email' as email from outbox_messages where kind = $1 and payload->>'callId' = $2 order by payload->>'email'`,
      [kind, callId],
    );

  it('needs a session (401), a proven address (403) and a listed profile (403); stores nothing then', async () => {
    const { id } = await approvedCall();
    await t.http().post(`/api/calls/${id}/answers`).send({ note: 'Hello' }).expect(401);
    const unproven = await creator('Una Unproven', { proven: false });
    expect((await answer(unproven.session, id).expect(403)).body.message).toBe(CALL_ANSWER_MSG.needsProvenAddress);
    const pending = await creator('Pat Pending', { listed: false });
    expect((await answer(pending.session, id).expect(403)).body.message).toBe(CALL_ANSWER_MSG.notListed);
    const member = await signUpConfirmed(t);
    expect((await answer(member, id).expect(403)).body.message).toBe(CALL_ANSWER_MSG.notListed);
    expect(await t.sql('select id from call_answers where call_id = $1', [id])).toEqual([]);
    expect(await myAnswer(pending.session, id)).toEqual({
      answer: null,
      can_answer: false,
      reason: CALL_ANSWER_MSG.notListed,
    });
  });

  it.each<[string, unknown, string]>([
    ['no note', {}, CALL_ANSWER_MSG.noteRequired],
    ['a blank note', { note: ' \n ' }, CALL_ANSWER_MSG.noteRequired],
    ['a note that is not text', { note: 42 }, CALL_ANSWER_MSG.noteRequired],
    ['a note too long', { note: 'n'.repeat(CALL_ANSWER_LIMITS.noteMax + 1) }, CALL_ANSWER_MSG.noteTooLong],
  ])('refuses %s: 400 on the note field', async (_, body, message) => {
    const { id } = await approvedCall();
    const maya = await creator('Maya Brooks');
    const res = await answer(maya.session, id, body as object).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, message, field: 'note' });
    expect(await t.sql('select id from call_answers where call_id = $1', [id])).toEqual([]);
  });

  it(`stores a note of up to ${CALL_ANSWER_LIMITS.noteMax} characters (trimmed), once per creator and call`, async () => {
    const { id } = await approvedCall();
    const maya = await creator('Maya Brooks');
    expect(await myAnswer(maya.session, id)).toEqual({ answer: null, can_answer: true, reason: null });
    const note = `${'é'.repeat(CALL_ANSWER_LIMITS.noteMax - 2)}\n!`;
    const res = await answer(maya.session, id, { note: `  ${note}  ` }).expect(201);
    expect(res.body as OwnCallAnswer).toEqual({
      id: expect.any(String),
      call_id: id,
      note,
      status: 'sent',
      created_at: expect.any(String),
    });
    const again = await answer(maya.session, id).expect(409);
    expect(again.body.message).toBe(CALL_ANSWER_MSG.alreadyAnswered);
    expect(await myAnswer(maya.session, id)).toEqual({
      answer: res.body,
      can_answer: false,
      reason: CALL_ANSWER_MSG.alreadyAnswered,
    });
    // Sent together, the same answer is stored once.
    const { id: other } = await approvedCall();
    const burst = await Promise.all(Array.from({ length: 4 }, () => answer(maya.session, other)));
    expect(burst.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await t.sql('select id from call_answers where call_id = $1', [other])).toHaveLength(1);
  });

  it('refuses a call that is not taking answers: never public 404, closed 410, past its deadline 409, another city 403', async () => {
    const maya = await creator('Maya Brooks');
    const owner = await signUpConfirmed(t);
    const waiting = await t.http().post('/api/calls').set(bearer(owner)).send(validCall()).expect(201);
    expect((await answer(maya.session, waiting.body.id).expect(404)).body.message).toBe(CALL_MSG.notFound);
    const declined = await t.http().post('/api/calls').set(bearer(owner)).send(validCall()).expect(201);
    await decide(declined.body.id, { action: 'decline', reason: 'Not a local business' });
    expect((await answer(maya.session, declined.body.id).expect(404)).body.message).toBe(CALL_MSG.notFound);
    await answer(maya.session, '00000000-0000-4000-8000-000000000000').expect(404);
    await answer(maya.session, 'not-a-uuid').expect(404);

    const { id: closed } = await approvedCall();
    await decide(closed, { action: 'close' });
    expect((await answer(maya.session, closed).expect(410)).body.message).toBe(CALL_MSG.closed);

    const { id: late } = await approvedCall();
    await t.sql(`update calls set deadline = $2 where id = $1`, [late, cityDay(-1)]);
    expect((await answer(maya.session, late).expect(409)).body.message).toBe(CALL_ANSWER_MSG.deadlinePassed);
    expect(await myAnswer(maya.session, late)).toEqual({
      answer: null,
      can_answer: false,
      reason: CALL_ANSWER_MSG.deadlinePassed,
    });
    // The deadline's own day still takes answers.
    const { id: today } = await approvedCall();
    await t.sql(`update calls set deadline = $2 where id = $1`, [today, cityDay(0)]);
    await answer(maya.session, today).expect(201);

    const { id: akron } = await approvedCall({ city: 'akron' });
    expect((await answer(maya.session, akron).expect(403)).body.message).toBe(CALL_ANSWER_MSG.otherCity);
    expect(await t.sql('select call_id from call_answers where account_id = $1', [maya.session.user.id])).toEqual([
      { call_id: today },
    ]);
  });

  it(`counts a creator's answers: ${CALL_ANSWER_LIMITS.perDay} in 24 hours, taken one at a time (429 with Retry-After)`, async () => {
    const { id } = await approvedCall();
    const calls = [id, ...(await copiesOf(id, CALL_ANSWER_LIMITS.perDay + 1))];
    const rosa = await creator('Rosa Reels');
    // Sent together: exactly the cap passes.
    const burst = await Promise.all(calls.map((c) => answer(rosa.session, c)));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(CALL_ANSWER_LIMITS.perDay);
    const refused = burst.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual([429, 429]);
    expect(refused[0]!.body.message).toBe(CALL_ANSWER_MSG.tooManyToday('about 24 hours'));
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(86_000);
    expect(await t.sql('select id from call_answers where account_id = $1', [rosa.session.user.id])).toHaveLength(
      CALL_ANSWER_LIMITS.perDay,
    );
    const left = calls.find((_, i) => burst[i]!.status === 429)!;
    expect((await myAnswer(rosa.session, left)).reason).toBe(CALL_ANSWER_MSG.tooManyToday('about 24 hours'));

    // The oldest leaves the window after 24 hours: one more may be sent.
    await t.sql(
      `update call_answers set created_at = now() - interval '25 hours'
       where id = (select id from call_answers where account_id = $1 order by created_at limit 1)`,
      [rosa.session.user.id],
    );
    await answer(rosa.session, left).expect(201);
  });

  it("shows the answers to the call's business only, each with the creator's public profile and never an address or phone", async () => {
    const { id, owner } = await approvedCall();
    const maya = await creator('Maya Brooks');
    const bea = await creator('Bea Baker', { over: { phone: '(216) 555-0199' } });
    const first = (await answer(maya.session, id, { note: 'Weekly food reels.' }).expect(201)).body as OwnCallAnswer;
    const beaAnswer = (await answer(bea.session, id, { note: 'Bakery photos are my thing.' }).expect(201))
      .body as OwnCallAnswer;

    const list = await answersOf(owner, id);
    expect(list).toMatchObject({ call_id: id, creators_wanted: 3, picking_done_at: null });
    expect(list.answers.map((a) => [a.note, a.status, a.creator.display_name])).toEqual([
      ['Weekly food reels.', 'sent', 'Maya Brooks'],
      ['Bakery photos are my thing.', 'sent', 'Bea Baker'],
    ]);
    // The creator's facts are the directory's own public profile: counts with their dates, reply time, verified.
    const profile = (await t.http().get(`/api/creators/${maya.profileId}`).expect(200)).body as PublicCreator;
    expect(list.answers[0]!.creator).toEqual(profile);
    expect(list.answers[0]!.creator).toMatchObject({
      verified: true,
      reply_time: { within_days: 2, rarely: false },
      platforms: expect.arrayContaining([expect.objectContaining({ followers_confirmed_on: expect.any(String) })]),
    });
    expect(list.answers[0]!.id).toBe(first.id);
    const raw = JSON.stringify(list);
    for (const secret of [maya.email, bea.email, '555-0101', '555-0199']) expect(raw).not.toContain(secret);

    // Anyone else: the call is not found, as any call they do not own.
    const other = await signUpConfirmed(t);
    for (const s of [other, maya.session, admin]) {
      const res = await t.http().get(`/api/me/calls/${id}/answers`).set(bearer(s)).expect(404);
      expect(res.body.message).toBe(CALL_MSG.notFound);
      await pick(s, id, first.id).expect(404);
      await finish(s, id).expect(404);
    }
    await t.http().get(`/api/me/calls/${id}/answers`).expect(401);
    await t.http().post(`/api/me/calls/${id}/answers/${first.id}/pick`).expect(401);

    // A creator who left the directory is no longer shown, nor can be picked.
    await t.sql(`update creator_profiles set is_public = false where id = $1`, [bea.profileId]);
    const after = await answersOf(owner, id);
    expect(after.answers.map((a) => a.creator.display_name)).toEqual(['Maya Brooks']);
    expect((await pick(owner, id, beaAnswer.id).expect(404)).body.message).toBe(CALL_ANSWER_MSG.answerNotFound);
  });

  it('picks: the creator is told once, Reply-To the business; no more than the creators wanted; the others are told once', async () => {
    const business = await signUpConfirmed(t);
    const { id } = await approvedCall({ title: 'Two bakers for Sunday', creators_wanted: 2 }, business);
    const [ana, ben, cal, dee] = await Promise.all(
      ['Ana Able', 'Ben Baker', 'Cal Cook', 'Dee Dough'].map((n) => creator(n)),
    );
    for (const c of [ana!, ben!, cal!, dee!]) await answer(c.session, id).expect(201);
    const byName = async () =>
      new Map((await answersOf(business, id)).answers.map((a) => [a.creator.display_name, a] as const));
    const answers = await byName();

    // Picked, twice at once: stored once, mailed once.
    const both = await Promise.all([
      pick(business, id, answers.get('Ana Able')!.id),
      pick(business, id, answers.get('Ana Able')!.id),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const picked = both.find((r) => r.status === 200)!.body as CallAnswerForBusiness;
    expect(picked).toMatchObject({ status: 'picked', picked_at: expect.any(String), told_at: expect.any(String) });
    expect(both.find((r) => r.status === 409)!.body.message).toBe(CALL_ANSWER_MSG.alreadyPicked);

    const mail = await t.mailbox.waitFor((m) => m.to.includes(ana!.email) && m.subject.includes('picked you'));
    expect(mail.subject).toBe('Tremont Tacos picked you for "Two bakers for Sunday"');
    expect(mail.replyTo).toBe(business.user.email);
    expect(mail.text).toContain('Reply to this e-mail to reach them');
    expect(mail.text).toContain(`${PUBLIC_URL}/cleveland/calls/${id}`);
    expect(await mailRows('call-answer-picked', id)).toEqual([{ email: ana!.email }]);
    expect((await myAnswer(ana!.session, id)).answer?.status).toBe('picked');

    // The second wanted creator, then no more: the call asked for two.
    await pick(business, id, answers.get('Ben Baker')!.id).expect(200);
    const third = await pick(business, id, answers.get('Cal Cook')!.id).expect(409);
    expect(third.body.message).toBe(CALL_ANSWER_MSG.enoughPicked(2));
    await pick(business, id, '00000000-0000-4000-8000-000000000000').expect(404);

    // Tell the others: Cal and Dee, once; the call takes no more answers.
    const done = (await finish(business, id).expect(200)).body as CallAnswers;
    expect(done.picking_done_at).toEqual(expect.any(String));
    expect(done.answers.map((a) => [a.creator.display_name, a.status])).toEqual([
      ['Ana Able', 'picked'],
      ['Ben Baker', 'picked'],
      ['Cal Cook', 'not_picked'],
      ['Dee Dough', 'not_picked'],
    ]);
    const told = await t.mailbox.waitFor((m) => m.to.includes(cal!.email) && m.subject.startsWith('About your answer'));
    expect(told.subject).toBe('About your answer to "Two bakers for Sunday"');
    expect(told.text).toContain('you were not picked this time');
    expect(told.replyTo).toBeNull();
    await t.mailbox.waitFor((m) => m.to.includes(dee!.email) && m.subject.startsWith('About your answer'));
    await finish(business, id).expect(200);
    expect(await mailRows('call-answer-not-picked', id)).toEqual(
      [{ email: cal!.email }, { email: dee!.email }].sort((a, b) => a.email.localeCompare(b.email)),
    );
    expect(await mailRows('call-answer-picked', id)).toHaveLength(2);
    expect((await pick(business, id, answers.get('Cal Cook')!.id).expect(409)).body.message).toBe(
      CALL_ANSWER_MSG.alreadyTold,
    );

    const late = await creator('Lee Late');
    expect((await answer(late.session, id).expect(409)).body.message).toBe(CALL_ANSWER_MSG.pickingDone);
    const received = await eventually(
      async () => t.mailbox.to(ana!.email).filter((m) => m.subject.includes('"Two bakers for Sunday"')),
      (m) => m.length >= 1,
    );
    expect(received.map((m) => m.subject)).toEqual(['Tremont Tacos picked you for "Two bakers for Sunday"']);
  });

  it("an admin's close tells the creators not picked, once; a closed call's answers cannot be picked", async () => {
    const { id, owner } = await approvedCall({ title: 'Winter market coverage' });
    const [eve, fay] = await Promise.all([creator('Eve Early'), creator('Fay Fine')]);
    const eveAnswer = (await answer(eve!.session, id).expect(201)).body as OwnCallAnswer;
    const fayAnswer = (await answer(fay!.session, id).expect(201)).body as OwnCallAnswer;
    await pick(owner, id, eveAnswer.id).expect(200);
    await decide(id, { action: 'close' });
    await t.mailbox.waitFor(
      (m) => m.to.includes(fay!.email) && m.subject === 'About your answer to "Winter market coverage"',
    );
    expect(await mailRows('call-answer-not-picked', id)).toEqual([{ email: fay!.email }]);
    expect(await mailRows('call-answer-picked', id)).toEqual([{ email: eve!.email }]);
    expect((await pick(owner, id, fayAnswer.id).expect(409)).body.message).toBe(CALL_ANSWER_MSG.notOpen);
    expect((await finish(owner, id).expect(409)).body.message).toBe(CALL_ANSWER_MSG.notOpen);
    const list = await answersOf(owner, id);
    expect(list.picking_done_at).toEqual(expect.any(String));
    expect(list.answers.map((a) => a.status)).toEqual(['picked', 'not_picked']);
  });

  it("an answer stored while an admin closes the call is told too: the close waits for it, holding the call's row", async () => {
    const { id } = await approvedCall({ title: 'Harbor lights night' });
    const hal = await creator('Hal Harbor');
    // An answer in flight, past its checks: it holds the call's row shared, as AnswerCalls.answer does.
    const inFlight = new Client({ connectionString: t.env.DATABASE_URL });
    await inFlight.connect();
    try {
      await inFlight.query('begin');
      await inFlight.query('select id from calls where id = $1 for share', [id]);
      let closed = false;
      const closing = decide(id, { action: 'close' }).then(() => (closed = true));
      // The close either waits on the row (the fix) or, without the lock, has already answered.
      await eventually(
        async () =>
          closed ||
          (
            await t.sql<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
            )
          )[0]!.n > 0,
        (done) => done,
      );
      await inFlight.query(
        `insert into call_answers (id, call_id, account_id, profile_id, note, status, created_at)
         values (gen_random_uuid(), $1, $2, $3, 'I shoot night photos by the water.', 'sent', now())`,
        [id, hal.session.user.id, hal.profileId],
      );
      await inFlight.query('commit');
      await closing;
    } finally {
      await inFlight.end();
    }
    expect(await t.sql(`select status from call_answers where call_id = $1`, [id])).toEqual([{ status: 'not_picked' }]);
    expect(await mailRows('call-answer-not-picked', id)).toEqual([{ email: hal.email }]);
  });

  it('a business whose address is no longer proven cannot pick (403)', async () => {
    const { id, owner } = await approvedCall();
    const gus = await creator('Gus Green');
    const a = (await answer(gus.session, id).expect(201)).body as OwnCallAnswer;
    // The session reads it with each request (decision 0508).
    await t.sql(`update users set email_confirmed_at = null where id = $1`, [owner.user.id]);
    const res = await pick(owner, id, a.id).expect(403);
    expect(res.body.message).toBe(CALL_ANSWER_MSG.pickNeedsProvenAddress);
    expect(await mailRows('call-answer-picked', id)).toEqual([]);
  });
});
