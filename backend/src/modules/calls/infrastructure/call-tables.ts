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

export type CallTables = TablesOf<typeof CALL_TABLES>;

export type CallSql = Kysely<CallTables>;

/** The statements' Kysely: the EntityManager's own (its transaction when `em` is a transaction's). */
export const callSql = (em: EntityManager): CallSql => em.getKysely<CallTables>();
