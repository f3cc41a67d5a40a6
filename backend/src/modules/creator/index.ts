// The creator module's public surface: nothing else of it is imported from outside.
export { CreatorModule } from './creator.module';
export { CreatorProfile } from './domain/creator-profile';
export { ContactRequest } from './domain/contact-request';
export { FollowerCount } from './domain/follower-count';
export { HandleCheck } from './domain/handle-check';
export { LocalAudienceCheck } from './domain/local-audience-check';
export { isVerifiedNow } from './domain/verification';
export { describeChanges } from './domain/profile-changes';
export { CreatorRepository } from './application/creator.repository';
export {
  lapseOf,
  toAdminCreatorDto,
  toPublicCard,
  toPublicCreator,
  type ListedCard,
} from './application/creator-views';
export { ListedProfiles } from './application/listed-profiles';
export { ApprovedProfileEdits, type ApprovedProfileEdited } from './application/approved-profile-edits';
export { seedDemoCreators } from './infrastructure/demo-creators.seeder';
// How a profile's row reads, for the directory's read side (modules/directory).
export { PROFILE_SQL, PROFILES_SQL, readOnlyProfile } from './infrastructure/profile-rows';
// The module's tables as typed statements see them, for the directory's read side too (decision 0970).
export { CREATOR_TABLES, creatorSql, type CreatorSql, type CreatorTables } from './infrastructure/creator-tables';
export { HandleChecks } from './application/handle-checks';
export type { ClearedHandle } from './domain/handle-check';
export { ProfileVisits, type VisitHeaders } from './application/profile-visits';
export * from './http/creator.dto';
