import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { PageMeta, PageMetaRegistry } from './page-meta';

/** Paths the server answers itself (Nest routes, uploads), never the SPA. */
const SERVER_PATHS = /^\/(api|storage)(\/|$)|^\/(sitemap\.xml|robots\.txt)$/;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function withMeta(html: string, meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:type" content="profile">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    meta.url ? `<meta property="og:url" content="${escapeHtml(meta.url)}">` : '',
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}">` : '',
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
  ].join('\n    ');
  return html.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta name="description"[^>]*>/, '').replace('</head>', `    ${tags}\n  </head>`);
}

/**
 * One origin: /api is Nest's, /storage holds uploaded images, /admin is the react-admin console,
 * everything else the public site (SPA fallback to its index.html).
 */
export function mountWeb(app: Express, opts: { webRoot: string; storageDir: string | null; meta: PageMetaRegistry; log: (msg: string) => void }) {
  const publicDist = join(opts.webRoot, 'public-site', 'dist');
  const adminDist = join(opts.webRoot, 'admin-console', 'dist');
  const immutable = { index: false, maxAge: '1y', immutable: true } as const;

  if (opts.storageDir) app.use('/storage', express.static(opts.storageDir, { index: false, maxAge: '5m', fallthrough: false }));

  const readIndex = (dir: string) => (existsSync(join(dir, 'index.html')) ? readFileSync(join(dir, 'index.html'), 'utf8') : null);
  const publicIndex = readIndex(publicDist);
  const adminIndex = readIndex(adminDist);
  if (!publicIndex) opts.log(`public site not built (${publicDist}); run npm run build`);
  if (!adminIndex) opts.log(`admin console not built (${adminDist}); run npm run build`);

  // Everything but the server's own paths goes through one router, so API calls (the hot path)
  // pass a single layer instead of one per static folder, and never touch the disk.
  const web = express.Router();
  web.use('/admin/assets', express.static(join(adminDist, 'assets'), immutable));
  web.use('/assets', express.static(join(publicDist, 'assets'), immutable));
  web.use(express.static(publicDist, { index: false, maxAge: '1h' }));
  web.use(async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const isAdmin = req.path === '/admin' || req.path.startsWith('/admin/');
    let html = isAdmin ? adminIndex : publicIndex;
    if (!html) return res.status(503).type('text/plain').send('The web front end is not built yet. Run: npm run build');
    res.setHeader('Cache-Control', 'no-cache');
    if (!isAdmin) {
      try {
        const meta = await opts.meta.resolve(req.path);
        if (meta) html = withMeta(html, meta);
      } catch {
        // a failed lookup only costs the preview tags
      }
    }
    res.type('html').send(html);
  });
  app.use((req: Request, res: Response, next: NextFunction) => (SERVER_PATHS.test(req.path) ? next() : web(req, res, next)));
}
