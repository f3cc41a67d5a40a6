import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue 22: the API logs through nestjs-pino. One line per answered API request (method, path
 * without its query, status, duration), and every line logged while a request is handled carries
 * the request id its response names, also for a request with a body (a context entered before the
 * body is read would be lost).
 */
describe("the API's request log", () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const linesOf = (requestId: string) => lines.filter((l) => l.request_id === requestId);

  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logTo: sink });
  });
  afterAll(() => t?.close());

  it('writes one line per request, with the id the response names and no query string', async () => {
    const res = await t.http().get('/api/creators?q=pierogi&token=abc123').set('X-Request-Id', 'trace-42').expect(200);
    expect(res.headers['x-request-id']).toBe('trace-42');
    const own = linesOf('trace-42');
    expect(own).toEqual([
      {
        time: expect.any(String),
        level: 'info',
        service: 'api',
        request_id: 'trace-42',
        req: { method: 'GET', path: '/api/creators' },
        res: { status: 200 },
        duration_ms: expect.any(Number),
        msg: 'request',
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain('abc123');
  });

  it('gives a new id to a request without a sane one, and names it in the response', async () => {
    const res = await t.http().get('/api/directory').set('X-Request-Id', 'not sane!').expect(200);
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(linesOf(id)).toHaveLength(1);
  });

  it("carries the request id on the lines a request's handler logs, after its body was read", async () => {
    await t
      .http()
      .post('/api/amplify/submissions')
      .set('X-Request-Id', 'trace-honeypot')
      .send({
        business_name: 'Bot Bakery',
        contact_name: 'Bot',
        contact_email: 'bot@example.com',
        category: 'Food & Drink',
        story: `An automated story that is long enough to pass the form's rules. ${'More. '.repeat(20)}`,
        type_of_help: ['Social media content'],
        company_website: 'https://spam.example', // the honeypot
      })
      .expect(201);
    expect(linesOf('trace-honeypot').map((l) => [l.level, l.msg])).toEqual([
      ['warn', expect.stringContaining('honeypot filled from')],
      ['info', 'request'],
    ]);
  });
});
