import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isReservedCitySlug, RESERVED_PATH_SEGMENTS } from '@local-creators/common';

/**
 * Decision 0625: a city's slug is never a first path segment the install answers itself. The one
 * list lives in common (SITE_PAGES' paths and SERVER_PATHS); this keeps it in step with the
 * site's router, the server's own page routes and the files served at the root.
 */
const ROOT = join(__dirname, '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const firstSegment = (path: string) => path.replace(/^\//, '').split('/')[0]!;

describe('the paths no city slug may take', () => {
  it("holds every top-level route of the public site's router", () => {
    const router = read('public-site/src/app/app.tsx');
    const paths = [...router.matchAll(/path="(\/[^"]*)"/g)]
      .map(([, p]) => firstSegment(p!))
      .filter((s) => s && !s.startsWith(':') && s !== '*');
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((s) => !RESERVED_PATH_SEGMENTS.includes(s))).toEqual([]);
  });

  it("holds the server's own routes at the root and the files served there", () => {
    const pages = read('backend/src/web/pages.controller.ts');
    const routes = [...pages.matchAll(/@Get\('([^':*][^']*)'\)/g)].map(([, p]) => firstSegment(p!));
    expect(routes).toContain('robots.txt');
    const files = readdirSync(join(ROOT, 'public-site/public'));
    const badge = read('backend/src/modules/directory/http/verified-badge.controller.ts').match(
      /@Controller\('([^']+)'\)/,
    )![1]!;
    const missing = [...routes, ...files, badge, 'api', 'admin', 'assets'].filter(
      (s) => !RESERVED_PATH_SEGMENTS.includes(s) && !isReservedCitySlug(s),
    );
    expect(missing).toEqual([]);
  });

  it('refuses the pages and sitemap parts, and lets a real city through', () => {
    for (const slug of [
      'about',
      'login',
      'directory',
      'creator',
      'amplify',
      'apply',
      'dashboard',
      'admin',
      'api',
      'badge',
      'niche',
      'neighborhood',
      'playbook',
      'sitemap',
      'sitemap-3',
    ])
      expect([slug, isReservedCitySlug(slug)]).toEqual([slug, true]);
    for (const slug of ['akron', 'cleveland-heights', 'abouts', 'niche-town'])
      expect([slug, isReservedCitySlug(slug)]).toEqual([slug, false]);
  });
});
