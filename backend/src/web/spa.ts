import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Inject, Injectable, Logger, NotFoundException, OnApplicationBootstrap } from '@nestjs/common';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { Cities, defaultCopy, type City } from '../modules/city';
import { PageMetaRegistry, type PageCity } from './page-meta';
import { CITIES_KEPT_MS, cityOfHost, cityRouteOf, ownCopyOf, siteCityOf } from './city-pages';
import { publicPage, withPageHead, type PublicPage, type SiteContext } from './page-head';
import { ViewPreloads } from './view-preloads';
import { PageRenderer } from './page-renderer';
import {
  CREATOR_PATH,
  SERVER_STATE_ID,
  SITE_NAME,
  cityPagePath,
  normalizePath,
  type PublicCreator,
} from '@local-creators/common';
import { PUBLIC_READ } from '../shared/http/cache-control';
import { PreparedBody } from '../shared/http/prepared-body';

/** Paths the server answers itself (Nest routes, uploads), never the SPA. */
const SERVER_PATHS = /^\/(api|storage)(\/|$)|^\/(sitemap(-\d+)?\.xml|robots\.txt)$/;

/** What the creator's numbers read of a request (decisions 0820, 0850): its User-Agent, its address (hashed for the day) and the site's `ref`. */
const visitOf = (req: FastifyRequest) => ({
  userAgent: req.headers['user-agent'],
  ip: req.ip,
  ref: (req.query as Record<string, unknown> | undefined)?.ref,
});

