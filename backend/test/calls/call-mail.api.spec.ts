import type { AdminCall, AuthSession, MatchingCalls, ProfileInput } from '@local-creators/common';
import { CallMail } from '../../src/modules/calls/application/call-mail.service';
import { validProfile } from '../creator/fixtures';
import { cityDay as day, validCall } from './fixtures';
import {
  bearer,
  createTestApp,
  eventually,
  signUp,
  signUpAdmin,
  signUpConfirmed,
  type TestApp,
} from '../helpers/test-app';

const callOf = (title: string, over: Record<string, unknown> = {}) => validCall({ title, ...over });

const PUBLIC_URL = 'https://creators.example.org';

/**
 * Issue 40 point 3, decisions 0910–0913: when a call is approved, the listed creators it matches
 * get one mail (the next day's digest for further calls that day), with RFC 8058's one-click
 * unsubscribe; a creator may turn call mail off; the dashboard's API lists matching open calls.
 */
describe('call mail', () => {
  let t: TestApp;
  let admin: AuthSession;

  beforeAll(async () => {
    t = await createTestApp({ worker: true, env: { PUBLIC_URL, ADMIN_NOTIFY_EMAILS: '', CALL_DIGEST_SWEEP_S: '0' } });
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  /** A creator with this profile; listed unless said. */
  const creator = async (over: Partial<ProfileInput>, listed = true) => {
    const session = await signUp(t);
    const { body } = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(session))
      .send(validProfile({ full_name: 'Maya Brooks', ...over }))
      .expect(201);
    if (listed)
      await t.sql(
        `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true, decided_at = now() where id = $1`,
        [body.id],
      );
    return session;
  };
  /** Posts a call and approves it in the console; answers its id. */
  const approvedCall = async (title: string, over: Record<string, unknown> = {}) => {
    // A business of its own for each call: one account may have only 5 open (decision 0901).
    const business = await signUpConfirmed(t);
    const posted = await t.http().post('/api/calls').set(bearer(business)).send(callOf(title, over)).expect(201);
    const { version } = (await t.http().get(`/api/admin/calls/${posted.body.id}`).set(bearer(admin)).expect(200))
      .body as AdminCall;
    await t
      .http()
      .put(`/api/admin/calls/${posted.body.id}`)
      .set(bearer(admin))
      .send({ action: 'approve', version })
      .expect(200);
    return posted.body.id as string;
  };
  const callMailRows = () =>
    t.sql<{ email: string; subject_calls: number }>(
      `select payload->>'email' as email from outbox_messages where kind = 'call-match' order by created_at`,
    );
  const matching = async (s: AuthSession) =>
    (await t.http().get('/api/me/matching-calls').set(bearer(s)).expect(200)).body as MatchingCalls;

  it('mails each matching listed creator once at approval, with the one-click unsubscribe headers; others get nothing', async () => {
    const maya = await creator({ full_name: 'Maya Brooks' });
    const music = await creator({ full_name: 'Max Music', niches: ['Music'] });
    const elsewhere = await creator({ full_name: 'Olive City', neighborhood: 'Ohio City' });
    const big = await creator({
      full_name: 'Bea Big',
      platforms: [{ name: 'Instagram', handle: 'beabig', url: '', followers: 90_000 }],
    });
    const pending = await creator({ full_name: 'Pat Pending' }, false);
    const quiet = await creator({ full_name: 'Quinn Quiet' });
    await t.http().put('/api/me/call-mail').set(bearer(quiet)).send({ call_mail: false }).expect(200);

    const id = await approvedCall('Three food creators for Saturday');
    const mail = await t.mailbox.waitFor(
      (m) => m.to.includes(maya.user.email) && m.subject.startsWith('New open call'),
    );
    expect(mail.subject).toBe('New open call: Three food creators for Saturday');
    expect(mail.text).toContain(`${PUBLIC_URL}/calls/${id}`);
    expect(mail.text).toContain('$200–$400 fee');
    const token = /^<https:\/\/creators\.example\.org\/api\/calls\/mail\/unsubscribe\?token=([A-Za-z0-9_-]+)>$/.exec(
      mail.headers['list-unsubscribe'] ?? '',
    )?.[1];
    expect(token).toBeDefined();
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The outbox holds every mail there will be: one, to Maya.
    expect(await callMailRows()).toEqual([{ email: maya.user.email }]);
    for (const s of [music, elsewhere, big, pending, quiet])
      expect(t.mailbox.to(s.user.email).filter((m) => /open call/.test(m.subject))).toEqual([]);

    // The dashboard's API: the matching open call for Maya, none for the others.
    const mine = await matching(maya);
    expect(mine).toMatchObject({ listed: true, call_mail: true });
    expect(mine.calls.map((c) => c.id)).toEqual([id]);
    expect((await matching(music)).calls).toEqual([]);
    expect(await matching(pending)).toEqual({ listed: false, call_mail: true, calls: [] });
    expect((await matching(quiet)).call_mail).toBe(false);
  });

  it('a second and third approval the same day wait for one digest the next morning, sent once', async () => {
    const rosa = await creator({ full_name: 'Rosa Reels', neighborhood: 'tremont ' });
    const first = await approvedCall('Brunch reels in Tremont');
    await t.mailbox.waitFor(
      (m) => m.to.includes(rosa.user.email) && m.subject === 'New open call: Brunch reels in Tremont',
    );
    const second = await approvedCall('Taco night photos');
    const third = await approvedCall('Bakery opening', {
      offer: 'product',
      fee_min: null,
      fee_max: null,
      product: 'A dozen pastries',
    });
    const rosaRows = async () => (await callMailRows()).filter((r) => r.email === rosa.user.email);
    expect(await rosaRows()).toHaveLength(1);
    expect(
      await t.sql(`select status from call_matches where account_id = $1 order by status`, [rosa.user.id]),
    ).toEqual([{ status: 'mailed' }, { status: 'waiting' }, { status: 'waiting' }]);

    const digests = t.app.get(CallMail);
    // Not the same day, nor before 8 in the morning of the next.
    expect(await digests.sendDigests(new Date())).toBe(0);
    expect(await digests.sendDigests(new Date(`${day(1)}T11:00:00Z`))).toBe(0);
    const morning = new Date(`${day(1)}T14:00:00Z`);
    expect(await digests.sendDigests(morning)).toBeGreaterThanOrEqual(1);
    expect(await digests.sendDigests(morning)).toBe(0);

    const digest = await t.mailbox.waitFor(
      (m) => m.to.includes(rosa.user.email) && m.subject === '2 new open calls for you',
    );
    expect(digest.text).toContain(`${PUBLIC_URL}/calls/${second}`);
    expect(digest.text).toContain(`${PUBLIC_URL}/calls/${third}`);
    expect(digest.text).toContain('Product: A dozen pastries');
    expect(digest.text).not.toContain(`${PUBLIC_URL}/calls/${first}`);
    expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(await rosaRows()).toHaveLength(2);
    const received = await eventually(
      async () => t.mailbox.to(rosa.user.email).filter((m) => /open call/.test(m.subject)),
      (m) => m.length >= 2,
    );
    expect(received.map((m) => m.subject)).toEqual([
      'New open call: Brunch reels in Tremont',
      '2 new open calls for you',
    ]);
  });

  it('one click unsubscribes without signing in (RFC 8058): no more call mail, and the dashboard shows it off', async () => {
    const sam = await creator({ full_name: 'Sam Subscriber' });
    await approvedCall('Winter market coverage');
    const mail = await t.mailbox.waitFor((m) => m.to.includes(sam.user.email) && m.subject.startsWith('New open call'));
    const address = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;
    const { pathname, search } = new URL(address);
    await t
      .http()
      .post(`${pathname}${search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200, { call_mail: false });
    expect((await matching(sam)).call_mail).toBe(false);

    await t
      .http()
      .post('/api/calls/mail/unsubscribe?token=not-a-real-token-at-all')
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(404);

    const before = (await callMailRows()).filter((r) => r.email === sam.user.email).length;
    await approvedCall('Holiday lights reels');
    expect((await callMailRows()).filter((r) => r.email === sam.user.email)).toHaveLength(before);

    // Turned on again from the dashboard: the next day's calls reach them.
    await t.http().put('/api/me/call-mail').set(bearer(sam)).send({ call_mail: true }).expect(200, { call_mail: true });
    await t.http().put('/api/me/call-mail').set(bearer(sam)).send({ call_mail: 'yes' }).expect(400);
    await t.http().put('/api/me/call-mail').send({ call_mail: false }).expect(401);
  });
});
