import { randomUUID } from 'node:crypto';

/**
 * A link mailed to an account's address to prove it (decision 0508). Only the SHA-256 of its
 * token is kept. Any unexpired link of the account confirms it: they all went to the one address.
 */
export class EmailConfirmation {
  id: string;
  userId: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null = null;

  static issue(userId: string, tokenHash: string, now: Date, ttlDays: number) {
    const c = new EmailConfirmation();
    c.id = randomUUID();
    c.userId = userId;
    c.tokenHash = tokenHash;
    c.createdAt = now;
    c.expiresAt = new Date(now.getTime() + ttlDays * 86_400_000);
    c.usedAt = null;
    return c;
  }

  isExpired(now: Date) {
    return this.expiresAt <= now;
  }

  use(now: Date) {
    this.usedAt ??= now;
  }
}
