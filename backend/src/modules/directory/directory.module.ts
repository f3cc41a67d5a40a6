import { Global, Module, OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { CreatorModule, ListedProfiles } from '../creator';
import { AreaPages } from './application/area-pages';
import { AreaReads } from './application/area-reads';
import { CreatorAdminQueries } from './application/creator-admin-queries';
import { DirectoryReads } from './application/directory-reads';
import { DirectoryService } from './application/directory.service';
import { ListedCreatorsForCalls } from './application/listed-creators-for-calls';
import { DirectoryListedProfiles } from './application/listed-profiles';
import { AreaPagesController } from './http/area-pages.controller';
import { DirectoryController } from './http/directory.controller';
import { DirectoryPool } from './infrastructure/directory-pool';
import { ListingChangeSubscriber } from './infrastructure/listing-change.subscriber';
import { ListingVersion } from './infrastructure/listing-version';
import { QueryCanceller } from './infrastructure/query-canceller';
import { ReadReplicas } from './infrastructure/read-replicas';
import { SqlAreaReads } from './infrastructure/sql-area-reads';
import { SqlCreatorAdminQueries } from './infrastructure/sql-creator-admin-queries';
import { SqlDirectoryReads } from './infrastructure/sql-directory-reads';
import { SqlListedCreatorsForCalls } from './infrastructure/sql-listed-creators-for-calls';

/**
 * The read side (decision 0970): the public directory (overview, search, profiles, area pages,
 * the feed's rows), the console's lists of creators and the calls' candidates, read from the
 * creator module's tables through their own pool, replicas, kept plans, cache and listing version.
 * The creator module keeps the writes and the rules; it never imports this module.
 *
 * Global for one binding: the creator module's ListedProfiles port (shortlists' cards), which it
 * asks for without importing this module (that import would be a cycle).
 */
@Global()
@Module({
  imports: [CreatorModule],
  controllers: [DirectoryController, AreaPagesController],
  providers: [
    DirectoryService,
    ListingVersion,
    QueryCanceller,
    DirectoryPool,
    ReadReplicas,
    AreaPages,
    { provide: DirectoryReads, useClass: SqlDirectoryReads },
    { provide: AreaReads, useClass: SqlAreaReads },
    { provide: CreatorAdminQueries, useClass: SqlCreatorAdminQueries },
    { provide: ListedCreatorsForCalls, useClass: SqlListedCreatorsForCalls },
    { provide: ListedProfiles, useClass: DirectoryListedProfiles },
  ],
  exports: [
    DirectoryService,
    // The live badge (verified-badge.module.ts, of this folder): an unlisted creator's city.
    DirectoryReads,
    // The server's pages draw the directory's, the areas' and the profiles' pages (web/).
    AreaPages,
    CreatorAdminQueries,
    ListedCreatorsForCalls,
    ListedProfiles,
  ],
})
export class DirectoryModule implements OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    private readonly listingVersion: ListingVersion,
  ) {}

  onModuleInit() {
    // This process's own profile writes move the directory's version as they commit.
    this.orm.em.getEventManager().registerSubscriber(new ListingChangeSubscriber(this.listingVersion));
  }
}
