import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { NotificationsModule } from '../notifications';
import { ApprovedProfileEdits } from './application/approved-profile-edits';
import { ContactRequests } from './application/contact-requests.service';
import { FollowerCounts, FollowerReminderSchedule } from './application/follower-counts';
import { ReplySweepSchedule, ReplyTimes } from './application/reply-times';
import { HandleChecks } from './application/handle-checks';
import { CreatorRepository } from './application/creator.repository';
import { OwnProfileService } from './application/own-profile.service';
import { AdminFollowerCountsController } from './http/admin-follower-counts.controller';
import { AdminLocalAudienceController } from './http/admin-local-audience.controller';
import { MeLocalAudienceController } from './http/me-local-audience.controller';
import { LocalAudienceChecks } from './application/local-audience-checks';
import { ContactController } from './http/contact.controller';
import { MeProfileController } from './http/me-profile.controller';
import { CREATOR_TABLES } from './infrastructure/creator-tables';
import { Shortlists } from './application/shortlists.service';
import { ShortlistsController } from './http/shortlists.controller';
import { MikroOrmCreatorRepository } from './infrastructure/mikro-orm-creator.repository';
import { ProfileCounter, ProfileCountStore } from './application/profile-counter';
import { ProfileStatsReads } from './application/profile-stats-reads';
import { ProfileStats } from './application/profile-stats.service';
import { ProfileVisits } from './application/profile-visits';
import { SqlProfileCountStore, SqlProfileStatsReads } from './infrastructure/sql-profile-stats';
import { ContactCountReads } from './application/contact-count-reads';
import { ContactLimits } from './application/contact-limits';
import { DueFollowerCounts } from './application/due-follower-counts';
import { LocalAudienceStore } from './application/local-audience-store';
import { ReplyTimeStore } from './application/reply-time-store';
import { SqlContactCountReads } from './infrastructure/sql-contact-counts';
import { SqlContactLimits } from './infrastructure/sql-contact-limits';
import { SqlDueFollowerCounts } from './infrastructure/sql-due-follower-counts';
import { SqlLocalAudienceStore } from './infrastructure/sql-local-audience';
import { SqlReplyTimeStore } from './infrastructure/sql-reply-times';
import { AdminStatsController, MeStatsController } from './http/stats.controller';

/**
 * Creators' own profiles and photos, their checks and numbers, and brands' shortlists (decision
 * 0700): the writes and the domain's rules. The public read side, the directory, is its own
 * module (modules/directory, decision 0970); shortlists show its cards through ListedProfiles.
 */
@Module({
  imports: [
    // The module's tables, one list with its typed statements' (creator-tables.ts).
    MikroOrmModule.forFeature(Object.values(CREATOR_TABLES)),
    NotificationsModule,
  ],
  controllers: [
    MeProfileController,
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
    ApprovedProfileEdits,
    ProfileCounter,
    ProfileVisits,
    ProfileStats,
    { provide: ProfileCountStore, useClass: SqlProfileCountStore },
    { provide: ProfileStatsReads, useClass: SqlProfileStatsReads },
    { provide: ContactCountReads, useClass: SqlContactCountReads },
    { provide: ContactLimits, useClass: SqlContactLimits },
    { provide: ReplyTimeStore, useClass: SqlReplyTimeStore },
    { provide: DueFollowerCounts, useClass: SqlDueFollowerCounts },
    { provide: LocalAudienceStore, useClass: SqlLocalAudienceStore },
    { provide: CreatorRepository, useClass: MikroOrmCreatorRepository },
  ],
  exports: [
    CreatorRepository,
    ApprovedProfileEdits,
    HandleChecks,
    FollowerCounts,
    // The directory's profile page counts its visits (decision 0820).
    ProfileVisits,
  ],
})
export class CreatorModule {}
