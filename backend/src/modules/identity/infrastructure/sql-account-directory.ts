import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '@local-creators/common';
import { AccountDirectory, SessionLookup } from '../application/account-directory';
import { escapeLike, uuidArray } from '../../../shared/sql';

/** Identity's own tables (users, user_roles) read in SQL, for the other modules' questions. */
@Injectable()
export class SqlAccountDirectory extends AccountDirectory {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async emailsOf(userIds: readonly string[]) {
    if (!userIds.length) return new Map<string, string>();
    const rows = await this.em
      .getConnection()
      .execute<{ id: string; email: string }[]>('select id, email from users where id = any(?::uuid[])', [
        uuidArray(userIds),
      ]);
    return new Map(rows.map((r) => [r.id, r.email]));
  }

  async userIdsWithEmailContaining(text: string, limit: number) {
    const rows = await this.em
      .getConnection()
      .execute<{ id: string }[]>('select id from users where email ilike ? order by created_at desc limit ?', [
        `%${escapeLike(text.trim())}%`,
        limit,
      ]);
    return rows.map((r) => r.id);
  }

  async adminEmails(citySlug?: string) {
    // An admin with no city grants is an admin of every city (decision 0601).
    const rows = await this.em.getConnection().execute<{ email: string }[]>(
      `select u.email from users u join user_roles r on r.user_id = u.id
        where r.role = 'admin' and (?::text is null or not exists (select 1 from admin_city_grants g where g.user_id = u.id)
              or exists (select 1 from admin_city_grants g where g.user_id = u.id and g.city_slug = ?))
        order by u.created_at`,
      [citySlug ?? null, citySlug ?? null],
    );
    return rows.map((r) => r.email);
  }

  async createLockedAccounts(accounts: readonly { email: string; createdAt: Date }[]) {
    if (!accounts.length) return new Map<string, string>();
    // A stored hash no password produces: these accounts cannot sign in.
    const values = accounts.flatMap((a) => [
      randomUUID(),
      a.email,
      `!locked-${randomBytes(16).toString('hex')}`,
      a.createdAt,
      a.createdAt,
    ]);
    // A taken e-mail is "updated" to itself, so its existing id comes back too (a retried seed).
    const rows = await this.em.getConnection().execute<{ id: string; email: string }[]>(
      `insert into users (id, email, password_hash, created_at, updated_at) values ${accounts.map(() => '(?, ?, ?, ?, ?)').join(', ')}
         on conflict (email) do update set email = excluded.email returning id, email`,
      values,
    );
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
    const rows = await this.em.getConnection().execute<ActiveSession[]>(
      `select u.email, u.email_confirmed_at is not null as email_confirmed, coalesce(array(select r.role from user_roles r where r.user_id = u.id), '{}') as roles,
              array(select g.city_slug from admin_city_grants g where g.user_id = u.id order by g.city_slug) as admin_cities, s.expires_at
         from auth_sessions s join users u on u.id = s.user_id
        where s.id = ? and s.user_id = ? and s.revoked_at is null and s.expires_at > now()`,
      [sessionId, userId],
    );
    return rows[0] ?? null;
  }

  async openRecoveryLink(tokenId: string, userId: string) {
    const rows = await this.em.getConnection().execute<{ email: string }[]>(
      `select u.email from recovery_tokens t join users u on u.id = t.user_id
        where t.id = ? and t.user_id = ? and t.used_at is null and t.expires_at > now()`,
      [tokenId, userId],
    );
    return rows[0] ?? null;
  }
}
