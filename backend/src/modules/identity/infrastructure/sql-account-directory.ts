import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { Role } from '@local-creators/common';
import { AccountDirectory, SessionLookup } from '../application/account-directory';
import { escapeLike, validUuids } from '../../../shared/sql';
import { identitySql, type IdentitySql } from './identity-tables';

interface LockedAccount {
  id: string;
  email: string;
  /** A stored hash no password produces: the account cannot sign in. */
  passwordHash: string;
  createdAt: Date;
}

/** The statements (identity-sql.snapshot.sql). */
export const accountStatements = {
  emailsOf: (db: IdentitySql, userIds: readonly string[]) =>
    db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', '=', sql<string>`any(${validUuids(userIds)}::uuid[])`),

  userIdsWithEmailContaining: (db: IdentitySql, text: string, limit: number) =>
    db
      .selectFrom('users')
      .select('id')
      .where('email', 'ilike', `%${escapeLike(text.trim())}%`)
      .orderBy('created_at', 'desc')
      .limit(limit),

  /** An admin with no city grants is an admin of every city (decision 0601); all admins without a city. */
  adminEmails: (db: IdentitySql, citySlug: string | undefined) =>
    db
      .selectFrom('users as u')
      .innerJoin('user_roles as r', 'r.user_id', 'u.id')
      .select('u.email')
      .where('r.role', '=', 'admin')
      .$if(citySlug !== undefined, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb.not(
              eb.exists(
                eb.selectFrom('admin_city_grants as g').select(eb.lit(1).as('one')).whereRef('g.user_id', '=', 'u.id'),
              ),
            ),
            eb.exists(
              eb
                .selectFrom('admin_city_grants as g')
                .select(eb.lit(1).as('one'))
                .whereRef('g.user_id', '=', 'u.id')
                .where('g.city_slug', '=', citySlug!),
            ),
          ]),
        ),
      )
      .orderBy('u.created_at'),

  /** A taken e-mail is "updated" to itself, so its existing id comes back too (a retried seed). */
  createLocked: (db: IdentitySql, accounts: readonly LockedAccount[]) =>
    db
      .insertInto('users')
      .values(
        accounts.map((a) => ({
          id: a.id,
          email: a.email,
          password_hash: a.passwordHash,
          created_at: a.createdAt,
          updated_at: a.createdAt,
        })),
      )
      .onConflict((oc) => oc.column('email').doUpdateSet((eb) => ({ email: eb.ref('excluded.email') })))
      .returning(['id', 'email']),

  activeSession: (db: IdentitySql, sessionId: string, userId: string) =>
    db
      .selectFrom('auth_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select((eb) => [
        'u.email',
        eb('u.email_confirmed_at', 'is not', null).$castTo<boolean>().as('email_confirmed'),
        sql<
          Role[]
        >`coalesce(array(${eb.selectFrom('user_roles as r').select('r.role').whereRef('r.user_id', '=', 'u.id')}), '{}')`.as(
          'roles',
        ),
        sql<string[]>`array(${eb
          .selectFrom('admin_city_grants as g')
          .select('g.city_slug')
          .whereRef('g.user_id', '=', 'u.id')
          .orderBy('g.city_slug')})`.as('admin_cities'),
        's.expires_at',
      ])
      .where('s.id', '=', sessionId)
      .where('s.user_id', '=', userId)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`),

  openRecoveryLink: (db: IdentitySql, tokenId: string, userId: string) =>
    db
      .selectFrom('recovery_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select('u.email')
      .where('t.id', '=', tokenId)
      .where('t.user_id', '=', userId)
      .where('t.used_at', 'is', null)
      .where('t.expires_at', '>', sql<Date>`now()`),
};

/** Identity's own tables (users, user_roles) read in SQL, for the other modules' questions. */
@Injectable()
export class SqlAccountDirectory extends AccountDirectory {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async emailsOf(userIds: readonly string[]) {
    if (!userIds.length) return new Map<string, string>();
    const rows = await accountStatements.emailsOf(identitySql(this.em), userIds).execute();
    return new Map(rows.map((r) => [r.id, r.email]));
  }

  async userIdsWithEmailContaining(text: string, limit: number) {
    const rows = await accountStatements.userIdsWithEmailContaining(identitySql(this.em), text, limit).execute();
    return rows.map((r) => r.id);
  }

  async adminEmails(citySlug?: string) {
    const rows = await accountStatements.adminEmails(identitySql(this.em), citySlug).execute();
    return rows.map((r) => r.email);
  }

  async createLockedAccounts(accounts: readonly { email: string; createdAt: Date }[]) {
    if (!accounts.length) return new Map<string, string>();
    const locked = accounts.map((a) => ({
      id: randomUUID(),
      email: a.email,
      passwordHash: `!locked-${randomBytes(16).toString('hex')}`,
      createdAt: a.createdAt,
    }));
    const rows = await accountStatements.createLocked(identitySql(this.em), locked).execute();
    return new Map(rows.map((r) => [r.email, r.id]));
  }
}

export interface ActiveSession {
  email: string;
  email_confirmed: boolean;
  roles: Role[];
  admin_cities: string[];
  expires_at: Date | string;
}

/** The JWT strategy's questions about sessions and recovery links, in SQL over identity's tables. */
@Injectable()
export class SqlSessionLookup extends SessionLookup {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async activeSession(sessionId: string, userId: string) {
    const row = await this.activeSessionRow(sessionId, userId);
    if (!row) return null;
    const { expires_at: _expiresAt, ...account } = row;
    return account;
  }

  /** The same, with the session's expiry (so a kept check never outlives it, decision 0264). */
  async activeSessionRow(sessionId: string, userId: string): Promise<ActiveSession | null> {
    const row = await accountStatements.activeSession(identitySql(this.em), sessionId, userId).executeTakeFirst();
    return row ?? null;
  }

  async openRecoveryLink(tokenId: string, userId: string) {
    const row = await accountStatements.openRecoveryLink(identitySql(this.em), tokenId, userId).executeTakeFirst();
    return row ?? null;
  }
}
