import type { PublicCreator } from '@local-creators/common';

/**
 * Port: a listed creator's public view, or null when unknown or not listed, as the directory
 * shows it. The directory module provides it (modules/directory): shortlists hold and show
 * creators exactly as the directory does, from its one read path and cache.
 */
export abstract class ListedProfiles {
  abstract listedProfile(id: string): Promise<PublicCreator | null>;
}
