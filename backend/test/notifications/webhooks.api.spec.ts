import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  AuthSession,
  CreatedWebhookSubscription,
  PublicCreator,
  WebhookAttempt,
  WebhookSubscription,
} from '@local-creators/common';
import { bearer, createTestApp, eventually, signUp, signUpAdmin, type TestApp } from '../helpers/test-app';
import { approvedThroughConsole } from '../creator/fixtures';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; event: string; created_at: string; data: Record<string, any> };
}

/** A partner's endpoint on loopback: records every request; each path answers from its own script of statuses (then 200). */
async function receiver() {
  const received: Received[] = [];
  const scripts = new Map<string, number[]>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body, json: JSON.parse(body) });
      const script = scripts.get(path);
      const status = script && script.length > 1 ? script.shift()! : (script?.[0] ?? 200);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'receiver is down');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path: string) => `${base}${path}`,
    /** Statuses `path` answers in turn; the last one keeps being answered. */
    script: (path: string, statuses: number[]) => scripts.set(path, [...statuses]),
    at: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** What a partner does with the documented header: HMAC-SHA256 of "<t>.<body>" with the secret. */
function verifies(secret: string, header: string | undefined, body: string) {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected && /^\d+$/.test(parts.t ?? '');
}

/**
 * Issue 28 point 4, its webhooks (decision 0810): admins subscribe a partner's endpoint to
 * "creator listed", "creator unlisted" and "business featured"; each event is written with the
 * change that causes it, posted by the worker, signed, retried like mail and logged.
 */
