import { Module, OnModuleInit } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { MikroORM } from '@mikro-orm/postgresql';
import { PageMetaRegistry } from '../../web/page-meta';
import { ReadReplicas } from '../../database/read-replicas';
import { NotificationsModule } from '../notifications';
import { ApprovedProfileEdits } from './application/approved-profile-edits';
import { ContactRequests } from './application/contact-requests.service';
import { FollowerCounts, FollowerReminderSchedule } from './application/follower-counts';
import { ReplySweepSchedule, ReplyTimes } from './application/reply-times';
import { ListedCreatorsForCalls } from './application/listed-creators-for-calls';
import { SqlListedCreatorsForCalls } from './infrastructure/sql-listed-creators-for-calls';
import { HandleChecks } from './application/handle-checks';
import { CreatorAdminQueries } from './application/creator-admin-queries';
import { CreatorRepository } from './application/creator.repository';
import { DirectoryReads } from './application/directory-reads';
import { DirectoryService } from './application/directory.service';
import { OwnProfileService } from './application/own-profile.service';
import { AdminFollowerCountsController } from './http/admin-follower-counts.controller';
import { AdminLocalAudienceController } from './http/admin-local-audience.controller';
import { MeLocalAudienceController } from './http/me-local-audience.controller';
import { LocalAudienceChecks } from './application/local-audience-checks';
import { ContactController } from './http/contact.controller';
import { DirectoryController } from './http/directory.controller';
import { MeProfileController } from './http/me-profile.controller';
import {
  ContactRequestSchema,
  CreatorProfileSchema,
  FollowerCountSchema,
  HandleCheckSchema,
  LocalAudienceCheckSchema,
  ShortlistEntrySchema,
  ShortlistMessageSchema,
  ShortlistSchema,
} from './infrastructure/creator.schemas';
import { Shortlists } from './application/shortlists.service';
import { ShortlistsController } from './http/shortlists.controller';
import { ListingChangeSubscriber } from './infrastructure/listing-change.subscriber';
import { ListingVersion } from './infrastructure/listing-version';
import { MikroOrmCreatorRepository } from './infrastructure/mikro-orm-creator.repository';
import { QueryCanceller } from './infrastructure/query-canceller';
import { DirectoryPool } from './infrastructure/directory-pool';
import { SqlCreatorAdminQueries } from './infrastructure/sql-creator-admin-queries';
import { SqlDirectoryReads } from './infrastructure/sql-directory-reads';
import { AreaPages } from './application/area-pages';
import { AreaReads } from './application/area-reads';
import { AreaPagesController } from './http/area-pages.controller';
import { SqlAreaReads } from './infrastructure/sql-area-reads';
import { ProfileCounter, ProfileCountStore } from './application/profile-counter';
import { ProfileStatsReads } from './application/profile-stats-reads';
import { ProfileStats } from './application/profile-stats.service';
import { ProfileVisits } from './application/profile-visits';
import { SqlProfileCountStore, SqlProfileStatsReads } from './infrastructure/sql-profile-stats';
import { AdminStatsController, MeStatsController } from './http/stats.controller';
import type { AreaPageResponse, CreatorPage, DirectoryResponse, PublicCreator } from '@local-creators/common';

