import { Global, Module } from '@nestjs/common';
import { PageMetaRegistry } from './page-meta';
import { PagesController } from './pages.controller';
import { SitePages } from './spa';

/** The server-drawn pages: what modules register for them, and the route that answers them. */
@Global()
@Module({ controllers: [PagesController], providers: [PageMetaRegistry, SitePages], exports: [PageMetaRegistry] })
export class WebModule {}
