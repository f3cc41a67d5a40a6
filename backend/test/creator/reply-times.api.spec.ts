import type { AdminContactCounts, AuthSession, CreatorPage, PublicCreator } from '@local-creators/common';
import { REPLY_MSG } from '@local-creators/common';
import { ReplyTimes } from '../../src/modules/creator/application/reply-times';
import { bearer, createTestApp, eventually, signUpAdmin, STRONG_PASSWORD, TestApp, uniqueEmail } from '../helpers/test-app';
import { creatorWithProfile } from './fixtures';

/**
 * Replies you can count on (issue 27 point 2, decision 0710): the relay mail carries a one-click
 * "I replied" link; the profile shows "Usually replies within N days" or "Rarely replies" once 3
 * messages were answered or went unanswered for 14 days; the directory filters by it; nothing of
 * the messages becomes public. On the app's clock, moved by days.
 */
describe('reply times', () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp({
      worker: true,
      env: {
        REPLY_SWEEP_S: '0',
        RATE_LIMIT_PUBLIC_FORMS: '1000/3600',
        RATE_LIMIT_CONTACT_PER_ADDRESS: '100/86400',
        RATE_LIMIT_CONTACT_PER_CREATOR: '100/86400',
      },
    });
    admin = await signUpAdmin(t);
  });
  afterEach(async () => {
    t.clock.reset();
    admin = await signIn(admin.user.email);
  });
  afterAll(() => t.close());

  const signIn = async (email: string) => (await t.http().post('/api/auth/login').send({ email, password: STRONG_PASSWORD }).expect(200)).body as AuthSession;

  let n = 0;
  const creator = () => creatorWithProfile(t, `Replying Creator ${++n}`);
  const SECRET = 'Our secret launch is on the 14th';
  /** A brand writes; answers the "I replied" token from the creator's mail. */
  const write = async (c: { id: string; email: string }, brand = `Brand ${++n}`) => {
    await t
      .http()
      .post(`/api/creators/${c.id}/contact`)
      .send({ brand_name: brand, email: uniqueEmail('brand'), message: `${SECRET} (${brand})` })
      .expect(201);
    const mail = await t.mailbox.waitFor((m) => m.to.includes(c.email) && m.subject === `${brand} wrote to you on Local Creators`);
    const token = /\/replied#token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    return token!;
  };
  const replied = (token: string) => t.http().post('/api/contact-replies').send({ token });
  const profile = async (id: string) => (await t.http().get(`/api/creators/${id}`).expect(200)).body as PublicCreator;
  const sweep = () => t.app.get(ReplyTimes).countUnanswered(t.clock.now());
  const directory = async (query: Record<string, string>) => (await t.http().get('/api/creators').query(query).expect(200)).body as CreatorPage;

  it('records a reply once from the mail’s link, and refuses bad or unknown links clearly', async () => {
    const c = await creator();
    const token = await write(c, 'Lakeside Bakery');
    const mail = t.mailbox.to(c.email).find((m) => m.subject === 'Lakeside Bakery wrote to you on Local Creators')!;
    expect(mail.text).toContain('Replied? Tell us with one click');
    // Only the hash is kept.
    const [row] = await t.sql<{ reply_token_hash: string; replied_at: Date | null }>(
      'select reply_token_hash, replied_at from contact_requests where profile_id = $1',
      [c.id],
    );
    expect(row.reply_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.reply_token_hash).not.toBe(token);
    expect(row.replied_at).toBeNull();
    // The mail log keeps neither the message nor the link.
    await eventually(
      () =>
        t.sql<{ payload: Record<string, unknown> }>(
          `select payload from outbox_messages where kind = 'creator-contact' and payload->>'profileId' = $1 and status = 'sent'`,
          [c.id],
        ),
      (rows) => rows.length === 1,
    ).then(([r]) => expect(r.payload).toMatchObject({ message: '[not kept]', replyToken: '[sent]' }));

    t.clock.advanceDays(2);
    expect((await replied(token).expect(200)).body).toEqual({ status: 'recorded', brand_name: 'Lakeside Bakery' });
    const [after] = await t.sql<{ replied_at: Date }>('select replied_at from contact_requests where profile_id = $1', [c.id]);
    expect(Math.abs(after.replied_at.getTime() - t.clock.now().getTime())).toBeLessThan(60_000);
    t.clock.advanceDays(1);
    expect((await replied(token).expect(200)).body).toEqual({ status: 'already_recorded', brand_name: 'Lakeside Bakery' });
    const [again] = await t.sql<{ replied_at: Date }>('select replied_at from contact_requests where profile_id = $1', [c.id]);
    expect(again.replied_at).toEqual(after.replied_at);
    // The creator's dashboard list says so.
    const session = await signIn(c.email);
    const list = (await t.http().get('/api/me/contact-requests').set(bearer(session)).expect(200)).body as { replied_at: string | null }[];
    expect(list.map((r) => r.replied_at)).toEqual([after.replied_at.toISOString()]);

    expect((await replied('short').expect(400)).body).toMatchObject({ field: 'token', message: REPLY_MSG.linkInvalid });
    expect((await t.http().post('/api/contact-replies').send({}).expect(400)).body.message).toBe(REPLY_MSG.linkInvalid);
    expect((await replied('x'.repeat(43)).expect(404)).body.message).toBe(REPLY_MSG.linkUnknown);
  });

  it('shows "Usually replies within N days" from the third counted message, fresh on the public profile and in the directory filter', async () => {
    const c = await creator();
    const tokens = [await write(c), await write(c), await write(c), await write(c)];
    // Read once, so the directory's cache holds the profile without a reply time.
    expect((await profile(c.id)).reply_time).toBeNull();
    t.clock.advanceDays(1.5);
    await replied(tokens[0]).expect(200);
    await replied(tokens[1]).expect(200);
    expect((await profile(c.id)).reply_time).toBeNull(); // two counted: nothing yet
    t.clock.advanceDays(3);
    await replied(tokens[2]).expect(200); // delays 1.5, 1.5, 4.5 days: the median is 1.5 → 2 days
    expect((await profile(c.id)).reply_time).toEqual({ within_days: 2, rarely: false });

    const ids = async (q: Record<string, string>) => (await directory({ per_page: '50', ...q })).items.map((i) => i.id);
    expect(await ids({ replies_within: '2' })).toContain(c.id);
    expect(await ids({ replies_within: '1' })).not.toContain(c.id);
    expect(await ids({ replies_within: '7', q: c.name })).toEqual([c.id]);
    const quiet = await creator();
    expect(await ids({ replies_within: '60' })).not.toContain(quiet.id);
  });

  it('counts a message unanswered after 14 days (not 13), and says "Rarely replies" when most go unanswered', async () => {
    const c = await creator();
    const tokens = [await write(c), await write(c), await write(c)];
    await replied(tokens[0]).expect(200);
    t.clock.advanceDays(13);
    await sweep();
    expect((await profile(c.id)).reply_time).toBeNull();
    t.clock.advanceDays(1);
    expect(await sweep()).toBeGreaterThanOrEqual(2);
    expect((await profile(c.id)).reply_time).toEqual({ within_days: null, rarely: true });
    expect((await directory({ replies_within: '60', q: c.name })).items).toEqual([]);
    // A late reply still counts: two of three answered, the median 14 days and some seconds, so within 15.
    await replied(tokens[1]).expect(200);
    expect((await profile(c.id)).reply_time).toEqual({ within_days: 15, rarely: false });

    admin = await signIn(admin.user.email);
    const counts = (await t.http().get('/api/admin/contact-requests').set(bearer(admin)).query({ range: '[0,999]' }).expect(200)).body as AdminContactCounts[];
    expect(counts.find((r) => r.id === c.id)).toMatchObject({ total: 3, replied: 2, unanswered: 1, reply_time: 'Usually replies within 15 days' });
  });

  it('makes nothing of the messages public: no text, brand, address, count or date', async () => {
    const c = await creator();
    const tokens = [await write(c, 'Hidden Brand One'), await write(c, 'Hidden Brand Two'), await write(c, 'Hidden Brand Three')];
    for (const token of tokens) await replied(token).expect(200);
    const pub = await profile(c.id);
    expect(pub.reply_time).toEqual({ within_days: 1, rarely: false });
    const everything = JSON.stringify([pub, await directory({ q: c.name }), await directory({ replies_within: '1' })]);
    for (const secret of [SECRET, 'Hidden Brand', 'brand.', '@example.com', 'replied_at', 'reply_token', 'lapsed']) expect(everything).not.toContain(secret);
    // The page the server draws (with the site built; the browser journey checks it in any case).
    const page = await t.http().get(`/creator/${c.id}`);
    if (page.status === 200) {
      expect(page.text).toContain('Usually replies within 1 day');
      expect(page.text).not.toContain(SECRET);
      expect(page.text).not.toContain('Hidden Brand');
    }
  });

  it('refuses a bad filter with a 400, never a 500', async () => {
    for (const v of ['0', '61', 'abc', '1.5']) {
      const res = await t.http().get('/api/creators').query({ replies_within: v }).expect(400);
      expect(res.body.message).toBe('Invalid replies_within');
    }
  });

  it('is in the OpenAPI document: the reply link’s POST and the directory’s filter', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>>;
    };
    expect(doc.paths['/api/contact-replies']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/creators']?.get?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'replies_within', in: 'query' })]));
  });
});
