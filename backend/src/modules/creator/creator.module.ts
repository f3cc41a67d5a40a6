import { Module, OnModuleInit } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { MikroORM } from '@mikro-orm/postgresql';
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
    // The server's pages draw the directory's, the areas' and the profiles' pages, and count their visits.
    AreaPages,
    ProfileVisits,
  ],
})
export class CreatorModule implements OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    private readonly listingVersion: ListingVersion,
  ) {}

  onModuleInit() {
    // This process's own profile writes move the directory's version as they commit.
    this.orm.em.getEventManager().registerSubscriber(new ListingChangeSubscriber(this.listingVersion));
  }
}
