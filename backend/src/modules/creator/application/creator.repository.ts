import type { CreatorProfile } from '../domain/creator-profile';

/**
 * Port: the creator profile aggregate's own repository. Loaded profiles belong to the caller's
 * unit of work, so a use case (the creator's own, or moderation's decisions) changes them through
 * domain methods and flushes once. Directory reads and console queries have ports of their own
 * (DirectoryReads, CreatorAdminQueries).
 */
export abstract class CreatorRepository {
  abstract add(profile: CreatorProfile): void;
  abstract findById(id: string): Promise<CreatorProfile | null>;
  abstract findByUserId(userId: string): Promise<CreatorProfile | null>;
}
