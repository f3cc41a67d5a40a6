import { createHash } from 'node:crypto';
import { MSG, SHORTLIST_LIMITS, SHORTLIST_MSG } from '@local-creators/common';
import { bearer, createTestApp, eventually, signUp, signUpAdmin, signUpConfirmed, TestApp } from '../helpers/test-app';
import { creatorWithProfile, validProfile } from './fixtures';
import { Cities } from '../../src/modules/city';

/**
 * Shortlists without an account (issue 27, decisions 0700–0702): saved creators under a secret
 * link, notes, a read-only share link that can be revoked, a CSV without e-mails or phones, and
 * one message to everyone on the list once the brand opens the mailed link, each creator mailed
 * separately under the relay's limits (here 3 a day per brand address, 2 lists a day per client).
 */
describe('shortlists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      worker: true,
      env: {
        RATE_LIMIT_CONTACT_PER_ADDRESS: '3/86400',
        RATE_LIMIT_SHORTLISTS_PER_CLIENT: '2/86400',
        TRUST_PROXY: 'loopback',
      },
    });
  });
  afterAll(() => t.close());

  let n = 0;
  let client = 0;
  const listedCreator = () => creatorWithProfile(t, `Shortlisted Creator ${++n}`);
  /** Each list from its own client address, so the per-client limit is met only where tested. */
  const start = async (name?: string, ip = `10.27.0.${++client}`) =>
    (
      await t
        .http()
        .post('/api/shortlists')
        .set('X-Forwarded-For', ip)
        .send(name === undefined ? {} : { name })
        .expect(201)
    ).body as { token: string };
  const save = (token: string, id: string, body: object = {}) =>
    t.http().put(`/api/shortlists/own/creators/${id}`).query({ token }).send(body);
  const own = (token: string) => t.http().get('/api/shortlists/own').query({ token });
  const confirmLink = async (email: string) => {
    const mail = await t.mailbox.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Confirm your message to the creators on your shortlist',
    );
    const token = /\/shortlist\/confirm#token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    return { mail, token: token! };
  };

  it('keeps saved creators and notes under a secret link, stored only as its hash, never cached', async () => {
    const [a, b] = [await listedCreator(), await listedCreator()];
    const res = await t
      .http()
      .post('/api/shortlists')
      .set('X-Forwarded-For', '10.27.1.1')
      .send({ name: 'Spring launch' })
      .expect(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { token } = res.body as { token: string };
    expect(token).toMatch(/^[\w-]{43}$/); // 256 bits
    expect(res.body).toMatchObject({ name: 'Spring launch', entries: [], shared: false });

    await save(token, a.id, { note: 'Great food reels' }).expect(200);
    await save(token, b.id).expect(200);
    await save(token, a.id).expect(200); // saving twice keeps one line and the note
    const list = await own(token).expect(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.body.entries).toEqual([
      expect.objectContaining({ profile_id: a.id, name: a.name, note: 'Great food reels', listed: true }),
      expect.objectContaining({ profile_id: b.id, name: b.name, note: '', listed: true }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(a.email);

    await save(token, b.id, { note: 'Ask about June' }).expect(200);
    await t.http().patch('/api/shortlists/own').query({ token }).send({ name: 'Summer launch' }).expect(200);
    await t.http().delete(`/api/shortlists/own/creators/${a.id}`).query({ token }).expect(200);
    expect((await own(token).expect(200)).body).toMatchObject({
      name: 'Summer launch',
      entries: [{ profile_id: b.id, note: 'Ask about June' }],
    });

    const stored = await t.sql<{ token_hash: string }>('select token_hash from shortlists where name = $1', [
      'Summer launch',
    ]);
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
    expect(JSON.stringify(await t.sql('select * from shortlists'))).not.toContain(token);
  });

  it('refuses unknown links, bad input and unlisted creators with clear 4xx, writing nothing', async () => {
    const { token } = await start();
    const pending = await creatorWithProfile(t, 'Pending Creator', 'pending');
    const a = await listedCreator();
    expect((await own('A'.repeat(43)).expect(404)).body.message).toBe(SHORTLIST_MSG.notFound);
    expect((await own('short').expect(404)).body.message).toBe(SHORTLIST_MSG.notFound);
    await t.http().get('/api/shortlists/own').expect(404);
    expect((await save(token, pending.id).expect(404)).body.message).toBe(SHORTLIST_MSG.creatorNotListed);
    expect((await save(token, 'not-an-id').expect(404)).body.message).toBe(SHORTLIST_MSG.creatorNotListed);
    expect(
      (await save(token, a.id, { note: 'x'.repeat(SHORTLIST_LIMITS.noteMax + 1) }).expect(400)).body,
    ).toMatchObject({
      field: 'note',
      message: SHORTLIST_MSG.noteTooLong,
    });
    expect(
      (
        await t
          .http()
          .patch('/api/shortlists/own')
          .query({ token })
          .send({ name: 'x'.repeat(101) })
          .expect(400)
      ).body.message,
    ).toBe(SHORTLIST_MSG.nameTooLong);
    expect(
      (await t.http().delete(`/api/shortlists/own/creators/${a.id}`).query({ token }).expect(404)).body.message,
    ).toBe(SHORTLIST_MSG.notOnList);
    expect((await own(token).expect(200)).body.entries).toEqual([]);
  });

  it('limits lists per client address and creators per list', async () => {
    await start(undefined, '10.27.2.1');
    await start(undefined, '10.27.2.1');
    const refused = await t.http().post('/api/shortlists').set('X-Forwarded-For', '10.27.2.1').send({}).expect(429);
    expect(refused.body.message).toMatch(
      /^Too many shortlists started from this network \(at most 2 a day\)\. Please try again in about 24 hours/,
    );
    expect(refused.headers['retry-after']).toBeDefined();
    await start(undefined, '10.27.2.2'); // another address is not held up

    const { token } = await start();
    const list = await t.sql<{ id: string }>('select id from shortlists order by created_at desc limit 1');
    const c = await listedCreator();
    // Fill the list to its limit directly; the next save is refused.
    await t.sql(
      `insert into shortlist_entries (id, shortlist_id, profile_id, name, added_at)
       select gen_random_uuid(), $1, $2, 'x', now() from generate_series(1, 1)`,
      [list[0]!.id, c.id],
    );
    await t.sql(`alter table shortlist_entries drop constraint shortlist_entries_once`);
    try {
      await t.sql(
        `insert into shortlist_entries (id, shortlist_id, profile_id, name, added_at) select gen_random_uuid(), $1, $2, 'x', now() from generate_series(2, $3)`,
        [list[0]!.id, c.id, SHORTLIST_LIMITS.creatorsMax],
      );
      const other = await listedCreator();
      expect((await save(token, other.id).expect(409)).body.message).toBe(SHORTLIST_MSG.full);
    } finally {
      await t.sql('delete from shortlist_entries where shortlist_id = $1', [list[0]!.id]);
      await t.sql(
        `alter table shortlist_entries add constraint shortlist_entries_once unique (shortlist_id, profile_id)`,
      );
    }
  });

  it('shares read-only by a second link that can be revoked; the owner link never leaks through it', async () => {
    const c = await listedCreator();
    const { token } = await start('Shared list');
    await save(token, c.id, { note: 'First pick' }).expect(200);
    const { share_token } = (await t.http().post('/api/shortlists/own/share').query({ token }).expect(201)).body as {
      share_token: string;
    };
    expect(share_token).toMatch(/^[\w-]{43}$/);
    expect(share_token).not.toBe(token);
    expect((await own(token).expect(200)).body.shared).toBe(true);

    const shared = await t.http().get('/api/shortlists/shared').query({ token: share_token }).expect(200);
    expect(shared.headers['cache-control']).toBe('private, no-store');
    expect(shared.body).toEqual({
      name: 'Shared list',
      entries: [expect.objectContaining({ profile_id: c.id, note: 'First pick' })],
      updated_at: expect.any(String),
    });
    expect(JSON.stringify(shared.body)).not.toContain(token);
    // The share link cannot change the list.
    await save(share_token, c.id, { note: 'changed' }).expect(404);
    await t.http().post('/api/shortlists/own/share').query({ token: share_token }).expect(404);

    await t.http().delete('/api/shortlists/own/share').query({ token }).expect(204);
    expect((await t.http().get('/api/shortlists/shared').query({ token: share_token }).expect(404)).body.message).toBe(
      SHORTLIST_MSG.sharedNotFound,
    );
    await t.http().get('/api/shortlists/shared/export.csv').query({ token: share_token }).expect(404);
    expect((await own(token).expect(200)).body.shared).toBe(false);
  });

  it('exports a CSV of public facts with follower dates and profile links, never an e-mail or phone', async () => {
    const [a, b] = [await listedCreator(), await listedCreator()];
    const { token } = await start('Export: "test", list');
    await save(token, a.id, { note: '=cmd|calc' }).expect(200);
    await save(token, b.id).expect(200);
    const res = await t.http().get('/api/shortlists/own/export.csv').query({ token }).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Export-test-list.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Status,City,Niches,Platforms,Followers,Profile link,Note');
    expect(lines).toHaveLength(3);
    const profile = (await t.http().get(`/api/creators/${a.id}`).expect(200)).body as {
      niches: string[];
      platforms: { name: string; handle: string; followers: number }[];
    };
    const first = lines[1]!;
    expect(first.startsWith(`${a.name},Verified,Cleveland,${profile.niches.join('; ')},`)).toBe(true);
    expect(first).toContain(`${profile.platforms[0]!.name} @${profile.platforms[0]!.handle}`);
    expect(first).toMatch(
      new RegExp(
        `${profile.platforms[0]!.name}: ${profile.platforms[0]!.followers} \\(confirmed \\d{4}-\\d{2}-\\d{2}\\)`,
      ),
    );
    expect(first).toMatch(new RegExp(`,https?://[^,]+/creator/${a.id}\\?ref=shortlist,`));
    expect(first.endsWith(",'=cmd|calc")).toBe(true); // a spreadsheet does not run it
    const phones = await t.sql<{ phone: string }>('select phone from creator_profiles where id = any($1)', [
      [a.id, b.id],
    ]);
    for (const secret of [a.email, b.email, ...phones.map((p) => p.phone)]) expect(res.text).not.toContain(secret);
  });

  // Issue 37 finding 10: a handle typed with its @ is written with one, and a list of several cities says whose each is.
  it('writes each handle with one @ and a City column, on a list of creators of two cities', async () => {
    await t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
    const session = await signUp(t);
    const maya = (
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(session))
        .send({
          ...validProfile({
            full_name: 'Maya Akron',
            platforms: [
              {
                name: 'Instagram',
                handle: '@maya.eats.akron',
                url: 'https://instagram.com/maya.eats.akron',
                followers: 4_200,
              },
            ],
          }),
          city: 'akron',
        })
        .expect(201)
    ).body as { id: string };
    await t.sql(
      `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true, decided_at = now() where id = $1`,
      [maya.id],
    );
    const cleo = await listedCreator();
    const { token } = await start('Two cities');
    await save(token, maya.id).expect(200);
    await save(token, cleo.id).expect(200);
    const lines = (await t.http().get('/api/shortlists/own/export.csv').query({ token }).expect(200)).text
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Name,Status,City,Niches,Platforms,Followers,Profile link,Note');
    expect(lines[1]!.startsWith('Maya Akron,Verified,Akron,')).toBe(true);
    expect(lines[1]).toContain(',Instagram @maya.eats.akron,');
    expect(lines[1]).not.toContain('@@');
    expect(lines[2]!.startsWith(`${cleo.name},Verified,Cleveland,`)).toBe(true);
  });

  it('shows a creator who left the directory as no longer listed, on the list, the share and the CSV', async () => {
    const [a, b] = [await listedCreator(), await listedCreator()];
    const { token } = await start();
    await save(token, a.id).expect(200);
    await save(token, b.id).expect(200);
    await t.sql(`update creator_profiles set is_public = false where id = $1`, [b.id]);
    const list = await eventually(
      async () =>
        (await own(token).expect(200)).body as {
          entries: { profile_id: string; listed: boolean; name: string; creator: unknown }[];
        },
      (l) => l.entries.some((e) => !e.listed),
    );
    expect(list.entries).toEqual([
      expect.objectContaining({ profile_id: a.id, listed: true }),
      { profile_id: b.id, name: b.name, note: '', added_at: expect.any(String), listed: false, creator: null },
    ]);
    const csv = (await t.http().get('/api/shortlists/own/export.csv').query({ token }).expect(200)).text;
    expect(csv).toContain(`\r\n${b.name},${SHORTLIST_MSG.noLongerListed},,,,,,\r\n`);
  });

  it('sends one message to everyone on the list once the brand opens the mailed link: a separate mail each, reply-to the brand', async () => {
    const [a, b, c] = [await listedCreator(), await listedCreator(), await listedCreator()];
    const { token } = await start();
    for (const x of [a, b, c]) await save(token, x.id).expect(200);
    const brand = 'team@lakeside-bikes.test';
    const body = {
      brand_name: 'Lakeside Bikes',
      email: brand,
      message: 'A summer ride series?',
      budget_range: '$250 – $1,000',
    };
    const asked = await t.http().post('/api/shortlists/own/messages').query({ token }).send(body).expect(202);
    expect(asked.body).toEqual({ status: 'confirmation_sent', email: brand });

    const { mail, token: confirmToken } = await confirmLink(brand);
    expect(mail.text).toContain('the 3 creators on a shortlist');
    expect(mail.text).not.toContain('A summer ride series?'); // only our words go to an unproven address
    // The mail log keeps no usable link.
    const logged = await eventually(
      () =>
        t.sql<{ payload: { token: string } }>(
          `select payload from outbox_messages where kind = 'shortlist-message-confirm' and payload->>'email' = $1`,
          [brand],
        ),
      (rows) => rows[0]?.payload.token === '[sent]',
    );
    expect(JSON.stringify(logged)).not.toContain(confirmToken);
    // Nobody on the list heard anything yet.
    expect(await t.sql('select 1 from contact_requests where profile_id = any($1)', [[a.id, b.id, c.id]])).toHaveLength(
      0,
    );

    const confirmed = await t.http().post('/api/shortlists/messages/confirm').send({ token: confirmToken }).expect(200);
    expect(confirmed.body.deliveries).toHaveLength(3);
    expect(confirmed.body.deliveries.every((d: { status: string }) => d.status === 'sent')).toBe(true);
    for (const x of [a, b, c]) {
      const m = await t.mailbox.waitFor(
        (m) => m.to.includes(x.email) && m.subject === 'Lakeside Bikes wrote to you on Local Creators',
      );
      expect(m.to).toEqual([x.email]);
      expect(m.replyTo).toBe(brand);
      expect(m.text).toContain('A summer ride series?');
      // The link proved the brand's address: each copy is a proven sender's, with the brand's "They replied" link (decisions 0840, 0841).
      const copy = await t.mailbox.waitFor(
        (m) => m.to.includes(brand) && m.subject === `Your message to ${x.name} was passed on`,
      );
      expect(copy.text).toMatch(/\/they-replied#token=[\w-]{43}/);
      expect(copy.text).not.toContain('A summer ride series?');
    }
    expect(
      await t.sql('select distinct proven from contact_requests where profile_id = any($1)', [[a.id, b.id, c.id]]),
    ).toEqual([{ proven: true }]);
    // Spent: a second use sends nothing more.
    expect(
      (await t.http().post('/api/shortlists/messages/confirm').send({ token: confirmToken }).expect(409)).body.message,
    ).toBe(SHORTLIST_MSG.linkUsed);
    expect(
      await t.sql('select 1 from contact_requests where shortlist_message_id is not null and profile_id = any($1)', [
        [a.id, b.id, c.id],
      ]),
    ).toHaveLength(3);
    expect(
      (
        await t
          .http()
          .post('/api/shortlists/messages/confirm')
          .send({ token: 'B'.repeat(43) })
          .expect(404)
      ).body.message,
    ).toBe(SHORTLIST_MSG.linkInvalid);
    // The console's Brand messages count them, and how many came through a shortlist.
    const admin = await signUpAdmin(t);
    const counts = await t
      .http()
      .get('/api/admin/contact-requests')
      .set(bearer(admin))
      .query({ range: '[0,99]' })
      .expect(200);
    expect(counts.body.find((r: { id: string }) => r.id === a.id)).toMatchObject({
      total: 1,
      via_shortlists: 1,
      distinct_senders: 1,
    });
  });

  it('applies the relay’s limits per creator, skips creators who left or closed the form, and drops a filled honeypot', async () => {
    const creators = [
      await listedCreator(),
      await listedCreator(),
      await listedCreator(),
      await listedCreator(),
      await listedCreator(),
    ];
    const [gone, closed] = [creators[3]!, creators[4]!];
    const { token } = await start();
    for (const x of creators) await save(token, x.id).expect(200);
    const brand = 'hello@limits-brand.test';
    // A stranger typing this address into a Contact form takes nothing from its number (decision 0840)…
    const elsewhere = await listedCreator();
    await t
      .http()
      .post(`/api/creators/${elsewhere.id}/contact`)
      .send({ brand_name: 'Limits Brand', email: brand, message: 'Hi' })
      .expect(201);
    // …one message the brand sent, signed in from its confirmed address, does: 2 of the 3 a day are left.
    const account = await signUpConfirmed(t, brand);
    const other = await listedCreator();
    await t
      .http()
      .post(`/api/creators/${other.id}/contact`)
      .set(bearer(account))
      .send({ brand_name: 'Limits Brand', email: brand, message: 'Hi' })
      .expect(201);

    // The honeypot: the usual answer, nothing kept or mailed.
    const honey = {
      brand_name: 'Limits Brand',
      email: 'bot@limits-brand.test',
      message: 'Buy now',
      company_website: 'http://spam.test',
    };
    await t.http().post('/api/shortlists/own/messages').query({ token }).send(honey).expect(202);
    expect(await t.sql(`select 1 from shortlist_messages where email = 'bot@limits-brand.test'`)).toHaveLength(0);

    await t
      .http()
      .post('/api/shortlists/own/messages')
      .query({ token })
      .send({ brand_name: 'Limits Brand', email: brand, message: 'Hello all' })
      .expect(202);
    const { token: confirmToken } = await confirmLink(brand);
    await t.sql(`update creator_profiles set is_public = false where id = $1`, [gone.id]);
    await t.sql(`update creator_profiles set contact_enabled = false where id = $1`, [closed.id]);
    const { deliveries } = (
      await t.http().post('/api/shortlists/messages/confirm').send({ token: confirmToken }).expect(200)
    ).body as {
      deliveries: { profile_id: string; status: string; reason: string | null }[];
    };
    const byId = new Map(deliveries.map((d) => [d.profile_id, d]));
    expect(byId.get(gone.id)).toMatchObject({ status: 'refused', reason: SHORTLIST_MSG.noLongerListed });
    expect(byId.get(closed.id)).toMatchObject({ status: 'refused', reason: MSG.contactClosed });
    const open = creators.slice(0, 3).map((x) => byId.get(x.id)!);
    expect(open.filter((d) => d.status === 'sent')).toHaveLength(2);
    expect(open.filter((d) => d.status === 'refused').map((d) => d.reason)).toEqual([
      expect.stringMatching(/^Too many messages from this e-mail address \(at most 3 a day\)/),
    ]);
    expect(await t.sql('select proven from contact_requests where lower(email) = $1 order by proven', [brand])).toEqual(
      [{ proven: false }, { proven: true }, { proven: true }, { proven: true }],
    );
    expect(t.mailbox.to('bot@limits-brand.test')).toHaveLength(0);
  });

  it('is in the OpenAPI document, each secret as a query parameter', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { tags?: string[]; parameters?: { name: string; in: string }[] }>>;
    };
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/shortlists'));
    expect(paths.sort()).toEqual([
      '/api/shortlists',
      '/api/shortlists/messages/confirm',
      '/api/shortlists/own',
      '/api/shortlists/own/creators/{profileId}',
      '/api/shortlists/own/export.csv',
      '/api/shortlists/own/messages',
      '/api/shortlists/own/share',
      '/api/shortlists/shared',
      '/api/shortlists/shared/export.csv',
    ]);
    expect(doc.paths['/api/shortlists/own']!.get!.tags).toEqual(['shortlists']);
    expect(doc.paths['/api/shortlists/own']!.get!.parameters).toContainEqual(
      expect.objectContaining({ name: 'token', in: 'query' }),
    );
  });

  it('refuses a message with bad fields, to an empty list, or by an expired link', async () => {
    const { token } = await start();
    const base = { brand_name: 'Brand', email: 'x@brand.test', message: 'Hi' };
    expect(
      (await t.http().post('/api/shortlists/own/messages').query({ token }).send(base).expect(409)).body.message,
    ).toBe(SHORTLIST_MSG.nobodyToMessage);
    const c = await listedCreator();
    await save(token, c.id).expect(200);
    expect(
      (
        await t
          .http()
          .post('/api/shortlists/own/messages')
          .query({ token })
          .send({ ...base, email: 'nope' })
          .expect(400)
      ).body.field,
    ).toBe('email');
    await t
      .http()
      .post('/api/shortlists/own/messages')
      .query({ token })
      .send({ ...base, email: 'late@brand.test' })
      .expect(202);
    const { token: confirmToken } = await confirmLink('late@brand.test');
    await t.sql(
      `update shortlist_messages set confirm_expires_at = now() - interval '1 minute' where email = 'late@brand.test'`,
    );
    expect(
      (await t.http().post('/api/shortlists/messages/confirm').send({ token: confirmToken }).expect(410)).body.message,
    ).toBe(SHORTLIST_MSG.linkExpired);
    expect(await t.sql('select 1 from contact_requests where profile_id = $1', [c.id])).toHaveLength(0);
  });
});
