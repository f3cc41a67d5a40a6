import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DirectoryService } from '../../src/modules/creator/application/directory.service';
import { Metrics } from '../../src/shared/metrics';
import { PreparedResponses } from '../../src/shared/http/prepared-json';
import { createTestApp, eventually, TestApp } from '../helpers/test-app';
import { creatorWithProfile } from './fixtures';

/**
 * Issue 12: a cached directory read is sent again from memory, before the framework runs
 * (PreparedResponses' front door). What a client gets must not tell the two paths apart.
 */
describe('directory answers sent again from memory', () => {
  let t: TestApp;
  let served: jest.SpyInstance[];
  const directoryCalls = () => served.reduce((n, spy) => n + spy.mock.calls.length, 0);
  const niche = '/api/creators?niche=Food';

  const listedCreator = async (name: string) => (await creatorWithProfile(t, name)).id; // in Food

  /** A response as a client sees it: status, headers but the per-request ones, and the decoded body. */
  async function read(path: string, headers: Record<string, string> = {}) {
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const res = await new Promise<{ status: number; headers: IncomingHttpHeaders; raw: Buffer }>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path, headers, agent: false }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => resolve({ status: r.statusCode!, headers: r.headers, raw: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    const encoding = res.headers['content-encoding'];
    const body = encoding === 'br' ? brotliDecompressSync(res.raw) : encoding === 'gzip' ? gunzipSync(res.raw) : res.raw;
    const kept = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !['date', 'x-request-id'].includes(name)));
    return { status: res.status, headers: kept, body: body.toString('utf8'), requestId: res.headers['x-request-id'] };
  }

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1'); // through the app, so closing it closes the server too
    for (let i = 0; i < 12; i++) await listedCreator(`Creator ${i}`); // answers above the compression threshold
    // Answers are sent again only while the database's announcements arrive: the listener
    // connects on the first directory read.
    await read('/api/directory');
    await eventually(
      () =>
        t.sql(
          `select pid from pg_stat_activity where datname = current_database() and application_name = 'local-creators listing listener' and query ilike 'listen%'`,
        ),
      (rows) => rows.length === 1,
    );
    const directory = t.app.get(DirectoryService);
    served = [jest.spyOn(directory, 'overview'), jest.spyOn(directory, 'search')];
  });
  afterAll(async () => {
    served.forEach((spy) => spy.mockRestore());
    await t?.close();
  });

  it.each([
    ['no Accept-Encoding', {}],
    ['brotli', { 'accept-encoding': 'gzip, deflate, br, zstd' }],
    ['gzip', { 'accept-encoding': 'gzip' }],
    ['only codings the API does not use', { 'accept-encoding': 'deflate, identity' }],
    ['weights (left to the framework)', { 'accept-encoding': 'br;q=0, gzip' }],
  ])('answers a repeated read with %s exactly as the first, without running the directory again', async (_label, headers) => {
    for (const path of ['/api/directory', niche]) {
      const first = await read(path, headers);
      const calls = directoryCalls();
      const again = await read(path, headers);
      expect(first.status).toBe(200);
      expect(again).toEqual({ ...first, requestId: expect.any(String) });
      expect(again.requestId).not.toBe(first.requestId);
      JSON.parse(again.body);
      if (!('accept-encoding' in headers) || !headers['accept-encoding']!.includes(';')) {
        expect(directoryCalls()).toBe(calls); // from memory
      }
    }
  });

  it('echoes a sane X-Request-Id and answers 304 to the ETag it gave', async () => {
    const first = await read('/api/directory');
    const again = await read('/api/directory', { 'If-None-Match': String(first.headers.etag), 'X-Request-Id': 'trace-42' });
    expect(again).toMatchObject({ status: 304, requestId: 'trace-42', body: '' });
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('never sends an answer again once the listing changed', async () => {
    const before = JSON.parse((await read(niche)).body).total as number;
    await read(niche); // kept
    const id = await listedCreator('Creator late');
    expect(JSON.parse((await read(niche)).body).total).toBe(before + 1);
    await t.sql(`update creator_profiles set is_public = false where id = $1`, [id]);
    expect(JSON.parse((await read(niche)).body).total).toBe(before);
  });

  it.each([
    ['a search', '/api/creators?q=creator&sort=name', 200],
    ['a filtered page', '/api/creators?niche=Food&sort=followers&per_page=5', 200],
    ['an unknown niche', '/api/creators?niche=Nope', 400],
    ['a repeated filter', '/api/creators?niche=Food&niche=Music', 400],
    ['a broken cursor', '/api/creators?cursor=%E0%A4%A', 400],
  ])('computes %s before the framework, answering exactly as the framework does', async (_label, path, status) => {
    // Issue 12: a search nobody asked before is computed in the front door too. A weighted
    // Accept-Encoding is left to the framework, so the two paths can be compared.
    const door = jest.spyOn(t.app.get(PreparedResponses), 'answer');
    try {
      const computed = await read(`${path}&fresh=${Math.random()}`.replace('?&', '?'), { 'accept-encoding': 'gzip' });
      expect(door.mock.results.at(-1)!.value).toBe(true);
      const framework = await read(`${path}&fresh=${Math.random()}`.replace('?&', '?'), { 'accept-encoding': 'gzip;q=1' });
      expect(door.mock.results.at(-1)!.value).toBe(false);
      expect(computed.status).toBe(status);
      expect(computed).toEqual({ ...framework, requestId: expect.any(String) });
    } finally {
      door.mockRestore();
    }
  });

  it("answers 304 to a computed answer's ETag, and records the search under its route", async () => {
    const path = '/api/creators?q=creator&per_page=3';
    const first = await read(path);
    const again = await read(`${path}&x=1`, { 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    const text = await t.app.get(Metrics).registry.getSingleMetricAsString('lc_http_requests_total');
    expect(text).toMatch(/lc_http_requests_total\{method="GET",route="\/api\/creators",status="304"\} [1-9]/);
  });

  it('counts the answers it sends in the request metrics, under the route', async () => {
    const count = async () => {
      const text = await t.app.get(Metrics).registry.getSingleMetricAsString('lc_http_requests_total');
      return Number(/lc_http_requests_total\{method="GET",route="\/api\/directory",status="200"\} (\d+)/.exec(text)?.[1] ?? 0);
    };
    await read('/api/directory');
    const before = await count();
    await read('/api/directory');
    await read('/api/directory');
    expect(await count()).toBe(before + 2);
  });
});

describe('directory answers with CORS configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CORS_ORIGIN: 'https://partner.example' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('go through the framework every time, so each carries the CORS headers', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.http().get('/api/directory').set('Origin', 'https://partner.example').expect(200);
      expect(res.headers['access-control-allow-origin']).toBe('https://partner.example');
    }
  });
});

describe('the server behind the front door', () => {
  it('closes with the app, however it was started listening', async () => {
    // SuperTest starts a server that is not listening and closes it when its request ends; a
    // request abandoned mid-way (the cancellation test) leaves it listening. Closing the app must
    // still close it, as Fastify does with a server it made itself, or Jest never exits.
    const t = await createTestApp();
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await t.close();
    expect(server.listening).toBe(false);
  });
});
