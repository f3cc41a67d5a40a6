import { request as httpRequest } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { startProduct, type Product } from './support/product';

const ROOT = join(__dirname, '..');

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they crossed the wire (still compressed). */
  body: Buffer;
}

/** A GET that keeps the body as sent, so sizes and encodings are what a browser receives. */
function rawGet(baseUrl: string, path: string, acceptEncoding?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL(path, baseUrl),
      { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The /assets/… (or /admin/assets/…) scripts and styles an HTML page references. */
/** The scripts and styles a page loads: linked, or handed to the loader that starts them after the first paint. */
const assetsOf = (html: string) => [
  ...[...html.matchAll(/(?:src|href|data-entry)="(\/(?:admin\/)?assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!),
  ...[...html.matchAll(/data-preload="([^"]*)"/g)].flatMap((m) => m[1]!.split(' ').filter(Boolean)),
];

describe('compression and caching of what the server sends', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product?.close());

  it('sends pages and API answers as brotli or gzip, whichever the client accepts', async () => {
    // Answers under 256 bytes stay plain (the empty directory of a fresh product is 61): the
    // API's own description stands in for a large JSON answer.
    for (const path of ['/', '/directory', '/api/docs-json']) {
      const br = await rawGet(product.baseUrl, path, 'gzip, deflate, br');
      expect([path, br.status, br.headers['content-encoding']]).toEqual([path, 200, 'br']);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      const gz = await rawGet(product.baseUrl, path, 'gzip');
      expect([path, gz.headers['content-encoding']]).toEqual([path, 'gzip']);
      const plain = await rawGet(product.baseUrl, path);
      expect([path, plain.headers['content-encoding']]).toEqual([path, undefined]);
    }
  });

  it.each([
    ['public site', '/'],
    ['admin console', '/admin/'],
  ])('sends the %s assets precompressed with immutable caching and no source maps', async (_name, page) => {
    const html = (await rawGet(product.baseUrl, page)).body.toString('utf8');
    const assets = assetsOf(html);
    expect(assets.length).toBeGreaterThan(0);
    let builtCompressed = 0;
    for (const asset of assets) {
      const plain = await rawGet(product.baseUrl, asset);
      const br = await rawGet(product.baseUrl, asset, 'br, gzip');
      const gz = await rawGet(product.baseUrl, asset, 'gzip');
      expect([asset, br.status, br.headers['content-encoding'], gz.headers['content-encoding']]).toEqual([
        asset,
        200,
        'br',
        'gzip',
      ]);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Built at brotli's best level: no larger than the same bytes compressed at quality 11 here
      // (files under the build's threshold are compressed as they are sent instead).
      if (
        existsSync(
          join(
            ROOT,
            asset.startsWith('/admin/') ? 'admin-console/dist' : 'public-site/dist',
            asset.replace(/^\/admin/, '') + '.br',
          ),
        )
      ) {
        const best = brotliCompressSync(plain.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
        expect([asset, br.body.length <= best]).toEqual([asset, true]);
        builtCompressed++;
      }
      expect(br.body.length).toBeLessThan(gz.body.length);
      expect(plain.body.toString('utf8')).not.toContain('sourceMappingURL');
      expect((await rawGet(product.baseUrl, `${asset}.map`)).status).toBe(404);
    }
    // The level check above ran: the entry script and the styles are always large enough.
    expect(builtCompressed).toBeGreaterThan(0);
  });

  it('keeps the first load of / (page, scripts, styles) within 200 KB on the wire', async () => {
    const page = await rawGet(product.baseUrl, '/', 'br, gzip');
    const html = (await rawGet(product.baseUrl, '/')).body.toString('utf8');
    let total = page.body.length;
    for (const asset of [
      ...assetsOf(html),
      ...(html.includes('src="/start-after-paint.js"') ? ['/start-after-paint.js'] : []),
    ]) {
      total += (await rawGet(product.baseUrl, asset, 'br, gzip')).body.length;
    }
    console.log(`first load of /: ${(total / 1024).toFixed(1)} KB compressed (HTML, scripts, styles)`);
    expect(total).toBeLessThanOrEqual(200 * 1024);
  });
});
