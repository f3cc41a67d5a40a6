import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import type { TablesOf } from '../../../database/typed-sql';
import { AmplifySubmissionSchema, InterestRequestSchema } from './amplify.schemas';

/** The amplify module's tables (issue 14: its statements name no other module's), by their schemas. */
export const AMPLIFY_TABLES = {
  amplify_submissions: AmplifySubmissionSchema,
  amplify_interest_requests: InterestRequestSchema,
};

export type AmplifyTables = TablesOf<typeof AMPLIFY_TABLES>;

export type AmplifySql = Kysely<AmplifyTables>;

/** The statements' Kysely: the EntityManager's own (its transaction when `em` is a transaction's). */
export const amplifySql = (em: EntityManager): AmplifySql => em.getKysely<AmplifyTables>();
