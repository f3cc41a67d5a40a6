import type { AdminContactCounts, AuthSession, CreatorPage, PublicCreator } from '@local-creators/common';
import { REPLY_MSG } from '@local-creators/common';
import { ReplyTimes } from '../../src/modules/creator/application/reply-times';
import {
  bearer,
  createTestApp,
  eventually,
  signUpAdmin,
  signUpConfirmed,
  STRONG_PASSWORD,
  TestApp,
  uniqueEmail,
} from '../helpers/test-app';
import { creatorWithProfile } from './fixtures';

/**
 * Replies you can count on (issue 27 point 2, decision 0710; issue 36 point 3, decision 0841): only
 * messages from proven senders count, and a reply counts when the brand confirms it from the
 * "They replied" link of its copy; the creator's own "I replied" link is a note for the dashboard.
 * The profile shows "Usually replies within N days" or "Rarely replies" once 3 messages were
 * answered or went unanswered for 14 days; the directory filters by it; nothing of the messages
 * becomes public. On the app's clock, moved by days.
 */
describe('reply times', () => {
  let t: TestApp;
  let admin: AuthSession;
  /** A proven brand: a confirmed account writing from its own address (decision 0840). */
  let brand: AuthSession;
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
    brand = await signUpConfirmed(t, uniqueEmail('proven-brand'));
  });
  afterEach(async () => {
    t.clock.reset();
    admin = await signIn(admin.user.email);
    brand = await signIn(brand.user.email);
  });
  afterAll(() => t.close());

  const signIn = async (email: string) =>
    (await t.http().post('/api/auth/login').send({ email, password: STRONG_PASSWORD }).expect(200)).body as AuthSession;

  let n = 0;
  const creator = () => creatorWithProfile(t, `Replying Creator ${++n}`);
  const SECRET = 'Our secret launch is on the 14th';
  /** The creator's "I replied" note's token from the relay mail of `brandName`'s message. */
  const noteToken = async (c: { email: string }, brandName: string) => {
    const mail = await t.mailbox.waitFor(
      (m) => m.to.includes(c.email) && m.subject === `${brandName} wrote to you on Local Creators`,
    );
    const token = /\/replied#token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    return token!;
  };
  const usedCopies = new Set<string>();
  /** The proven brand writes; answers the "They replied" token from the brand's copy, and the creator's note token. */
  const writeBoth = async (c: { id: string; email: string; name: string }, brandName = `Brand ${++n}`) => {
    await t
      .http()
      .post(`/api/creators/${c.id}/contact`)
      .set(bearer(brand))
      .send({ brand_name: brandName, email: brand.user.email, message: `${SECRET} (${brandName})` })
      .expect(201);
    const note = await noteToken(c, brandName);
    const copyToken = (m: { text: string }) => /\/they-replied#token=([\w-]+)/.exec(m.text)?.[1] ?? '';
    const copy = await t.mailbox.waitFor(
      (m) =>
        m.to.includes(brand.user.email) &&
        m.subject === `Your message to ${c.name} was passed on` &&
        !usedCopies.has(copyToken(m)),
    );
    usedCopies.add(copyToken(copy));
    return { brandToken: copyToken(copy), note };
  };
  /** A proven brand writes; answers the "They replied" token of the brand's copy. */
  const write = async (c: { id: string; email: string; name: string }, brandName?: string) =>
    (await writeBoth(c, brandName)).brandToken;
  /** Someone writes from a made-up address, not proven; answers the creator's note token. */
  const writeUnproven = async (c: { id: string; email: string }, brandName = `Stranger ${++n}`) => {
    await t
      .http()
      .post(`/api/creators/${c.id}/contact`)
      .send({ brand_name: brandName, email: uniqueEmail('made-up'), message: `${SECRET} (${brandName})` })
      .expect(201);
    return noteToken(c, brandName);
  };
  /** The brand's "They replied" link: the reply that counts. */
  const replied = (token: string) => t.http().post('/api/contact-replies/brand').send({ token });
  /** The creator's own "I replied" link: a note for the dashboard. */
  const noted = (token: string) => t.http().post('/api/contact-replies').send({ token });
  const profile = async (id: string) => (await t.http().get(`/api/creators/${id}`).expect(200)).body as PublicCreator;
  const sweep = () => t.app.get(ReplyTimes).countUnanswered(t.clock.now());
  const directory = async (query: Record<string, string>) =>
    (await t.http().get('/api/creators').query(query).expect(200)).body as CreatorPage;

  it('records the creator’s note once from the mail’s link, and refuses bad or unknown links clearly', async () => {
    const c = await creator();
    const { note: token } = await writeBoth(c, 'Lakeside Bakery');
    const mail = t.mailbox.to(c.email).find((m) => m.subject === 'Lakeside Bakery wrote to you on Local Creators')!;
    expect(mail.text).toContain('Replied? Mark it with one click');
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
    expect((await noted(token).expect(200)).body).toEqual({ status: 'recorded', brand_name: 'Lakeside Bakery' });
    const [after] = await t.sql<{ replied_at: Date }>('select replied_at from contact_requests where profile_id = $1', [
      c.id,
    ]);
    expect(Math.abs(after.replied_at.getTime() - t.clock.now().getTime())).toBeLessThan(60_000);
    t.clock.advanceDays(1);
    expect((await noted(token).expect(200)).body).toEqual({
      status: 'already_recorded',
      brand_name: 'Lakeside Bakery',
    });
    const [again] = await t.sql<{ replied_at: Date }>('select replied_at from contact_requests where profile_id = $1', [
      c.id,
    ]);
    expect(again.replied_at).toEqual(after.replied_at);
    // The creator's dashboard list says so.
    const session = await signIn(c.email);
    const list = (await t.http().get('/api/me/contact-requests').set(bearer(session)).expect(200)).body as {
      replied_at: string | null;
    }[];
    expect(list.map((r) => r.replied_at)).toEqual([after.replied_at.toISOString()]);

    expect((await noted('short').expect(400)).body).toMatchObject({ field: 'token', message: REPLY_MSG.linkInvalid });
    expect((await t.http().post('/api/contact-replies').send({}).expect(400)).body.message).toBe(REPLY_MSG.linkInvalid);
    expect((await noted('x'.repeat(43)).expect(404)).body.message).toBe(REPLY_MSG.linkUnknown);
  });

  it('records the brand’s "They replied" once from its copy’s link; the copy carries only our words', async () => {
    const c = await creator();
    const { brandToken, note } = await writeBoth(c, 'Harbor Tea');
    const copy = t.mailbox.to(brand.user.email).find((m) => m.text.includes(brandToken))!;
    expect(copy.subject).toBe(`Your message to ${c.name} was passed on`);
    expect(copy.text).not.toContain(SECRET);
    expect(copy.text).not.toContain(c.email);
    expect(brandToken).not.toBe(note);
    const [row] = await t.sql<{ proven: boolean; brand_token_hash: string }>(
      'select proven, brand_token_hash from contact_requests where profile_id = $1',
      [c.id],
    );
    expect(row.proven).toBe(true);
    expect(row.brand_token_hash).toMatch(/^[0-9a-f]{64}$/);
    await eventually(
      () =>
        t.sql<{ payload: Record<string, unknown> }>(
          `select payload from outbox_messages where kind = 'contact-brand-copy' and payload->>'profileId' = $1 and status = 'sent'`,
          [c.id],
        ),
      (rows) => rows.length === 1,
    ).then(([r]) => expect(r.payload).toMatchObject({ token: '[sent]' }));
    // The creator's note is not the brand's link, nor the other way round.
    expect((await replied(note).expect(404)).body.message).toBe(REPLY_MSG.linkUnknown);
    expect((await noted(brandToken).expect(404)).body.message).toBe(REPLY_MSG.linkUnknown);

    t.clock.advanceDays(1);
    expect((await replied(brandToken).expect(200)).body).toEqual({ status: 'recorded' });
    expect((await replied(brandToken).expect(200)).body).toEqual({ status: 'already_recorded' });
    const [after] = await t.sql<{ reply_confirmed_at: Date; replied_at: Date | null }>(
      'select reply_confirmed_at, replied_at from contact_requests where profile_id = $1',
      [c.id],
    );
    expect(after.reply_confirmed_at).toBeInstanceOf(Date);
    expect(after.replied_at).toBeNull();
    expect((await replied('short').expect(400)).body).toMatchObject({
      field: 'token',
      message: REPLY_MSG.brandLinkInvalid,
    });
    expect((await replied('x'.repeat(43)).expect(404)).body.message).toBe(REPLY_MSG.linkUnknown);
  });

  it('lets no creator make their own reply time: made-up senders and the creator’s own clicks count for nothing', async () => {
    const c = await creator();
    // The red team's repro: three messages from made-up addresses, then the creator opens the links of their own mails.
    const notes = [await writeUnproven(c), await writeUnproven(c), await writeUnproven(c)];
    for (const token of notes) expect((await noted(token).expect(200)).body.status).toBe('recorded');
    expect((await profile(c.id)).reply_time).toBeNull();
    expect((await directory({ replies_within: '1', per_page: '50' })).items.map((i) => i.id)).not.toContain(c.id);
    // Nor do they count as unanswered: a stranger's messages never make "Rarely replies" either.
    const d = await creator();
    for (let i = 0; i < 3; i++) await writeUnproven(d);
    t.clock.advanceDays(15);
    await sweep();
    expect((await profile(d.id)).reply_time).toBeNull();
    t.clock.reset();

    // Proven senders' messages the creator marks "I replied" still do not count by themselves…
    const e = await creator();
    const sent = [await writeBoth(e), await writeBoth(e), await writeBoth(e)];
    for (const s of sent) await noted(s.note).expect(200);
    expect((await profile(e.id)).reply_time).toBeNull();
    expect((await directory({ replies_within: '1', per_page: '50' })).items.map((i) => i.id)).not.toContain(e.id);
    // …the brand's confirmations do.
    for (const s of sent) await replied(s.brandToken).expect(200);
    expect((await profile(e.id)).reply_time).toEqual({ within_days: 1, rarely: false });
    expect((await directory({ replies_within: '1', per_page: '50' })).items.map((i) => i.id)).toContain(e.id);
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
    const counts = (
      await t.http().get('/api/admin/contact-requests').set(bearer(admin)).query({ range: '[0,999]' }).expect(200)
    ).body as AdminContactCounts[];
    expect(counts.find((r) => r.id === c.id)).toMatchObject({
      total: 3,
      replied: 2,
      unanswered: 1,
      reply_time: 'Usually replies within 15 days',
    });
  });

  it('makes nothing of the messages public: no text, brand, address, count or date', async () => {
    const c = await creator();
    const tokens = [
      await write(c, 'Hidden Brand One'),
      await write(c, 'Hidden Brand Two'),
      await write(c, 'Hidden Brand Three'),
    ];
    for (const token of tokens) await replied(token).expect(200);
    const pub = await profile(c.id);
    expect(pub.reply_time).toEqual({ within_days: 1, rarely: false });
    const everything = JSON.stringify([pub, await directory({ q: c.name }), await directory({ replies_within: '1' })]);
    for (const secret of [SECRET, 'Hidden Brand', 'brand.', '@example.com', 'replied_at', 'reply_token', 'lapsed'])
      expect(everything).not.toContain(secret);
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
    expect(doc.paths['/api/contact-replies/brand']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/creators']?.get?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'replies_within', in: 'query' })]),
    );
  });
});