/** The root's list of cities on an install of several cities (decision 0620). */
const CITIES_VIEW = 'src/features/marketing/cities-page.tsx';

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
  if (opts.storageDir)
    await fastify.register(fastifyStatic, {
      root: opts.storageDir,
      prefix: '/storage/',
      index: false,
      maxAge: '5m',
      decorateReply: false,
    });
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
    const readIndex = (dir: string) =>
      existsSync(join(dir, 'index.html')) ? readFileSync(join(dir, 'index.html'), 'utf8') : null;
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

  private citiesRead: { until: number; list: City[] } | null = null;

  /**
   * The cities the site serves, read again after a few seconds (a city added by the CLI shows
   * within them). Without the database: none known, and the site is a one-city site meanwhile.
   */
  async siteCities(): Promise<City[]> {
    const now = Date.now();
    if (this.citiesRead && this.citiesRead.until > now) return this.citiesRead.list;
    try {
      const list = await this.cities.all();
      this.citiesRead = { until: now + CITIES_KEPT_MS, list };
      return list;
    } catch (error) {
      this.logger.warn(`the cities could not be read (${String(error)})`);
      return this.citiesRead?.list ?? [];
    }
  }

  /** The home city's slug (CITY's row), among `cities`. */
  homeSlugOf(cities: City[]): string {
    return (cities.find((c) => c.name === this.site.city) ?? cities[0]!).slug;
  }

  /** Sends the answer to a GET of a path no other route takes. */
  async answer(req: FastifyRequest, reply: FastifyReply) {
    const path = req.url.split('?', 1)[0]!;
    const cities =
      SERVER_PATHS.test(path) || path === '/admin' || path.startsWith('/admin/') ? [] : await this.siteCities();
    if (cities.length > 1) return this.answerCities(req, reply, path, cities);
    return this.answerPage(req, reply, path, this.site);
  }

  /**
   * An install of several cities (decisions 0620, 0621): `/` lists them, each city's pages live
   * under its slug, and the old one-city addresses of those pages answer a permanent redirect.
   */
  private async answerCities(req: FastifyRequest, reply: FastifyReply, rawPath: string, cities: City[]) {
    const home = this.homeSlugOf(cities);
    // A city on its own host name (decision 0623): its pages at the root paths there.
    const hostCity = cityOfHost(req.hostname, cities);
    const sites = { home, list: cities.map(siteCityOf), ...(hostCity ? { host: hostCity.slug } : {}) };
    const search = req.url.slice(rawPath.length);
    // The site's own pages on a city's host name speak of that city, as the browser will (site-config).
    const hostOwn = hostCity ? ownCopyOf(hostCity) : undefined;
    const siteHere: SiteContext = hostCity
      ? {
          publicUrl: this.hostBase(hostCity.host!),
          city: hostCity.name,
          copy: hostOwn ? { ...hostOwn } : null,
          cities: sites,
        }
      : { ...this.site, cities: sites };
    let path: string;
    try {
      path = normalizePath(decodeURIComponent(rawPath));
    } catch {
      return this.answerPage(req, reply, rawPath, siteHere);
    }
    const route = cityRouteOf(path, cities, home, hostCity);
    const moved = (to: string) =>
      reply.code(301).header('Location', `${to}${search}`).header('Cache-Control', 'public, max-age=3600').send();
    if (route.kind === 'redirect') return moved(route.to);
    if (route.kind === 'profile') {
      // An old profile address goes to its creator's own city; an unlisted one is answered as before.
      const city = await this.profileCity(path).catch(() => null);
      if (city) return moved(cityPagePath(city, path));
    }
    if (route.kind === 'root') return this.answerRoot(req, reply, cities, sites);
    if (route.kind !== 'city') return this.answerPage(req, reply, rawPath, siteHere);
    const { city, rest } = route;
    const onHost = city === hostCity && !rawPath.startsWith(`/${city.slug}`);
    const base = onHost ? this.hostBase(city.host!) : undefined;
    const at: PageCity = {
      slug: city.slug,
      prefix: onHost ? '' : `/${city.slug}`,
      home: city.slug === home,
      ...(base ? { base } : {}),
    };
    const own = ownCopyOf(city);
    const site: SiteContext = {
      publicUrl: base ?? this.site.publicUrl,
      city: city.name,
      copy: own ? { ...own } : null,
      cities: sites,
    };
    return this.answerPage(req, reply, rawPath, site, { rest, city: at });
  }

  /** A city's own host name as an address, with PUBLIC_URL's scheme (decision 0623). */
  hostBase(host: string): string {
    return `${new URL(this.site.publicUrl).protocol}//${host}`;
  }

  /** The listed profile's city, for the redirect of an old /creator/{id}; null when not listed. */
  private async profileCity(path: string): Promise<string | null> {
    if (!CREATOR_PATH.test(path)) return null;
    const page = await this.meta.page(path);
    const creator = page?.data.find(([key]) => key[0] === 'creator')?.[1] as PublicCreator | undefined;
    return creator?.city_slug ?? null;
  }

  /** `/` of an install of several cities: the cities, each with its count and a link to its pages. */
  private async answerRoot(
    req: FastifyRequest,
    reply: FastifyReply,
    cities: City[],
    sites: NonNullable<SiteContext['cities']>,
  ) {
    const site: SiteContext = { ...this.site, cities: sites };
    if (!this.publicIndex)
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web front end is not built yet. Run: npm run build');
    let page: PublicPage;
    try {
      const list = await this.meta.cities();
      const names = cities.map((c) => c.name).join(', ');
      const description = `A free directory of human-verified local creators in ${names}. Brands browse and contact creators directly, no middlemen.`;
      const url = `${this.site.publicUrl}/`;
      page = {
        status: 200,
        indexable: true,
        view: CITIES_VIEW,
        data: [[['cities'], list]],
        meta: {
          title: `${SITE_NAME} · Verified local creators, free forever`,
          description,
          url,
          structuredData: { '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, url, description },
        },
      };
    } catch (error) {
      this.logger.warn(`the cities' counts could not be read (${String(error)})`);
      const fallback = await publicPage('/', this.meta, site);
      page = { ...fallback, status: 503, indexable: false, view: CITIES_VIEW, data: [] };
    }
    reply.header('Cache-Control', 'no-cache');
    return reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .send(this.withFirstView(page, req.url, site));
  }

  /** A page of the site: of one city (`at`) or the site's own. */
  private async answerPage(
    req: FastifyRequest,
    reply: FastifyReply,
    path: string,
    site: SiteContext,
    at?: { rest: string; city: PageCity },
  ) {
    // An unknown /api path (or a missing stored file) is the API's JSON 404, never the SPA.
    if (SERVER_PATHS.test(path)) throw new NotFoundException(`Cannot GET ${path}`);
    if (this.rootFiles.has(path.slice(1))) return reply.sendFile(path.slice(1), { maxAge: '1h' });
    const isAdmin = path === '/admin' || path.startsWith('/admin/');
    const html = isAdmin ? this.adminIndex : this.publicIndex;
    if (!html)
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web front end is not built yet. Run: npm run build');
    reply.header('Cache-Control', 'no-cache');
    if (isAdmin) return reply.type('text/html; charset=utf-8').send(html);
    // Unknown paths and unlisted profiles answer 404 with the same page (its own not-found view).
    let page: PublicPage;
    try {
      const query = new URLSearchParams(req.url.slice(path.length));
      page = await publicPage(at ? at.rest : decodeURIComponent(path), this.meta, site, query, at?.city);
    } catch (error) {
      // A malformed path is not a page; a lookup that failed (the database is down) is for now.
      // Either way the page still opens, with the site's own head and nothing drawn from data.
      const home = await publicPage('/', this.meta, site);
      page = { ...home, status: error instanceof URIError ? 404 : 503, indexable: false, data: [] };
    }
    // A profile asked for under another city than its own goes to its own (decision 0621).
    const creator =
      at && page.status === 200
        ? (page.data.find(([key]) => key[0] === 'creator')?.[1] as PublicCreator | undefined)
        : undefined;
    if (creator && creator.city_slug !== at!.city.slug) {
      return reply
        .code(301)
        .header('Location', `${cityPagePath(creator.city_slug, at!.rest)}${req.url.slice(path.length)}`)
        .send();
    }
    if (page.status === 200 && page.data.length > 0)
      this.meta.visited(at ? at.rest : decodeURIComponent(path), page.data, visitOf(req));
    if (!page.kept)
      return reply
        .code(page.status)
        .type('text/html; charset=utf-8')
        .send(this.withFirstView(page, req.url, site));
    // Drawn from a cached answer (the directory, a listed profile): drawn once per answer and
    // address, and public like the answer itself. The cities named in the page are part of its key.
    const key = site.cities ? `html ${site.cities.list.map((c) => c.slug).join(',')} ${req.url}` : `html ${req.url}`;
    const drawn = page.kept.form(key, () => PreparedBody.html(this.withFirstView(page, req.url, site)));
    return reply.code(page.status).header('Cache-Control', PUBLIC_READ).send(drawn.sendTo(req, reply));
  }

  /**
   * The page with its first view drawn into `#root` and the data it was drawn from after it, for
   * the browser to hydrate (public-site/src/main.tsx). A page that fails to draw is sent as before,
   * to be drawn in the browser.
   */
  private withFirstView(page: PublicPage, url: string, site: SiteContext = this.site): string {
    const preload = { scripts: this.preloads.for(page.view), fonts: this.preloads.fonts };
    let view: ReturnType<PageRenderer['render']> = null;
    try {
      view = this.renderer.render(
        url,
        page.data,
        site.cities ? { city: site.city, copy: site.copy ?? undefined, cities: site.cities } : undefined,
      );
    } catch (error) {
      this.logger.warn(`could not draw ${url} on the server (${String(error)})`);
    }
    const entryScripts = this.entryScripts;
    if (!view) return withPageHead(this.publicIndex!, page, site, preload);
    const loader = entryScripts
      ? `<script defer src="/start-after-paint.js" data-entry="${entryScripts.entry}" data-preload="${[...entryScripts.preloads, ...preload.scripts].join(' ')}"></script>`
      : '';
    return withPageHead(entryScripts?.html ?? this.publicIndex!, page, site, {
      ...preload,
      scripts: entryScripts ? [] : preload.scripts,
    })
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
