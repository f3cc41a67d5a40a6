import { Global, Module } from '@nestjs/common';
import { PageMetaRegistry } from './page-meta';

@Global()
@Module({ providers: [PageMetaRegistry], exports: [PageMetaRegistry] })
export class WebModule {}
