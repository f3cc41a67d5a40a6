import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { ModerationModule } from '../moderation';
import { NotificationsModule } from '../notifications';
import { AmplifyService } from './application/amplify.service';
import { Introductions } from './application/introductions.service';
import { ModerateSubmissions } from './application/moderate-submissions.service';
import { AdminAmplifySubmissionsController } from './http/admin-amplify-submissions.controller';
import { AdminIntroductionsController } from './http/admin-introductions.controller';
import { AmplifyController } from './http/amplify.controller';
import { AMPLIFY_TABLES } from './infrastructure/amplify-tables';
import { SqlRequestedIntroductions } from './infrastructure/sql-requested-introductions';
import { IntroductionRequestReads } from './application/introduction-request-reads';
import { SqlIntroductionRequestReads } from './infrastructure/sql-introduction-requests';
import { IntroductionLimits } from './application/introduction-limits';
import { SqlIntroductionLimits } from './infrastructure/sql-introduction-limits';

/**
 * Local businesses: applications, the featured page, introductions, and their moderation.
 * Admin changes are written to the moderation audit trail (ModerationModule exports AuditTrail;
 * moderation knows nothing of amplify). The introductions a signed-in creator asked for reach the
 * creator's numbers through the kernel's RequestedIntroductions (decision 0821).
 */
@Module({
  imports: [MikroOrmModule.forFeature(Object.values(AMPLIFY_TABLES)), NotificationsModule, ModerationModule],
  controllers: [AmplifyController, AdminAmplifySubmissionsController, AdminIntroductionsController],
  providers: [
    AmplifyService,
    Introductions,
    ModerateSubmissions,
    SqlRequestedIntroductions,
    { provide: IntroductionRequestReads, useClass: SqlIntroductionRequestReads },
    { provide: IntroductionLimits, useClass: SqlIntroductionLimits },
  ],
})
export class AmplifyModule {}
