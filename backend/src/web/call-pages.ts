import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { PublicCall } from '@local-creators/common';
import { CallVisits, PublicCalls } from '../modules/calls';
import { PageMetaRegistry } from './page-meta';

/** A city's open calls as the server draws them (issue 40): `/{city}/calls` and `/{city}/calls/{id}`, and their sitemap entries. */
@Injectable()
export class CallPages implements OnModuleInit {
  constructor(
    private readonly meta: PageMetaRegistry,
    private readonly pub: PublicCalls,
    private readonly visits: CallVisits,
  ) {}

  onModuleInit() {
    this.meta.register(/^\/calls\/?$/, (_, city) => this.pub.listPage(city));
    this.meta.register(/^\/calls\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/, ([id], city) =>
      this.pub.callPage(id!, city),
    );
    this.meta.addSitemapPaths((city) => this.pub.sitemapPaths(city));
    // A public call's drawn page is a view, as its JSON read is (decision 0920); a closed one (410) is not.
    this.meta.onVisit((path, data, visit) => {
      const id = /^\/calls\/([0-9a-f-]{36})\/?$/.exec(path)?.[1];
      const shown = id
        ? (data.find(([key]) => key[0] === 'call' && key[1] === id)?.[1] as PublicCall | undefined)
        : undefined;
      if (shown && 'city_slug' in shown) this.visits.viewed(shown, visit);
    });
  }
}
