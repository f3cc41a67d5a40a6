/**
 * The one writer of sitemap XML (sitemaps.org 0.9): the directory's URL sets and indexes and the
 * pages' index of several cities' sitemaps all come from here (decision 0860). Addresses are the
 * site's own (its public URL, slugs, UUIDs), never a visitor's text, so they go in as they are.
 */
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

export interface SitemapUrl {
  loc: string;
  lastmod?: Date;
}

/** One `<url>` line of a URL set. */
export const sitemapUrl = ({ loc, lastmod }: SitemapUrl): string =>
  lastmod
    ? `  <url><loc>${loc}</loc><lastmod>${lastmod.toISOString()}</lastmod></url>`
    : `  <url><loc>${loc}</loc></url>`;

/** A URL set of lines made by sitemapUrl. */
export const urlsetXml = (lines: readonly string[]): string =>
  `${HEAD}<urlset ${NS}>\n${lines.join('\n')}\n</urlset>\n`;

/** An index naming sitemap files (never another index). */
export const sitemapIndexXml = (files: readonly string[]): string =>
  `${HEAD}<sitemapindex ${NS}>\n${files.map((loc) => `  <sitemap><loc>${loc}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;
