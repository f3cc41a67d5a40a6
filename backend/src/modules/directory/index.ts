// The directory module's public surface: nothing else of it is imported from outside.
export { DirectoryModule } from './directory.module';
export { VerifiedBadgeModule } from './verified-badge.module';
export { DirectoryService } from './application/directory.service';
export { AreaPages } from './application/area-pages';
export { CreatorAdminQueries, type AdminCreatorQuery } from './application/creator-admin-queries';
export { ListedCreatorsForCalls, type CallCandidate } from './application/listed-creators-for-calls';
