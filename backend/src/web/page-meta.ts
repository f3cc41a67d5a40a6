import { Injectable } from '@nestjs/common';

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
}

type Resolver = (params: string[]) => Promise<PageMeta | null>;
/** The data a page is drawn from on the server: query keys as the public site uses them, and their data. */
export type PageData = [queryKey: unknown[], data: unknown][];
type DataLoader = (params: string[]) => Promise<PageData>;

/**
 * What modules tell the server about public pages. A page whose path holds an id (a creator's
 * profile) registers a resolver that gives its head, or null when there is no such page (the
 * server answers 404); a page drawn from data registers a loader of that data.
 */
@Injectable()
export class PageMetaRegistry {
  private readonly routes: { pattern: RegExp; resolve: Resolver }[] = [];
  private readonly loaders: { pattern: RegExp; load: DataLoader }[] = [];

  register(pattern: RegExp, resolve: Resolver) {
    this.routes.push({ pattern, resolve });
  }

  /** What a page (the directory, a profile) is drawn from when the server draws it (issue 12). */
  registerData(pattern: RegExp, load: DataLoader) {
    this.loaders.push({ pattern, load });
  }

  /** The page's data for the server's renderer; nothing when no loader matches. */
  async data(path: string): Promise<PageData> {
    for (const loader of this.loaders) {
      const match = loader.pattern.exec(path);
      if (match) return loader.load(match.slice(1));
    }
    return [];
  }

  /** The page's head; null when no pattern matches or its resolver found nothing. */
  async resolve(path: string): Promise<PageMeta | null> {
    for (const route of this.routes) {
      const match = route.pattern.exec(path);
      if (match) return route.resolve(match.slice(1));
    }
    return null;
  }
}
