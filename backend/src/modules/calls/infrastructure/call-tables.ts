import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import type { TablesOf } from '../../../database/typed-sql';
import { CallAnswerSchema, CallMailSettingSchema, CallMatchSchema, CallSchema } from './calls.schemas';

/** The calls module's tables (issue 14: its statements name no other module's), by their schemas. */
export const CALL_TABLES = {
  calls: CallSchema,
  call_matches: CallMatchSchema,
  call_mail_settings: CallMailSettingSchema,
  call_answers: CallAnswerSchema,
};

/** Admitted views per call and day (decision 0921): a table with no entity, added to one at a time. */
interface CallDailyViews {
  call_id: string;
  /** A `date`, written as its YYYY-MM-DD text. */
  day: string;
  n: number;
}

export type CallTables = TablesOf<typeof CALL_TABLES> & { call_daily_views: CallDailyViews };

export type CallSql = Kysely<CallTables>;

/** The statements' Kysely: the EntityManager's own (its transaction when `em` is a transaction's). */
export const callSql = (em: EntityManager): CallSql => em.getKysely<CallTables>();
