import { Injectable } from '@nestjs/common';

export interface PageMeta {
  title: string;
  description: string;
  image?: string | null;
  /** Canonical absolute URL of the page. */
  url?: string;
}

type Resolver = (params: string[]) => Promise<PageMeta | null>;

/**
 * Pages that deserve real <title>/description/Open Graph tags when the server answers them
 * (a shared creator link previews well). Modules register a path pattern and a resolver.
 */
@Injectable()
export class PageMetaRegistry {
  private readonly routes: { pattern: RegExp; resolve: Resolver }[] = [];

  register(pattern: RegExp, resolve: Resolver) {
    this.routes.push({ pattern, resolve });
  }

  async resolve(path: string): Promise<PageMeta | null> {
    for (const route of this.routes) {
      const match = route.pattern.exec(path);
      if (match) return route.resolve(match.slice(1));
    }
    return null;
  }
}
