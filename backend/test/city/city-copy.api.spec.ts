import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, secondApiProcess, TestApp } from '../helpers/test-app';

/**
 * Issue 26 point 1, decision 0600: a city's own lines of copy (the flavoured lines of decision
 * 0215) come from its `cities` row. A city without its own lines sends the page exactly as before.
 */
describe("the home city's own copy", () => {
  let t: TestApp;
  const copyTag = (html: string) =>
    /<meta name="lc-city-copy" content="([^"]*)">/.exec(html)?.[1]?.replace(/&quot;/g, '"') ?? null;

  beforeAll(async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'lc-web-'));
    mkdirSync(join(webRoot, 'public-site', 'dist'), { recursive: true });
    writeFileSync(
      join(webRoot, 'public-site', 'dist', 'index.html'),
      '<!doctype html><html><head><title>Local Creators</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ env: { WEB_ROOT: webRoot, CITY: 'Akron' } });
  });
  afterAll(() => t.close());

  it('sends no copy of its own until the operator writes some, then the lines written', async () => {
    const before = await t.http().get('/about').expect(200);
    expect(before.text).toContain('<meta name="lc-city" content="Akron">');
    expect(copyTag(before.text)).toBeNull();

    // What `npm run admin -- city set akron --resident "an Akronite"` writes; read when the API starts.
    await t.sql(`update cities set copy = '{"resident":"an Akronite"}' where slug = 'akron'`);
    const restarted = await secondApiProcess(t);
    try {
      const page = await restarted.http().get('/about').expect(200);
      expect(JSON.parse(copyTag(page.text)!)).toMatchObject({
        resident: 'an Akronite',
        outsiderTell: 'had never set foot in Akron',
        reviews: 'food reviews',
      });
    } finally {
      await restarted.close();
    }
  });
});
