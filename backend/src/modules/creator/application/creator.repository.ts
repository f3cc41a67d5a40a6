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
  /**
   * Reads what the profile's public view shows beside its row (confirmed handles, counts' dates,
   * reply time, local share) onto the loaded profile, from the caller's connection, so a partners'
   * event carries the same public fields as the feed (decision 0810).
   */
  abstract loadPublicFacts(profile: CreatorProfile): Promise<void>;
}
