import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { PageQueries } from '@local-creators/common';
import type { SiteCity } from './city-pages';

/** The city a page is drawn for, on an install of several cities (decision 0620), and every city. */
export interface RenderSite {
  city: string;
  copy?: Record<string, string>;
  cities: { home: string; list: SiteCity[] };
}

interface RendererModule {
  configure(opts: { city: string; copy?: Record<string, string> }): void;
  render(url: string, queries: PageQueries, site?: RenderSite): string;
}

/** Elements React hoists (resource hints) lead its output; they belong in the head. */
const LEADING_HOISTED = /^(?:<link\b[^>]*>)+/;

/**
 * The public site's server renderer (public-site/dist/server/entry-server.cjs, built by
 * `npm run build`): draws a page's first view so it arrives with the HTML (issue 12). Without the
 * bundle (an old build) pages are drawn in the browser only, as before.
 */
export class PageRenderer {
  private readonly renderer: RendererModule | null = null;

  constructor(publicDist: string, city: string, log: (msg: string) => void) {
    const bundle = join(publicDist, 'server', 'entry-server.cjs');
    if (!existsSync(bundle)) return;
    try {
      // A CommonJS bundle, required at its absolute path.
      this.renderer = createRequire(__filename)(bundle) as RendererModule;
      this.renderer.configure({ city });
    } catch (error) {
      log(`the public site's server renderer did not load (${String(error)}); pages are drawn in the browser`);
    }
  }

  /** The city the site's copy names, and its own lines (decision 0600), before pages are drawn. */
  configure(city: string, copy?: Record<string, string>) {
    this.renderer?.configure({ city, copy });
  }

  /** The page's HTML for `#root` and what React hoisted out of it, or null when it cannot be drawn here. */
  render(url: string, queries: PageQueries, site?: RenderSite): { body: string; head: string } | null {
    if (!this.renderer) return null;
    const html = this.renderer.render(url, queries, site);
    const head = LEADING_HOISTED.exec(html)?.[0] ?? '';
    return { body: html.slice(head.length), head };
  }
}
