import { randomUUID } from 'node:crypto';

export type RevokeReason = 'signed_out' | 'refresh_token_reused' | 'password_changed' | 'expired';

/**
 * One signed-in device. Access tokens name their session, so revoking it ends them too;
 * refresh tokens belong to it and rotate on every use.
 */
export class AuthSession {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null = null;
  revokedReason: RevokeReason | null = null;

  static start(userId: string, now: Date, ttlDays: number): AuthSession {
    const s = new AuthSession();
    s.id = randomUUID();
    s.userId = userId;
    s.createdAt = now;
    s.expiresAt = new Date(now.getTime() + ttlDays * 86_400_000);
    s.revokedAt = null;
    s.revokedReason = null;
    return s;
  }

  isActive(now: Date) {
    return this.revokedAt === null && this.expiresAt > now;
  }

  revoke(reason: RevokeReason, now: Date) {
    if (this.revokedAt) return;
    this.revokedAt = now;
    this.revokedReason = reason;
  }
}

/** A refresh token is stored only as its SHA-256 hash. */
export class RefreshToken {
  id: string;
  sessionId: string;
  tokenHash: string;
  createdAt: Date;
  usedAt: Date | null = null;

  static issue(sessionId: string, tokenHash: string, now: Date): RefreshToken {
    const t = new RefreshToken();
    t.id = randomUUID();
    t.sessionId = sessionId;
    t.tokenHash = tokenHash;
    t.createdAt = now;
    t.usedAt = null;
    return t;
  }
}

export type RefreshDecision = 'rotate' | 'same_successor' | 'session_ended' | 'reuse_detected';

/**
 * Rotation with reuse detection: an unused token rotates; a spent token presented again within
 * the grace period (two tabs refreshing at once) is answered with the successor it already
 * has, so one token never forks into two chains; later, it means the token leaked, so the whole
 * session is revoked.
 */
export function decideRefresh(
  token: RefreshToken,
  session: AuthSession,
  now: Date,
  graceSeconds: number,
): RefreshDecision {
  if (!session.isActive(now)) return 'session_ended';
  if (token.usedAt === null) return 'rotate';
  return now.getTime() - token.usedAt.getTime() <= graceSeconds * 1000 ? 'same_successor' : 'reuse_detected';
}

/**
 * A single-use password recovery grant, mailed as a signed token naming this row. `usedAt` is
 * set when it is spent and also when it is voided: by a newer grant or by any password change.
 */
export class RecoveryToken {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null = null;

  static issue(userId: string, now: Date, ttlSeconds: number) {
    const t = new RecoveryToken();
    t.id = randomUUID();
    t.userId = userId;
    t.createdAt = now;
    t.expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
    t.usedAt = null;
    return t;
  }

  isUsable(now: Date) {
    return this.usedAt === null && this.expiresAt > now;
  }

  spend(now: Date) {
    this.usedAt = now;
  }
}
