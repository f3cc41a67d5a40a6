import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalAudienceStatus } from '@local-creators/common';
import type { LocalAudienceCheck } from '../domain/local-audience-check';

/**
 * Port: what a profile shows of its local audience (creator_profiles.local_share,
 * local_share_checked_on; decision 0720), and the admins' queue of checks.
 */
export abstract class LocalAudienceStore {
  /** The share the profile shows now and its day (YYYY-MM-DD), each null when none was recorded. */
  abstract recordedShare(
    profileId: string,
  ): Promise<{ local_share: number | null; local_share_checked_on: string | null } | undefined>;
  /** One page of the checks in `status`, of the cities' creators (null: every city), and how many there are. */
  abstract forAdmins(
    status: LocalAudienceStatus,
    page: { offset: number; limit: number; cities: readonly string[] | null },
  ): Promise<[LocalAudienceCheck[], number]>;
  /** In the caller's transaction `em`: the profile takes the share unless it has one checked on a later day. */
  abstract recordShare(em: EntityManager, profileId: string, share: number, checkedOn: string): Promise<void>;
}
