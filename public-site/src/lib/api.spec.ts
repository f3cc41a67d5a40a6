import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiFetch } from './api';

/** The site's idempotent POSTs (decision 0340) against a real HTTP server that fails the first tries. */
describe('apiFetch with idempotent: true', () => {
  let server: Server;
  let seen: IncomingHttpHeaders[] = [];
  let failures: number[] = [];
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers);
      req.resume();
      const status = failures.shift();
      if (status === 0) return void req.socket.destroy(); // no answer at all
      res
        .writeHead(status ?? 201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ok: status === undefined }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    globalThis.fetch = (input, init) => realFetch(new URL(String(input), base), init);
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen = [];
    failures = [];
  });

  it('sends again with the same key after a 502, a dropped connection and a 503, and returns the answer', async () => {
    failures = [502, 0, 503];
    await expect(
      apiFetch('/api/auth/signup', { method: 'POST', body: { a: 1 }, auth: false, idempotent: true }),
    ).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(4);
    const keys = seen.map((h) => h['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('gives up after four resends with the last answer', async () => {
    failures = [502, 502, 502, 502, 502];
    await expect(
      apiFetch('/api/shortlists', { method: 'POST', body: {}, auth: false, idempotent: true }),
    ).rejects.toMatchObject({ status: 502 });
    expect(seen).toHaveLength(5);
  });

  it('a new call is a new key; a POST without idempotent is sent once, with no key', async () => {
    await apiFetch('/api/shortlists', { method: 'POST', body: {}, auth: false, idempotent: true });
    await apiFetch('/api/shortlists', { method: 'POST', body: {}, auth: false, idempotent: true });
    expect(seen[0]!['idempotency-key']).not.toBe(seen[1]!['idempotency-key']);
    seen = [];
    failures = [502];
    await expect(apiFetch('/api/auth/login', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({
      status: 502,
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!['idempotency-key']).toBeUndefined();
  });
});
