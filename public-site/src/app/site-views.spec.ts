import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CREATOR_VIEW, NOT_FOUND_VIEW, SITE_PAGES } from '@local-creators/common';

/**
 * The server preloads a page's chunks by the module SITE_PAGES names for it (issue 12): each must
 * be a module of this site that app.tsx loads on demand, or the preload names nothing.
 */
const SITE_ROOT = join(__dirname, '..', '..');
const app = readFileSync(join(__dirname, 'app.tsx'), 'utf8');
const views = [...Object.values(SITE_PAGES).flatMap((p) => (p.view ? [p.view] : [])), CREATOR_VIEW, NOT_FOUND_VIEW];

describe('the views the server preloads', () => {
  it.each(views)('%s exists and is a lazy route of app.tsx', (view) => {
    expect(existsSync(join(SITE_ROOT, view))).toBe(true);
    const specifier = view.replace(/^src\//, '@/').replace(/\.tsx$/, '');
    expect(app).toContain(`preloadableView(() => import('${specifier}'))`);
  });
});
