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

/**
 * Public pages whose path holds an id (a creator's profile): a module registers the pattern and a
 * resolver that gives the page's head, or null when there is no such page (the server answers 404).
 */
@Injectable()
export class PageMetaRegistry {
  private readonly routes: { pattern: RegExp; resolve: Resolver }[] = [];

  register(pattern: RegExp, resolve: Resolver) {
    this.routes.push({ pattern, resolve });
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
