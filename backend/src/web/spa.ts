import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageMetaRegistry } from './page-meta';
import { publicPage, withPageHead, type PublicPage, type SiteContext } from './page-head';
import { ViewPreloads } from './view-preloads';
import { PageRenderer } from './page-renderer';
import { SERVER_STATE_ID } from '@local-creators/common';
import { PUBLIC_READ } from '../shared/http/cache-control';
import { PreparedBody } from '../shared/http/prepared-body';

/** Paths the server answers itself (Nest routes, uploads), never the SPA. */
const SERVER_PATHS = /^\/(api|storage)(\/|$)|^\/(sitemap\.xml|robots\.txt)$/;

/** JSON inside a script element: `<` escaped so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * One origin: /api is Nest's, /storage holds uploaded images, /admin is the react-admin console,
 * everything else the public site (SPA fallback to its index.html). Fastify routes the most
 * specific prefix first, so API calls never reach these handlers nor touch the disk.
 */
export async function mountWeb(
  fastify: FastifyInstance,
  opts: { webRoot: string; storageDir: string | null; meta: PageMetaRegistry; site: SiteContext; log: (msg: string) => void },
) {
  const publicDist = join(opts.webRoot, 'public-site', 'dist');
  const adminDist = join(opts.webRoot, 'admin-console', 'dist');
  // Hashed file names never change content: cached for a year, sent as built .br/.gz when accepted.
  const immutable = { index: false, maxAge: '1y', immutable: true, decorateReply: false, preCompressed: true } as const;

  const readIndex = (dir: string) => (existsSync(join(dir, 'index.html')) ? readFileSync(join(dir, 'index.html'), 'utf8') : null);
  const publicIndex = readIndex(publicDist);
  const adminIndex = readIndex(adminDist);
  if (!publicIndex) opts.log(`public site not built (${publicDist}); run npm run build`);
  if (!adminIndex) opts.log(`admin console not built (${adminDist}); run npm run build`);
  const preloads = new ViewPreloads(publicDist);
  const renderer = new PageRenderer(publicDist, opts.site.city, opts.log);

  // A drawn page's scripts (which make it interactive) start only once it has been painted: the
  // entry and its chunks are handed to a small loader (public-site/public/start-after-paint.js)
  // instead of being fetched beside the stylesheet and the font. Rewritten once, here.
  const entryScripts = publicIndex ? splitEntryScripts(publicIndex) : null;
  /**
   * The page with its first view drawn into `#root` and the data it was drawn from after it, for
   * the browser to hydrate (public-site/src/main.tsx). A page that fails to draw is sent as before,
   * to be drawn in the browser.
   */
  function withFirstView(page: PublicPage, url: string): string {
    const preload = { scripts: preloads.for(page.view), fonts: preloads.fonts };
    let view: ReturnType<PageRenderer['render']> = null;
    try {
      view = renderer.render(url, page.data);
    } catch (error) {
      opts.log(`could not draw ${url} on the server (${String(error)})`);
    }
    if (!view) return withPageHead(publicIndex!, page, opts.site, preload);
    const loader = entryScripts
      ? `<script defer src="/start-after-paint.js" data-entry="${entryScripts.entry}" data-preload="${[...entryScripts.preloads, ...preload.scripts].join(' ')}"></script>`
      : '';
    return withPageHead(entryScripts?.html ?? publicIndex!, page, opts.site, { ...preload, scripts: entryScripts ? [] : preload.scripts })
      .replace('</head>', `${view.head}${loader}</head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root">${view.body}</div><script type="application/json" id="${SERVER_STATE_ID}">${scriptJson({ queries: page.data })}</script>`,
      );
  }

  // The public site's own top-level files (favicon...), known at start like the rest of the build.
  const rootFiles = new Set(
    existsSync(publicDist)
      ? readdirSync(publicDist, { withFileTypes: true })
          .filter((f) => f.isFile() && f.name !== 'index.html')
          .map((f) => f.name)
      : [],
  );

  // The first registration only gives replies sendFile() for the public site's top-level files.
  await fastify.register(fastifyStatic, { root: publicDist, serve: false });
  await fastify.register(fastifyStatic, { root: join(publicDist, 'assets'), prefix: '/assets/', ...immutable });
  await fastify.register(fastifyStatic, { root: join(adminDist, 'assets'), prefix: '/admin/assets/', ...immutable });
  if (opts.storageDir) await fastify.register(fastifyStatic, { root: opts.storageDir, prefix: '/storage/', index: false, maxAge: '5m', decorateReply: false });

  fastify.get('/*', async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?', 1)[0]!;
    // An unknown /api path (or a missing stored file) is Nest's JSON 404, never the SPA.
    if (SERVER_PATHS.test(path)) return reply.callNotFound();
    if (rootFiles.has(path.slice(1))) return reply.sendFile(path.slice(1), { maxAge: '1h' });
    const isAdmin = path === '/admin' || path.startsWith('/admin/');
    const html = isAdmin ? adminIndex : publicIndex;
    if (!html) return reply.code(503).type('text/plain; charset=utf-8').send('The web front end is not built yet. Run: npm run build');
    reply.header('Cache-Control', 'no-cache');
    if (isAdmin) return reply.type('text/html; charset=utf-8').send(html);
    // Unknown paths and unlisted profiles answer 404 with the same page (its own not-found view).
    let page: PublicPage;
    try {
      page = await publicPage(decodeURIComponent(path), opts.meta, opts.site);
    } catch (error) {
      // A malformed path is not a page; a lookup that failed (the database is down) is for now.
      // Either way the page still opens, with the site's own head and nothing drawn from data.
      const home = await publicPage('/', opts.meta, opts.site);
      page = { ...home, status: error instanceof URIError ? 404 : 503, indexable: false, data: [] };
    }
    if (!page.kept) return reply.code(page.status).type('text/html; charset=utf-8').send(withFirstView(page, req.url));
    // Drawn from a cached answer (the directory, a listed profile): drawn once per answer and
    // address, and public like the answer itself.
    const drawn = page.kept.form(`html ${req.url}`, () => PreparedBody.html(withFirstView(page, req.url)));
    return reply.code(page.status).header('Cache-Control', PUBLIC_READ).send(drawn.sendTo(req, reply));
  });
}

/**
 * The built index.html without its entry script and module preloads, and what they named. Vite
 * writes both with plain, hashed /assets/ paths, which need no escaping in an attribute.
 */
export function splitEntryScripts(index: string): { html: string; entry: string; preloads: string[] } | null {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(index);
  if (!entry) return null;
  const preloads = [...index.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let html = index.replace(entry[0], '');
  for (const p of preloads) html = html.replace(p[0], '');
  return { html, entry: entry[1]!, preloads: preloads.map((p) => p[1]!) };
}
