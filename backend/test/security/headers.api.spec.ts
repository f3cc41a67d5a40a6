import { createTestApp, TestApp } from '../helpers/test-app';

describe('security headers and limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CORS_ORIGIN: 'https://partner.example.com' } });
  });
  afterAll(() => t.close());

  it('sends helmet headers and no X-Powered-By, and sets no cookies', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('allows only the configured origin', async () => {
    const allowed = await t.http().get('/api/config').set('Origin', 'https://partner.example.com');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example.com');
    const other = await t.http().get('/api/config').set('Origin', 'https://evil.example.com');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses an oversized JSON body early with 413, and malformed JSON with 400', async () => {
    const big = await t
      .http()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200_000) }));
    expect(big.status).toBe(413);
    const bad = await t.http().post('/api/auth/login').set('Content-Type', 'application/json').send('{"email":');
    expect(bad.status).toBe(400);
  });
});

describe('upgrade-insecure-requests', () => {
  // Over plain HTTP at an address other than localhost the browser would fetch every asset over
  // https and show a blank page: the directive belongs only to an https PUBLIC_URL.
  it('is left out when PUBLIC_URL is http', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'http://192.168.1.20:3000' } });
    try {
      const res = await t.http().get('/api/health').expect(200);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    } finally {
      await t.close();
    }
  });

  it('is sent when PUBLIC_URL is https', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://creators.example.com' } });
    try {
      const res = await t.http().get('/api/health').expect(200);
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await t.close();
    }
  });
});