/** Creators' own profiles and photos, the public directory, and brands' shortlists of it (decision 0700). */
@Module({
  imports: [
    MikroOrmModule.forFeature([
      CreatorProfileSchema,
      ContactRequestSchema,
      HandleCheckSchema,
      FollowerCountSchema,
      LocalAudienceCheckSchema,
      ShortlistSchema,
      ShortlistEntrySchema,
      ShortlistMessageSchema,
    ]),
    NotificationsModule,
  ],
  controllers: [
    MeProfileController,
    DirectoryController,
    AreaPagesController,
    ContactController,
    ShortlistsController,
    AdminFollowerCountsController,
    MeLocalAudienceController,
    AdminLocalAudienceController,
    MeStatsController,
    AdminStatsController,
  ],
  providers: [
    OwnProfileService,
    ContactRequests,
    Shortlists,
    HandleChecks,
    FollowerCounts,
    FollowerReminderSchedule,
    ReplyTimes,
    ReplySweepSchedule,
    LocalAudienceChecks,
    DirectoryService,
    ListingVersion,
    QueryCanceller,
    DirectoryPool,
    ReadReplicas,
    ApprovedProfileEdits,
    ProfileCounter,
    ProfileVisits,
    ProfileStats,
    { provide: ProfileCountStore, useClass: SqlProfileCountStore },
    { provide: ProfileStatsReads, useClass: SqlProfileStatsReads },
    { provide: CreatorRepository, useClass: MikroOrmCreatorRepository },
    { provide: DirectoryReads, useClass: SqlDirectoryReads },
    AreaPages,
    { provide: AreaReads, useClass: SqlAreaReads },
    { provide: CreatorAdminQueries, useClass: SqlCreatorAdminQueries },
    { provide: ListedCreatorsForCalls, useClass: SqlListedCreatorsForCalls },
  ],
  // DirectoryReads for the live badge (verified-badge.module.ts, of this folder): an unlisted creator's city.
  exports: [
    CreatorRepository,
    CreatorAdminQueries,
    ListedCreatorsForCalls,
    ApprovedProfileEdits,
    HandleChecks,
    FollowerCounts,
    DirectoryService,
    DirectoryReads,
  ],
})
export class CreatorModule implements OnModuleInit {
  constructor(
    private readonly meta: PageMetaRegistry,
    private readonly directory: DirectoryService,
    private readonly orm: MikroORM,
    private readonly listingVersion: ListingVersion,
    private readonly areas: AreaPages,
    private readonly visits: ProfileVisits,
  ) {}

  onModuleInit() {
    // This process's own profile writes move the directory's version as they commit.
    this.orm.em.getEventManager().registerSubscriber(new ListingChangeSubscriber(this.listingVersion));
    // A /creator/{id} link: its preview tags, and the profile its first view is drawn from (a 404
    // when not listed); /directory: the overview (issue 12).
    // Under a city's slug (decision 0620) each is that city's.
    this.meta.register(/^\/creator\/([^/]+)\/?$/, ([id], city) => this.directory.profilePage(id!, city));
    this.meta.registerData(/^\/directory$/, (_, query, city) => this.directory.directoryPage(query, city));
    this.meta.registerSitemap(
      (city, part) => this.directory.sitemap(city, part),
      (city) => this.directory.sitemapFiles(city),
    );
    this.meta.registerCities(() => this.directory.cityList());
    // A city's pages are thin under 3 listed creators (decision 0653): its overview's count, kept per listing version.
    this.meta.registerListedCount(async (city) => (await this.directory.overview(city)).value.total_creators);
    // Pages per niche and per neighbourhood (decision 0640), of the city whose slug they are under.
    this.meta.register(/^\/niche\/([^/]+)\/?$/, ([slug], city) => this.areas.page('niche', slug!, city));
    this.meta.register(/^\/neighborhood\/([^/]+)\/?$/, ([slug], city) => this.areas.page('neighborhood', slug!, city));
    this.directory.addSitemapPaths((city) => this.areas.sitemapPaths(city));
    // Other modules' pages of a city (its open calls, issue 40), through the kernel's registry.
    this.directory.addSitemapPaths((city) => this.meta.sitemapPaths(city));
    // The drawn pages count like the API's reads (decision 0820): a profile's page is a view, the
    // directory's page the appearances of the creators it shows (a search's, else the overview's).
    this.meta.onVisit((path, data, visit) => {
      const profile = /^\/creator\/([^/]+)\/?$/.exec(path);
      if (profile) {
        const shown = data.find(([key]) => key[0] === 'creator')?.[1] as PublicCreator | undefined;
        if (shown?.id === profile[1]) this.visits.viewed(shown.id, visit);
        return;
      }
      if (/^\/(niche|neighborhood)\//.test(path)) {
        const area = data.find(([key]) => key[0] === 'area')?.[1] as AreaPageResponse | undefined;
        if (area) this.visits.areaShown(area, visit);
        return;
      }
      if (path !== '/directory') return;
      const page = data.find(([key]) => key[0] === 'creators')?.[1] as CreatorPage | undefined;
      const overview = data.find(([key]) => key[0] === 'directory')?.[1] as DirectoryResponse | undefined;
      if (page) this.visits.pageShown(page, visit);
      else if (overview) this.visits.overviewShown(overview, visit);
    });
  }
}