describe("the partners' webhooks", () => {
  let t: TestApp;
  let admin: AuthSession;
  let partner: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    partner = await receiver();
    // The receiver is on loopback: called only through the test-only allowance (decision 0830).
    t = await createTestApp({
      worker: true,
      env: { OUTBOUND_TEST_ALLOW_LOOPBACK: 'true', MAIL_RETRY_BASE_MS: '200', MAIL_MAX_ATTEMPTS: '3' },
    });
    admin = await signUpAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await partner.close();
  });

  const subscribe = async (path: string, events: string[]) =>
    (
      await t
        .http()
        .post('/api/admin/webhooks')
        .set(bearer(admin))
        .send({ url: partner.url(path), events, description: `Partner ${path}` })
        .expect(201)
    ).body as CreatedWebhookSubscription;
  const attemptsOf = async (id: string) =>
    (
      await t
        .http()
        .get('/api/admin/webhook-attempts')
        .query({ filter: JSON.stringify({ subscription_id: id }), sort: JSON.stringify(['attempted_at', 'ASC']) })
        .set(bearer(admin))
        .expect(200)
    ).body as WebhookAttempt[];
  const eventsAt = (path: string, event: string, subject: string) =>
    partner
      .at(path)
      .filter((r) => r.json.event === event && (r.json.data.creator?.id ?? r.json.data.business?.id) === subject);

  it('answers 401 without a session and 403 to an account that is not an admin, and writes nothing', async () => {
    const member = await signUp(t);
    const calls = [
      () => t.http().get('/api/admin/webhooks'),
      () =>
        t
          .http()
          .post('/api/admin/webhooks')
          .send({ url: partner.url('/x'), events: ['creator.listed'] }),
      () => t.http().get('/api/admin/webhooks/00000000-0000-4000-8000-000000000000'),
      () => t.http().put('/api/admin/webhooks/00000000-0000-4000-8000-000000000000').send({ enabled: false }),
      () => t.http().delete('/api/admin/webhooks/00000000-0000-4000-8000-000000000000'),
      () => t.http().get('/api/admin/webhook-attempts'),
    ];
    for (const call of calls) {
      await call().expect(401);
      await call().set(bearer(member)).expect(403);
    }
    expect(await t.sql('select id from webhook_subscriptions')).toEqual([]);
  });

  it('refuses a bad subscription with a 400 that names the field, and saves nothing', async () => {
    const post = (body: unknown) =>
      t
        .http()
        .post('/api/admin/webhooks')
        .set(bearer(admin))
        .send(body as object);
    for (const [body, field, message] of [
      [{ events: ['creator.listed'] }, 'url', 'URL is required'],
      [{ url: 'not a url', events: ['creator.listed'] }, 'url', 'URL must be a full https:// address'],
      [{ url: 'ftp://127.0.0.1/hook', events: ['creator.listed'] }, 'url', 'URL must be a full https:// address'],
      [
        { url: 'https://user:pw@127.0.0.1/hook', events: ['creator.listed'] },
        'url',
        'URL must not carry a user name or password',
      ],
      [{ url: 'https://127.0.0.1/hook' }, 'events', 'Choose at least one event'],
      [{ url: 'https://127.0.0.1/hook', events: [] }, 'events', 'Choose at least one event'],
      [
        { url: 'https://127.0.0.1/hook', events: ['creator.deleted'] },
        'events',
        'Unknown event "creator.deleted"; events are creator.listed, creator.unlisted, business.featured, call.approved, call.closed',
      ],
      [
        { url: 'https://127.0.0.1/hook', events: ['creator.listed'], description: 'd'.repeat(201) },
        'description',
        'Description must be at most 200 characters',
      ],
    ] as const) {
      const res = await post(body);
      expect({ body, status: res.status, answer: res.body }).toEqual({
        body,
        status: 400,
        answer: expect.objectContaining({ message, field }),
      });
    }
    const put = await t
      .http()
      .put('/api/admin/webhooks/00000000-0000-4000-8000-000000000000')
      .set(bearer(admin))
      .send({ enabled: 'no' })
      .expect(400);
    expect(put.body).toMatchObject({ message: 'enabled must be true or false', field: 'enabled' });
    await t
      .http()
      .put('/api/admin/webhooks/00000000-0000-4000-8000-000000000000')
      .set(bearer(admin))
      .send({ enabled: false })
      .expect(404);
    expect(await t.sql('select id from webhook_subscriptions')).toEqual([]);
  });

  it('posts "creator listed" when an admin approves, signed with the secret shown once, with the public profile', async () => {
    const sub = await subscribe('/listed', ['creator.listed', 'creator.unlisted']);
    expect(sub.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(sub).toMatchObject({
      url: partner.url('/listed'),
      events: ['creator.listed', 'creator.unlisted'],
      enabled: true,
      last_attempt: null,
    });
    // Shown once: never in a later answer.
    const again = (await t.http().get(`/api/admin/webhooks/${sub.id}`).set(bearer(admin)).expect(200)).body;
    expect(again).not.toHaveProperty('secret');
    const list = await t.http().get('/api/admin/webhooks').set(bearer(admin)).expect(200);
    expect(JSON.stringify(list.body)).not.toContain(sub.secret);

    const creator = await approvedThroughConsole(t, admin, 'Wanda Webhook');
    const [got] = await eventually(
      async () => eventsAt('/listed', 'creator.listed', creator.id),
      (r) => r.length > 0,
    );
    expect(got).toBeDefined();
    expect(verifies(sub.secret, got!.headers['x-localcreators-signature'] as string, got!.body)).toBe(true);
    expect(verifies('whsec_someone-else', got!.headers['x-localcreators-signature'] as string, got!.body)).toBe(false);
    expect(got!.headers['x-localcreators-event-id']).toBe(got!.json.id);
    expect(got!.headers['x-localcreators-event']).toBe('creator.listed');
    expect(got!.headers['content-type']).toBe('application/json');
    // The same public fields as the feed and the profile's own answer, nothing private.
    const publicView = (await t.http().get(`/api/creators/${creator.id}`).expect(200)).body as PublicCreator;
    expect(got!.json.data.creator).toEqual(publicView);
    for (const secret of ['phone', 'email', 'user_id', 'full_name', 'approval_notes'])
      expect(got!.json.data.creator).not.toHaveProperty(secret);

    const log = await eventually(
      () => attemptsOf(sub.id),
      (a) => a.length > 0,
    );
    expect(log).toEqual([
      expect.objectContaining({
        event: 'creator.listed',
        attempt: 1,
        status_code: 200,
        error: null,
        outcome: 'delivered',
        next_retry_at: null,
        event_id: got!.json.id,
      }),
    ]);
    const listed = (await t.http().get(`/api/admin/webhooks/${sub.id}`).set(bearer(admin)).expect(200))
      .body as WebhookSubscription;
    expect(listed.last_attempt).toMatchObject({ outcome: 'delivered' });
    // Not a mail: the admins' mail list does not show it.
    const mail = (await t.http().get('/api/admin/notifications').set(bearer(admin)).expect(200)).body as {
      kind: string;
    }[];
    expect(mail.map((m) => m.kind)).not.toContain('webhook');

    // Unlisted (phone verification off): only the id, since nothing of the profile is public any more.
    const { version } = (await t.http().get(`/api/admin/creators/${creator.id}`).set(bearer(admin)).expect(200)).body;
    await t
      .http()
      .put(`/api/admin/creators/${creator.id}`)
      .set(bearer(admin))
      .send({ phone_verified: false, version })
      .expect(200);
    const [gone] = await eventually(
      async () => eventsAt('/listed', 'creator.unlisted', creator.id),
      (r) => r.length > 0,
    );
    expect(gone!.json.data).toEqual({ creator: { id: creator.id } });
    expect(verifies(sub.secret, gone!.headers['x-localcreators-signature'] as string, gone!.body)).toBe(true);
    expect(gone!.json.id).not.toBe(got!.json.id);
  });

  it('retries a receiver that answered 500: it gets the event twice, and the log shows both attempts', async () => {
    partner.script('/flaky', [500, 200]);
    const sub = await subscribe('/flaky', ['creator.listed']);
    const creator = await approvedThroughConsole(t, admin, 'Rita Retry');
    const got = await eventually(
      async () => eventsAt('/flaky', 'creator.listed', creator.id),
      (r) => r.length >= 2,
    );
    expect(got).toHaveLength(2);
    // The same event and delivery both times, so the partner can tell it is a repeat.
    expect(got[1]!.headers['x-localcreators-event-id']).toBe(got[0]!.headers['x-localcreators-event-id']);
    expect(got[1]!.headers['x-localcreators-delivery']).toBe(got[0]!.headers['x-localcreators-delivery']);
    expect(got[1]!.body).toBe(got[0]!.body);
    for (const r of got)
      expect(verifies(sub.secret, r.headers['x-localcreators-signature'] as string, r.body)).toBe(true);

    const log = await eventually(
      () => attemptsOf(sub.id),
      (a) => a.some((x) => x.outcome === 'delivered'),
    );
    expect(log).toEqual([
      expect.objectContaining({
        event: 'creator.listed',
        attempt: 1,
        status_code: 500,
        // The status, never what the receiver wrote (decision 0830).
        error: 'HTTP 500',
        outcome: 'retrying',
        next_retry_at: expect.any(String),
      }),
      expect.objectContaining({
        event: 'creator.listed',
        attempt: 2,
        status_code: 200,
        error: null,
        outcome: 'delivered',
        next_retry_at: null,
      }),
    ]);
    expect(log[0]!.delivery_id).toBe(log[1]!.delivery_id);
    const [row] = await t.sql<{ last_error: string | null; attempts_error: string }>(
      `select o.last_error, (select string_agg(coalesce(error, ''), '|') from webhook_attempts where subscription_id::text = $1) as attempts_error
         from outbox_messages o where o.kind = 'webhook' and o.payload->>'subscriptionId' = $1`,
      [sub.id],
    );
    expect(JSON.stringify(row)).not.toContain('receiver is down');
    // The console's log shows status and time, never what the receiver wrote (decision 0830).
    const consoleLog = await t.http().get('/api/admin/webhook-attempts').set(bearer(admin)).expect(200);
    expect(JSON.stringify(consoleLog.body)).not.toContain('receiver is down');
  });

  it('marks the delivery failed after the last attempt', async () => {
    partner.script('/down', [503]);
    const sub = await subscribe('/down', ['creator.listed']);
    const creator = await approvedThroughConsole(t, admin, 'Dora Down');
    const log = await eventually(
      () => attemptsOf(sub.id),
      (a) => a.some((x) => x.outcome === 'failed'),
    );
    expect(log.map((a) => [a.attempt, a.status_code, a.outcome])).toEqual([
      [1, 503, 'retrying'],
      [2, 503, 'retrying'],
      [3, 503, 'failed'],
    ]);
    expect(log[2]!.next_retry_at).toBeNull();
    expect(eventsAt('/down', 'creator.listed', creator.id)).toHaveLength(3);
    const [row] = await t.sql<{ status: string }>(
      `select status from outbox_messages where kind = 'webhook' and payload->>'subscriptionId' = $1`,
      [sub.id],
    );
    expect(row).toEqual({ status: 'failed' });
  });

  it('posts "business featured" with the featured page\'s public fields', async () => {
    const sub = await subscribe('/business', ['business.featured']);
    const submitted = (
      await t
        .http()
        .post('/api/amplify/submissions')
        .send({
          business_name: 'Hook Bakery',
          contact_name: 'Rosa Jablonski',
          contact_email: 'rosa@hookbakery.test',
          category: 'Food & Drink',
          story: `We have baked paczki in Slavic Village since 1952 and want young creators to tell our story. ${'More about us. '.repeat(5)}`,
          website_social: 'https://instagram.com/hookbakery',
          neighborhood: 'Slavic Village',
          type_of_help: ['Social media content'],
        })
        .expect(201)
    ).body as { id: string };
    const put = async (body: object) => {
      const { version } = (
        await t.http().get(`/api/admin/amplify-submissions/${submitted.id}`).set(bearer(admin)).expect(200)
      ).body;
      await t
        .http()
        .put(`/api/admin/amplify-submissions/${submitted.id}`)
        .set(bearer(admin))
        .send({ ...body, version })
        .expect(200);
    };
    await put({ status: 'approved' });
    await put({ featured: true });
    const [got] = await eventually(
      async () => eventsAt('/business', 'business.featured', submitted.id),
      (r) => r.length > 0,
    );
    expect(verifies(sub.secret, got!.headers['x-localcreators-signature'] as string, got!.body)).toBe(true);
    const featured = (await t.http().get('/api/amplify/featured').expect(200)).body as { id: string }[];
    expect(got!.json.data.business).toEqual(featured.find((b) => b.id === submitted.id));
    expect(got!.json.data.business).toMatchObject({ business_name: 'Hook Bakery', neighborhood: 'Slavic Village' });
    for (const secret of ['contact_email', 'contact_name', 'status', 'featured'])
      expect(got!.json.data.business).not.toHaveProperty(secret);
    // The listed/unlisted subscriptions did not ask for it.
    expect(partner.at('/listed').filter((r) => r.json.event === 'business.featured')).toEqual([]);
  });

  it('is on the OpenAPI page: the admin calls, and what a partner receives and how to verify it', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body as {
      paths: Record<string, unknown>;
      tags?: { name: string; description: string }[];
    };
    for (const path of ['/api/admin/webhooks', '/api/admin/webhooks/{id}', '/api/admin/webhook-attempts'])
      expect(Object.keys(doc.paths)).toContain(path);
    const tag = doc.tags?.find((x) => x.name === 'webhooks');
    for (const text of [
      'creator.listed',
      'creator.unlisted',
      'business.featured',
      'X-LocalCreators-Signature: t=<unix seconds>,v1=<hex>',
      'HMAC-SHA256',
    ])
      expect(tag?.description).toContain(text);
  });

  it('sends nothing to a disabled subscription, and forgets a deleted one with its log', async () => {
    const off = await subscribe('/off', ['creator.listed']);
    const on = await subscribe('/on', ['creator.listed']);
    const disabled = (
      await t.http().put(`/api/admin/webhooks/${off.id}`).set(bearer(admin)).send({ enabled: false }).expect(200)
    ).body as WebhookSubscription;
    expect(disabled).toMatchObject({ id: off.id, enabled: false });
    expect(disabled).not.toHaveProperty('secret');

    const creator = await approvedThroughConsole(t, admin, 'Otto Off');
    // Once the enabled one has it, the event was written and handed out: the disabled one got no delivery at all.
    await eventually(
      async () => eventsAt('/on', 'creator.listed', creator.id),
      (r) => r.length > 0,
    );
    expect(partner.at('/off')).toEqual([]);
    expect(
      await t.sql(`select id from outbox_messages where kind = 'webhook' and payload->>'subscriptionId' = $1`, [
        off.id,
      ]),
    ).toEqual([]);
    expect(await attemptsOf(off.id)).toEqual([]);

    // On again: the next event reaches it.
    await t.http().put(`/api/admin/webhooks/${off.id}`).set(bearer(admin)).send({ enabled: true }).expect(200);
    const next = await approvedThroughConsole(t, admin, 'Otto On');
    await eventually(
      async () => eventsAt('/off', 'creator.listed', next.id),
      (r) => r.length > 0,
    );

    await t.http().delete(`/api/admin/webhooks/${on.id}`).set(bearer(admin)).expect(200);
    await t.http().get(`/api/admin/webhooks/${on.id}`).set(bearer(admin)).expect(404);
    expect(await t.sql('select id from webhook_attempts where subscription_id = $1', [on.id])).toEqual([]);
  });
});

