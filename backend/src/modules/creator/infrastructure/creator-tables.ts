import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import type { TablesOf } from '../../../database/typed-sql';
import {
  ContactRequestSchema,
  CreatorProfileSchema,
  FollowerCountSchema,
  HandleCheckSchema,
  LocalAudienceCheckSchema,
  ShortlistEntrySchema,
  ShortlistMessageSchema,
  ShortlistSchema,
} from './creator.schemas';

/** The creator module's tables (issue 14: its statements name no other module's), by their schemas. */
export const CREATOR_TABLES = {
  creator_profiles: CreatorProfileSchema,
  contact_requests: ContactRequestSchema,
  follower_counts: FollowerCountSchema,
  handle_checks: HandleCheckSchema,
  local_audience_checks: LocalAudienceCheckSchema,
  shortlists: ShortlistSchema,
  shortlist_entries: ShortlistEntrySchema,
  shortlist_messages: ShortlistMessageSchema,
};

type FromEntities = TablesOf<typeof CREATOR_TABLES>;

/**
 * The columns of creator_profiles the domain class does not carry: the local share the profile
 * shows (decision 0720), kept and read by SqlLocalAudienceStore only (the class has the view of it,
 * `localAudience`, which the directory's read builds).
 */
interface LocalShareColumns {
  local_share: number | null;
  /** A `date`, written and read as its YYYY-MM-DD text. */
  local_share_checked_on: string | null;
}

/**
 * Views and appearances counted per profile, day, measure and source (decision 0820): a table with
 * no entity, written in batches by SqlProfileCountStore and read summed by SqlProfileStatsReads.
 */
interface CreatorDailyCounts {
  profile_id: string;
  /** A `date`, written as its YYYY-MM-DD text and read back as text. */
  day: string;
  measure: string;
  source: string;
  n: number;
}

/** The module's tables as its typed statements see them. */
export type CreatorTables = Omit<FromEntities, 'creator_profiles'> & {
  creator_profiles: FromEntities['creator_profiles'] & LocalShareColumns;
  creator_daily_counts: CreatorDailyCounts;
};

export type CreatorSql = Kysely<CreatorTables>;

/** The statements' Kysely: the EntityManager's own (its transaction when `em` is a transaction's). */
export const creatorSql = (em: EntityManager): CreatorSql => em.getKysely<CreatorTables>();
