import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Inject, Injectable, Logger, NotFoundException, OnApplicationBootstrap } from '@nestjs/common';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { Cities, defaultCopy } from '../modules/city';
import { PageMetaRegistry } from './page-meta';
import { publicPage, withPageHead, type PublicPage, type SiteContext } from './page-head';
import { ViewPreloads } from './view-preloads';
import { PageRenderer } from './page-renderer';
import { SERVER_STATE_ID } from '@local-creators/common';
import { PUBLIC_READ } from '../shared/http/cache-control';
import { PreparedBody } from '../shared/http/prepared-body';

/** Paths the server answers itself (Nest routes, uploads), never the SPA. */
const SERVER_PATHS = /^\/(api|storage)(\/|$)|^\/(sitemap(-\d+)?\.xml|robots\.txt)$/;

/** The two headers the creator's numbers read (decision 0820), and the host the request was sent to. */
const visitOf = (req: FastifyRequest) => ({ userAgent: req.headers['user-agent'], referer: req.headers.referer, host: req.headers.host });

/** JSON inside a script element: `<` escaped so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The repository root (holding public-site/ and admin-console/), from dist or from src. */
function repoRoot() {
  let dir = __dirname;
  for (let i = 0; i < 5; i++) {
    if (existsSync(resolve(dir, 'public-site')) && existsSync(resolve(dir, 'backend'))) return dir;
    dir = resolve(dir, '..');
  }
  return process.cwd();
}

/** Where the built front ends are: WEB_ROOT, else this repository. */
export function webRootOf(config: AppConfig) {
  return config.http.webRoot ?? repoRoot();
}

/**
 * The built files, served by @fastify/static as files: the public site's and the console's hashed
 * assets (cached for a year, sent as built .br/.gz when accepted) and uploaded images (local disk
 * driver). Fastify routes these prefixes before the pages' catch-all route.
 */
export async function mountStaticFiles(fastify: FastifyInstance, opts: { webRoot: string; storageDir: string | null }) {
  const publicDist = join(opts.webRoot, 'public-site', 'dist');
  const adminDist = join(opts.webRoot, 'admin-console', 'dist');
  const immutable = { index: false, maxAge: '1y', immutable: true, decorateReply: false, preCompressed: true } as const;
  // The first registration only gives replies sendFile() for the public site's top-level files.
  await fastify.register(fastifyStatic, { root: publicDist, serve: false });
  await fastify.register(fastifyStatic, { root: join(publicDist, 'assets'), prefix: '/assets/', ...immutable });
  await fastify.register(fastifyStatic, { root: join(adminDist, 'assets'), prefix: '/admin/assets/', ...immutable });
  if (opts.storageDir) await fastify.register(fastifyStatic, { root: opts.storageDir, prefix: '/storage/', index: false, maxAge: '5m', decorateReply: false });
}

/**
 * One origin: /api is Nest's controllers, /storage holds uploaded images, /admin is the react-admin
 * console, everything else the public site (its index.html, with the page's own head and, where
 * the site can draw it, its first view). Answered by PagesController, through Nest like every route.
 */
@Injectable()
export class SitePages implements OnApplicationBootstrap {
  private readonly logger = new Logger('web');
  private readonly publicIndex: string | null;
  private readonly adminIndex: string | null;
  private readonly preloads: ViewPreloads;
  private readonly renderer: PageRenderer;
  /**
   * A drawn page's scripts (which make it interactive) start only once it has been painted: the
   * entry and its chunks are handed to a small loader (public-site/public/start-after-paint.js)
   * instead of being fetched beside the stylesheet and the font. Rewritten once, here.
   */
  private readonly entryScripts: ReturnType<typeof splitEntryScripts>;
  /** The public site's own top-level files (favicon...), known at start like the rest of the build. */
  private readonly rootFiles: Set<string>;
  private readonly site: SiteContext;

  constructor(
    @Inject(AppConfig) config: AppConfig,
    private readonly meta: PageMetaRegistry,
    private readonly cities: Cities,
  ) {
    const webRoot = webRootOf(config);
    const publicDist = join(webRoot, 'public-site', 'dist');
    const adminDist = join(webRoot, 'admin-console', 'dist');
    const readIndex = (dir: string) => (existsSync(join(dir, 'index.html')) ? readFileSync(join(dir, 'index.html'), 'utf8') : null);
    this.site = { publicUrl: config.http.publicUrl, city: config.city };
    this.publicIndex = readIndex(publicDist);
    this.adminIndex = readIndex(adminDist);
    if (!this.publicIndex) this.logger.warn(`public site not built (${publicDist}); run npm run build`);
    if (!this.adminIndex) this.logger.warn(`admin console not built (${adminDist}); run npm run build`);
    this.preloads = new ViewPreloads(publicDist);
    this.renderer = new PageRenderer(publicDist, this.site.city, (m) => this.logger.warn(m));
    this.entryScripts = this.publicIndex ? splitEntryScripts(this.publicIndex) : null;
    this.rootFiles = new Set(
      existsSync(publicDist)
        ? readdirSync(publicDist, { withFileTypes: true })
            .filter((f) => f.isFile() && f.name !== 'index.html')
            .map((f) => f.name)
        : [],
    );
  }

