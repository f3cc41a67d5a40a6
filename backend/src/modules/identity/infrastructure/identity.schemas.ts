import { EntitySchema } from '@mikro-orm/core';
import { Account, AdminCityGrant, UserRole } from '../domain/account';
import { AuthSession, RecoveryToken, RefreshToken } from '../domain/auth-session';
import { EmailConfirmation } from '../domain/email-confirmation';

// Mapping lives here so domain/ stays free of ORM decorators.

export const AccountSchema = new EntitySchema<Account>({
  class: Account,
  tableName: 'users',
  properties: {
    id: { type: 'uuid', primary: true },
    email: { type: 'string', length: 255, unique: 'users_email_unique' },
    passwordHash: { type: 'text', fieldName: 'password_hash', lazy: true },
    emailConfirmedAt: { type: 'Date', fieldName: 'email_confirmed_at', nullable: true },
    createdAt: { type: 'Date', fieldName: 'created_at' },
    updatedAt: { type: 'Date', fieldName: 'updated_at' },
  },
});

export const UserRoleSchema = new EntitySchema<UserRole>({
  class: UserRole,
  tableName: 'user_roles',
  properties: {
    userId: { type: 'uuid', fieldName: 'user_id', primary: true },
    role: { type: 'string', length: 20, primary: true },
    createdAt: { type: 'Date', fieldName: 'created_at' },
  },
});

export const AuthSessionSchema = new EntitySchema<AuthSession>({
  class: AuthSession,
  tableName: 'auth_sessions',
  indexes: [{ name: 'auth_sessions_user_idx', properties: ['userId'] }],
  properties: {
    id: { type: 'uuid', primary: true },
    userId: { type: 'uuid', fieldName: 'user_id' },
    createdAt: { type: 'Date', fieldName: 'created_at' },
    expiresAt: { type: 'Date', fieldName: 'expires_at' },
    revokedAt: { type: 'Date', fieldName: 'revoked_at', nullable: true },
    revokedReason: { type: 'string', length: 40, fieldName: 'revoked_reason', nullable: true },
  },
});

export const RefreshTokenSchema = new EntitySchema<RefreshToken>({
  class: RefreshToken,
  tableName: 'refresh_tokens',
  indexes: [{ name: 'refresh_tokens_session_idx', properties: ['sessionId'] }],
  properties: {
    id: { type: 'uuid', primary: true },
    sessionId: { type: 'uuid', fieldName: 'session_id' },
    tokenHash: { type: 'string', length: 64, fieldName: 'token_hash', unique: 'refresh_tokens_hash_unique' },
    createdAt: { type: 'Date', fieldName: 'created_at' },
    usedAt: { type: 'Date', fieldName: 'used_at', nullable: true },
  },
});

export const RecoveryTokenSchema = new EntitySchema<RecoveryToken>({
  class: RecoveryToken,
  tableName: 'recovery_tokens',
  properties: {
    id: { type: 'uuid', primary: true },
    userId: { type: 'uuid', fieldName: 'user_id' },
    createdAt: { type: 'Date', fieldName: 'created_at' },
    expiresAt: { type: 'Date', fieldName: 'expires_at' },
    usedAt: { type: 'Date', fieldName: 'used_at', nullable: true },
  },
});

export const EmailConfirmationSchema = new EntitySchema<EmailConfirmation>({
  class: EmailConfirmation,
  tableName: 'email_confirmations',
  indexes: [{ name: 'email_confirmations_user_idx', properties: ['userId'] }],
  properties: {
    id: { type: 'uuid', primary: true },
    userId: { type: 'uuid', fieldName: 'user_id' },
    tokenHash: { type: 'string', length: 64, fieldName: 'token_hash', unique: 'email_confirmations_hash_unique' },
    createdAt: { type: 'Date', fieldName: 'created_at' },
    expiresAt: { type: 'Date', fieldName: 'expires_at' },
    usedAt: { type: 'Date', fieldName: 'used_at', nullable: true },
  },
});

export const AdminCityGrantSchema = new EntitySchema<AdminCityGrant>({
  class: AdminCityGrant,
  tableName: 'admin_city_grants',
  properties: {
    userId: { type: 'uuid', fieldName: 'user_id', primary: true },
    citySlug: { type: 'string', length: 60, fieldName: 'city_slug', primary: true },
    createdAt: { type: 'Date', fieldName: 'created_at' },
  },
});
