import type { PageQueries } from '@local-creators/common';

/**
 * What a module hands the server for a public page it owns (its head, its first view's data, the
 * cached answer they came from), and the city a page is drawn for. The server's page layer (web/)
 * asks modules for these and draws the pages; the modules never import web/ (issue 38).
 */
export interface PageMeta {
  title: string;
  description: string;
  image?: string | null;
  /** Canonical absolute URL of the page. */
  url?: string;
  /** Open Graph type: `website` unless said. */
  type?: 'website' | 'profile';
  /** schema.org JSON-LD for search engines (a profile is a `Person`). */
  structuredData?: Record<string, unknown>;
  /** Listed with its canonical link, yet not for search engines' index: a thin page (decision 0640). */
  noindex?: boolean;
}

/**
 * The cached answer a page's data came from (the directory's, decision 0222): the server keeps
 * the page it draws from it with it, under a name, so a page is drawn once per answer.
 */
export interface KeptAnswer {
  form<F>(name: string, make: () => F): F;
}

/** The sitemap's XML, and the cached answer it is, so its prepared form is kept with it. */
export type SitemapAnswer = KeptAnswer & { value: string | null };

/** What a page's first view is drawn from, and the cached answer it came from, if any. */
export interface PageData {
  data: PageQueries;
  kept?: KeptAnswer;
}

/** A page with an id in its path: its head, and the data the server draws its first view from. */
export interface ResolvedPage extends PageData {
  meta: PageMeta;
  /** 410: the page was public and is gone for good (a closed call, decision 0903); not indexed. */
  status?: 410;
  /** The public site's module that draws it (its chunks are preloaded), when not the profile's. */
  view?: string;
}

/** What a drawn page's request says about its visitor, for counting (decision 0820): nothing is kept. */
export interface PageVisit {
  userAgent?: string;
  /** The client's address: only hashed with the day's salt, never kept (decision 0850). */
  ip?: string;
  /** The `ref` query parameter of the site's own links (decision 0850). */
  ref?: unknown;
}

/**
 * The city a page is drawn for, on an install of several cities (decision 0620): its slug, and
 * the prefix of its pages' addresses (`/akron`). Absent on a one-city install and for the site's
 * own pages: every city's data, as before.
 */
export interface PageCity {
  slug: string;
  prefix: string;
  /** The home city (CITY): its sitemap also lists the site's own pages. */
  home?: boolean;
  /** The address its pages are at when it has its own host name (`https://akron.example.org`, decision 0623); else PUBLIC_URL. */
  base?: string;
}
