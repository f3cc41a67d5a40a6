// The creator module's public surface: nothing else of it is imported from outside.
export { CreatorModule } from './creator.module';
export { VerifiedBadgeModule } from './verified-badge.module';
export { CreatorProfile } from './domain/creator-profile';
export { describeChanges } from './domain/profile-changes';
export { CreatorRepository } from './application/creator.repository';
export { CreatorAdminQueries, type AdminCreatorQuery } from './application/creator-admin-queries';
export { toAdminCreatorDto, toPublicCreator } from './application/creator-views';
export { ApprovedProfileEdits, type ApprovedProfileEdited } from './application/approved-profile-edits';
export { seedDemoCreators } from './infrastructure/demo-creators.seeder';
export { HandleChecks } from './application/handle-checks';
export type { ClearedHandle } from './domain/handle-check';
export { AdminHandleCheckDto, CreatorProfileDto } from './http/creator.dto';
export { ListedCreatorsForCalls, type CallCandidate } from './application/listed-creators-for-calls';
export { DirectoryService } from './application/directory.service';
export { AreaPages } from './application/area-pages';
export { ProfileVisits } from './application/profile-visits';
