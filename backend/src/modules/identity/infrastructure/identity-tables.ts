import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import type { TablesOf } from '../../../database/typed-sql';
import {
  AccountSchema,
  AdminCityGrantSchema,
  AuthSessionSchema,
  EmailConfirmationSchema,
  RecoveryTokenSchema,
  RefreshTokenSchema,
  UserRoleSchema,
} from './identity.schemas';

/** The identity module's tables (issue 14: its statements name no other module's), by their schemas. */
export const IDENTITY_TABLES = {
  users: AccountSchema,
  user_roles: UserRoleSchema,
  admin_city_grants: AdminCityGrantSchema,
  auth_sessions: AuthSessionSchema,
  refresh_tokens: RefreshTokenSchema,
  recovery_tokens: RecoveryTokenSchema,
  email_confirmations: EmailConfirmationSchema,
};

export type IdentityTables = TablesOf<typeof IDENTITY_TABLES>;

export type IdentitySql = Kysely<IdentityTables>;

/** The statements' Kysely: the EntityManager's own (its transaction when `em` is a transaction's). */
export const identitySql = (em: EntityManager): IdentitySql => em.getKysely<IdentityTables>();
