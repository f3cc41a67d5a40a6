import { randomUUID } from 'node:crypto';

/** A person who can sign in. E-mail is stored lower-cased, so it is unique case-insensitively. */
export class Account {
  id: string;
  email: string;
  passwordHash: string;
  /** When the owner proved the address by a mailed link (decision 0508); null until then. */
  emailConfirmedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;

  static normalizeEmail(email: string) {
    return email.trim().toLowerCase();
  }

  static create(email: string, passwordHash: string, now: Date): Account {
    const account = new Account();
    account.id = randomUUID();
    account.email = Account.normalizeEmail(email);
    account.passwordHash = passwordHash;
    account.emailConfirmedAt = null;
    account.createdAt = now;
    account.updatedAt = now;
    return account;
  }

  /**
   * An account made by an invitation (decision 0662): no password anyone could type until the
   * invited person sets one through the mailed link.
   */
  static invite(email: string, now: Date): Account {
    return Account.create(email, Account.NO_PASSWORD, now);
  }

  /** Stored in place of a hash: never a valid argon2 string, so no password verifies against it. */
  static readonly NO_PASSWORD = '!invited';

  hasPassword() {
    return this.passwordHash !== Account.NO_PASSWORD;
  }

  isEmailConfirmed() {
    return this.emailConfirmedAt !== null;
  }

  /** A link mailed to the address was opened (a confirmation, or a password reset). */
  confirmEmail(now: Date) {
    if (this.emailConfirmedAt) return;
    this.emailConfirmedAt = now;
    this.updatedAt = now;
  }

  changePassword(passwordHash: string, now: Date) {
    this.passwordHash = passwordHash;
    this.updatedAt = now;
  }
}

/** A row of user_roles. Only 'admin' is used. */
export class UserRole {
  userId: string;
  role: 'admin';
  createdAt: Date;

  static grant(userId: string, role: 'admin', now: Date) {
    const r = new UserRole();
    r.userId = userId;
    r.role = role;
    r.createdAt = now;
    return r;
  }
}

/** An admin given one city (table admin_city_grants). An admin with none is an admin of every city (decision 0601). */
export class AdminCityGrant {
  userId: string;
  citySlug: string;
  createdAt: Date;
}
