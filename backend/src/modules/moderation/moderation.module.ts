import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { CreatorModule } from '../creator';
import { DirectoryModule } from '../directory';
import { NotificationsModule } from '../notifications';
import { AuditTrail } from './application/audit-trail';
import { ModerateCreators } from './application/moderate-creators.service';
import { ReviewApprovedEdits } from './application/review-approved-edits.service';
import { AdminAuditController } from './http/admin-audit.controller';
import { AdminCreatorsController } from './http/admin-creators.controller';
import { AuditEntrySchema } from './infrastructure/moderation.schemas';

/**
 * Review decisions, phone verification, the dashboard counts and the audit trail. Exports
 * AuditTrail, which amplify uses for its admin changes (amplify → moderation, never back).
 */
@Module({
  imports: [MikroOrmModule.forFeature([AuditEntrySchema]), CreatorModule, DirectoryModule, NotificationsModule],
  controllers: [AdminCreatorsController, AdminAuditController],
  providers: [AuditTrail, ModerateCreators, ReviewApprovedEdits],
  exports: [AuditTrail],
})
export class ModerationModule {}
