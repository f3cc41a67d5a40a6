import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  assets?: string[];
}

/** The one font file every page's text needs (Inter, Latin): fetched with the stylesheet, not after it. */
const TEXT_FONT = /inter-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * The chunks each on-demand page of the public site needs, from Vite's build manifest
 * (`public-site/dist/.vite/manifest.json`). The server names them in the page it sends as
 * `<link rel="modulepreload">`, so the browser fetches them alongside the entry script instead of
 * after it has run (issue 12). Without a manifest (an old build) no page gets any.
 */
export class ViewPreloads {
  private readonly byView = new Map<string, string[]>();
  /** Fonts to preload on every page. */
  readonly fonts: string[] = [];

  constructor(publicDist: string) {
    const path = join(publicDist, '.vite', 'manifest.json');
    if (!existsSync(path)) return;
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
    // The entry's own chunks are in index.html already.
    const inEntry = new Set<string>();
    const collect = (key: string, into: Set<string>) => {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) return;
      into.add(chunk.file);
      for (const imported of chunk.imports ?? []) collect(imported, into);
    };
    for (const [key, chunk] of Object.entries(manifest)) {
      if (!chunk.isEntry) continue;
      collect(key, inEntry);
      this.fonts.push(...(chunk.assets ?? []).filter((a) => TEXT_FONT.test(a)).map((a) => `/${a}`));
    }
    for (const key of Object.keys(manifest)) {
      if (manifest[key]!.isEntry) continue;
      const files = new Set<string>();
      collect(key, files);
      this.byView.set(
        key,
        [...files].filter((f) => !inEntry.has(f) && f.endsWith('.js')).map((f) => `/${f}`),
      );
    }
  }

  /** The script URLs to preload for a page drawn by `view` (a source path, as SITE_PAGES names it). */
  for(view: string | undefined): string[] {
    return view ? (this.byView.get(view) ?? []) : [];
  }
}
