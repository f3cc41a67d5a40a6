import { Metrics } from '../../src/shared/metrics';
import { createTestApp, eventually, isResetMailTo, signUp, TestApp, uniqueEmail } from '../helpers/test-app';

// Operators scrape /metrics (Prometheus text) from an internal port of the api and of the
// worker (issue 11); the public port never serves it (decision 0314).
describe('metrics', () => {
  let t: TestApp;
  let api: string;
  let worker: string;
  beforeAll(async () => {
    t = await createTestApp({ worker: true });
    api = `http://127.0.0.1:${await t.app.get(Metrics).listen(0, 'api', '127.0.0.1')}/metrics`;
    worker = `http://127.0.0.1:${await t.worker()!.get(Metrics).listen(0, 'worker', '127.0.0.1')}/metrics`;
  });
  afterAll(() => t.close());

  const scrape = async (url: string) => {
    const res = await fetch(url);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/plain')]);
    return res.text();
  };
  /** The value of one sample line, e.g. value(text, 'lc_outbox_messages{service="api",state="sent"}'). */
  const value = (text: string, sample: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
    return line === undefined ? undefined : Number(line.slice(sample.length + 1));
  };

  it('counts api requests by route pattern and times them', async () => {
    const before = await scrape(api);
    const sample = 'lc_http_requests_total{method="GET",route="/api/creators/:id",status="404",service="api"}';
    const was = value(before, sample) ?? 0;
    await t.http().get('/api/creators/00000000-0000-4000-8000-000000000001').expect(404);
    await t.http().get('/api/creators/00000000-0000-4000-8000-000000000002').expect(404);
    const after = await scrape(api);
    expect(value(after, sample)).toBe(was + 2);
    expect(
      value(after, 'lc_http_request_duration_seconds_count{service="api",method="GET",route="/api/creators/:id"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(after).toContain('lc_process_resident_memory_bytes');
    // One label per route, not per URL.
    expect(after).not.toContain('00000000-0000-4000-8000-000000000001');
  });

  it('shows the outbox by state, the queue and mail delivery from the worker', async () => {
    const before = await scrape(worker);
    const sentBefore = value(before, 'lc_outbox_messages{state="sent",service="worker"}') ?? 0;
    const email = uniqueEmail('metrics');
    await signUp(t, email);
    await t.http().post('/api/auth/recover').send({ email }).expect(200);
    await t.mailbox.waitFor(isResetMailTo(email));

    // The row says sent a moment before the worker counts the attempt: wait for both.
    const after = await eventually(
      () => scrape(worker),
      (text) =>
        (value(text, 'lc_outbox_messages{state="sent",service="worker"}') ?? 0) > sentBefore &&
        (value(text, 'lc_mail_delivery_attempts_total{outcome="sent",service="worker"}') ?? 0) >= 1,
    );
    expect(value(after, 'lc_outbox_messages{state="sent",service="worker"}')).toBeGreaterThan(sentBefore);
    expect(value(after, 'lc_outbox_messages{state="failed",service="worker"}')).toBe(0);
    expect(value(after, 'lc_mail_delivery_attempts_total{outcome="sent",service="worker"}')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'lc_mail_delivery_latency_seconds_count{service="worker"}')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'lc_notification_queue_jobs{state="waiting",service="worker"}')).toBeGreaterThanOrEqual(0);
    expect(value(after, 'lc_outbox_oldest_undelivered_seconds{service="worker"}')).toBeGreaterThanOrEqual(0);
  });

  it('is not on the public port', async () => {
    const res = await t.http().get('/metrics');
    expect(res.text ?? '').not.toContain('lc_http_requests_total');
  });
});