  /**
   * The home city's own lines of copy, read once at start (a change by `city set` applies when
   * the API restarts). Without the database the site's own lines for the city name stand.
   */
  async onApplicationBootstrap() {
    try {
      const home = await this.cities.home();
      const derived = defaultCopy(this.site.city);
      const own = (Object.keys(derived) as (keyof typeof derived)[]).some((k) => home.copy[k] !== derived[k]);
      this.site.copy = own ? { ...home.copy } : null;
      if (own) this.renderer.configure(this.site.city, { ...home.copy });
    } catch (error) {
      this.logger.warn(`the home city's copy could not be read (${String(error)}); the site's own lines stand`);
    }
  }

  /** Sends the answer to a GET of a path no other route takes. */
  async answer(req: FastifyRequest, reply: FastifyReply) {
    const path = req.url.split('?', 1)[0]!;
    // An unknown /api path (or a missing stored file) is the API's JSON 404, never the SPA.
    if (SERVER_PATHS.test(path)) throw new NotFoundException(`Cannot GET ${path}`);
    if (this.rootFiles.has(path.slice(1))) return reply.sendFile(path.slice(1), { maxAge: '1h' });
    const isAdmin = path === '/admin' || path.startsWith('/admin/');
    const html = isAdmin ? this.adminIndex : this.publicIndex;
    if (!html) return reply.code(503).type('text/plain; charset=utf-8').send('The web front end is not built yet. Run: npm run build');
    reply.header('Cache-Control', 'no-cache');
    if (isAdmin) return reply.type('text/html; charset=utf-8').send(html);
    // Unknown paths and unlisted profiles answer 404 with the same page (its own not-found view).
    let page: PublicPage;
    try {
      page = await publicPage(decodeURIComponent(path), this.meta, this.site, new URLSearchParams(req.url.slice(path.length)));
    } catch (error) {
      // A malformed path is not a page; a lookup that failed (the database is down) is for now.
      // Either way the page still opens, with the site's own head and nothing drawn from data.
      const home = await publicPage('/', this.meta, this.site);
      page = { ...home, status: error instanceof URIError ? 404 : 503, indexable: false, data: [] };
    }
    if (page.status === 200 && page.data.length > 0) this.meta.visited(decodeURIComponent(path), page.data, visitOf(req));
    if (!page.kept) return reply.code(page.status).type('text/html; charset=utf-8').send(this.withFirstView(page, req.url));
    // Drawn from a cached answer (the directory, a listed profile): drawn once per answer and
    // address, and public like the answer itself.
    const drawn = page.kept.form(`html ${req.url}`, () => PreparedBody.html(this.withFirstView(page, req.url)));
    return reply.code(page.status).header('Cache-Control', PUBLIC_READ).send(drawn.sendTo(req, reply));
  }

  /**
   * The page with its first view drawn into `#root` and the data it was drawn from after it, for
   * the browser to hydrate (public-site/src/main.tsx). A page that fails to draw is sent as before,
   * to be drawn in the browser.
   */
  private withFirstView(page: PublicPage, url: string): string {
    const preload = { scripts: this.preloads.for(page.view), fonts: this.preloads.fonts };
    let view: ReturnType<PageRenderer['render']> = null;
    try {
      view = this.renderer.render(url, page.data);
    } catch (error) {
      this.logger.warn(`could not draw ${url} on the server (${String(error)})`);
    }
    const entryScripts = this.entryScripts;
    if (!view) return withPageHead(this.publicIndex!, page, this.site, preload);
    const loader = entryScripts
      ? `<script defer src="/start-after-paint.js" data-entry="${entryScripts.entry}" data-preload="${[...entryScripts.preloads, ...preload.scripts].join(' ')}"></script>`
      : '';
    return withPageHead(entryScripts?.html ?? this.publicIndex!, page, this.site, { ...preload, scripts: entryScripts ? [] : preload.scripts })
      .replace('</head>', `${view.head}${loader}</head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root">${view.body}</div><script type="application/json" id="${SERVER_STATE_ID}">${scriptJson({ queries: page.data })}</script>`,
      );
  }
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
