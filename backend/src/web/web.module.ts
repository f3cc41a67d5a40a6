import { Global, Module } from '@nestjs/common';
import { CallsModule } from '../modules/calls';
import { CreatorModule } from '../modules/creator';
import { DirectoryModule } from '../modules/directory';
import { CallPages } from './call-pages';
import { CreatorPages } from './creator-pages';
import { PageMetaRegistry } from './page-meta';
import { PagesController } from './pages.controller';
import { Sitemaps } from './sitemaps';
import { SitePages } from './spa';

/**
 * The server-drawn pages: the registry of what each page is drawn from, filled here from the
 * modules' answers (the modules never import web/), and the route that answers them.
 */
@Global()
@Module({
  imports: [CreatorModule, DirectoryModule, CallsModule],
  controllers: [PagesController],
  providers: [PageMetaRegistry, SitePages, Sitemaps, CreatorPages, CallPages],
  exports: [PageMetaRegistry],
})
export class WebModule {}