/**
 * Decision 0830: outside production too, the product calls the public internet only. Loopback,
 * in every spelling, is refused unless a test turns on its test-only allowance (off here).
 */
describe('webhooks without the test-only loopback allowance', () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'development' } });
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  it.each([
    ['http://127.0.0.1:9/api/health', '127.0.0.1 is not a public address (loopback)'],
    ['http://[::1]:9/hook', '::1 is not a public address (loopback)'],
    ['https://localhost:9/hook', 'localhost resolves to'],
    ['http://2130706433:9/hook', '127.0.0.1 is not a public address (loopback)'],
    ['http://[::ffff:127.0.0.1]:9/hook', '::ffff:7f00:1 is not a public address (loopback)'],
    ['http://0x7f.1:9/hook', '127.0.0.1 is not a public address (loopback)'],
  ])('refuses %s with a 400 on its field, and saves nothing', async (url, message) => {
    const res = await t
      .http()
      .post('/api/admin/webhooks')
      .set(bearer(admin))
      .send({ url, events: ['creator.listed'] });
    expect({ status: res.status, field: res.body.field }).toEqual({ status: 400, field: 'url' });
    expect(res.body.message).toContain(message);
    expect(res.body.message).toContain('only the public internet may be called');
    expect(await t.sql('select id from webhook_subscriptions')).toEqual([]);
  });
});
