import { createHash, createHmac, randomBytes } from 'node:crypto';
import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { EntityManager, LockMode, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import {
  EMAIL_CONFIRM_DAYS,
  MSG,
  validateRecoveryRequest,
  validateSignin,
  validateSignup,
  firstNewPasswordError,
} from '@local-creators/common';
import type { AuthSession as SessionDto, AuthUser, Role } from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { DomainError, unwrapValidation } from '../../../shared/domain-error';
import { RateLimiter } from '../../../shared/rate-limiter';
import { Outbox } from '../../notifications';
import { Account, UserRole } from '../domain/account';
import { AuthSession, RecoveryToken, RefreshToken, decideRefresh } from '../domain/auth-session';
import { EmailConfirmation } from '../domain/email-confirmation';
import { PasswordHasher } from './password-hasher';
import type { Principal } from '../../../shared/auth/principal';
import { IDEMPOTENCY_TTL_MS } from '../../../shared/http/idempotency.interceptor';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const invalidCredentials = () => DomainError.invalid('AUTH.INVALID_CREDENTIALS', MSG.invalidCredentials);
const sessionEnded = () => DomainError.unauthorized('AUTH.SESSION_ENDED', MSG.sessionExpired);
const recoveryInvalid = () => DomainError.unauthorized('AUTH.RECOVERY_INVALID', MSG.recoveryLinkInvalid);
/** Asking for a new confirmation link: per account, so a person who lost a few mails still gets one. */
const CONFIRM_RESEND_LIMIT = { limit: 5, windowSeconds: 3600 };

export interface AccessTokenClaims {
  sub: string;
  sid?: string;
  jti?: string;
  typ: 'access' | 'recovery';
  email: string;
}

/**
 * Accounts and sessions: sign-up, sign-in, refresh with rotation, sign-out, password recovery.
 * Each method is one unit of work ending in a single flush.
 */

@Injectable()
export class AuthService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(AuthService.name);
  // Verified against when the e-mail is unknown, so both paths cost one argon2 verification.
  private dummyHash: Promise<string> | null = null;
  /** Recovery links being issued after their request was answered. */
  private readonly issuing = new Set<Promise<void>>();

  constructor(
    private readonly em: EntityManager,
    private readonly hasher: PasswordHasher,
    private readonly jwt: JwtService,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly outbox: Outbox,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /**
   * `resumed`: an earlier try of this very request (its Idempotency-Key) was cut off before its
   * answer was kept and may have made the account (decision 0340). If it did, the password
   * proves the caller is the one who sent it: the answer is a session for that account.
   */
  async signUp(input: unknown, clientIp: string, resumed = false): Promise<SessionDto> {
    await this.limiter.hit('signup', clientIp, this.config.rateLimits.signup);
    const { email, password } = unwrapValidation(validateSignup(input));
    const now = this.clock.now();
    if (await this.em.count(Account, { email: Account.normalizeEmail(email) })) {
      const made = resumed
        ? await this.em.findOne(Account, { email: Account.normalizeEmail(email) }, { populate: ['passwordHash'] })
        : null;
      const recent = made && now.getTime() - made.createdAt.getTime() < IDEMPOTENCY_TTL_MS;
      if (made && recent && (await this.hasher.verify(made.passwordHash, password)))
        return this.startSession(this.em, made, await this.rolesOf(made.id), now);
      throw DomainError.conflict('AUTH.EMAIL_TAKEN', MSG.emailTaken);
    }
    const account = Account.create(email, await this.hasher.hash(password), now);
    this.em.persist(account);
    // Written with the account: the address is proven by this link (decision 0508).
    this.mailConfirmationLink(this.em, account, now);
    try {
      return await this.startSession(this.em, account, [], now);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw DomainError.conflict('AUTH.EMAIL_TAKEN', MSG.emailTaken);
      throw error;
    }
  }

  async signIn(input: unknown, clientIp: string): Promise<SessionDto> {
    const rule = this.config.rateLimits.signin;
    await this.limiter.check('signin-failures', clientIp, rule);
    const { email, password } = unwrapValidation(validateSignin(input));
    // Guessing one account from one address meets growing waits; the owner elsewhere does not
    // (decision 0011). Keyed by the e-mail given, so unknown addresses behave the same.
    const throttle = `${sha256(Account.normalizeEmail(email)).slice(0, 32)}:${clientIp}`;
    await this.limiter.attempt('signin-account', throttle, this.config.signinThrottle);
    const account = await this.em.findOne(
      Account,
      { email: Account.normalizeEmail(email) },
      { populate: ['passwordHash'] },
    );
    // An invited account without a password yet (decision 0662) costs the same verification as an unknown address.
    const ok =
      account?.hasPassword() === true
        ? await this.hasher.verify(account.passwordHash, password)
        : (await this.hasher.verify(await this.getDummyHash(), password), false);
    if (!account || !ok) {
      await this.limiter.record('signin-failures', clientIp, rule);
      throw invalidCredentials();
    }
    await this.limiter.clear('signin-account', throttle);
    return this.startSession(this.em, account, await this.rolesOf(account.id), this.clock.now());
  }

  async refresh(refreshToken: unknown): Promise<SessionDto> {
    if (typeof refreshToken !== 'string' || refreshToken.length < 20 || refreshToken.length > 200) throw sessionEnded();
    const now = this.clock.now();
    const token = await this.em.findOne(RefreshToken, { tokenHash: sha256(refreshToken) });
    if (!token) throw sessionEnded();
    const session = await this.em.findOneOrFail(AuthSession, { id: token.sessionId });
    const decision = decideRefresh(token, session, now, this.config.auth.refreshReuseGraceSeconds);
    if (decision === 'reuse_detected') {
      session.revoke('refresh_token_reused', now);
      await this.em.flush();
      throw sessionEnded();
    }
    if (decision === 'session_ended') throw sessionEnded();
    // The successor is derived from the token itself, so every racer inside the grace gets the
    // one successor the first use stored: a token never forks into two live chains.
    const successor = this.successorOf(refreshToken);
    const spentHere = decision === 'rotate' && (await this.spendRefreshToken(token, session, successor, now));
    if (!spentHere && !(await this.em.count(RefreshToken, { tokenHash: sha256(successor) }))) throw sessionEnded();
    const account = await this.em.findOneOrFail(Account, { id: session.userId });
    return this.sessionDto(account, session, await this.rolesOf(account.id), successor, now);
  }

  async signOut(principal: Principal): Promise<void> {
    if (!principal.sessionId) return;
    const session = await this.em.findOne(AuthSession, { id: principal.sessionId });
    session?.revoke('signed_out', this.clock.now());
    await this.em.flush();
  }

  /**
   * Answers the same, in the same time, whether or not the account exists: the limits are
   * counted here, and the link is issued after the answer. Over a limit nothing is sent, and the
   * answer is still the usual one (decision 0012).
   *
   * The policy, per e-mail address (decision 0505): each client address has its own allowance
   * (`recover` per client, `recover-email` per e-mail and client), so requests from elsewhere never
   * use up the owner's. Across all client addresses the first `recover-email-total` links go out
   * at once; past that, links are spaced `recoverySpacingSeconds` apart (`recover-email-spaced`),
   * and a request inside the spacing is served by the next link, due at most that long after it.
   * So no sequence of requests from other addresses keeps the owner from a link for longer.
   */
  async requestRecovery(input: unknown, clientIp: string): Promise<void> {
    const { email: given } = unwrapValidation(validateRecoveryRequest(input));
    const email = Account.normalizeEmail(given);
    const emailKey = sha256(email).slice(0, 32);
    const limits = this.config.rateLimits;
    const allowed =
      (await this.limiter.allow('recover', clientIp, limits.recover)) &&
      (await this.limiter.allow('recover-email', `${emailKey}:${clientIp}`, limits.recoverEmail));
    if (!allowed) {
      this.logger.warn(`password reset not sent: over a limit (client ${clientIp})`);
      return;
    }
    const now = this.clock.now();
    const burst = await this.limiter.allow('recover-email-total', emailKey, limits.recoverEmailTotal);
    const delayMs = await this.limiter.nextSpacedSlot(
      'recover-email-spaced',
      emailKey,
      this.config.auth.recoverySpacingSeconds,
      now,
      burst,
    );
    if (delayMs === null) return; // the link already due within the spacing answers this request too
    const job = this.issueRecoveryLink(email, new Date(now.getTime() + delayMs))
      .catch((error: unknown) => this.logger.error(`password reset link not issued: ${(error as Error).message}`))
      .finally(() => this.issuing.delete(job));
    this.issuing.add(job);
  }

  /**
   * A known address gets a new link; every older link of the account dies with it. The link is
   * mailed at `sendAt` (the slot claimed when it was asked for) and lives its lifetime from then.
   */
  private async issueRecoveryLink(email: string, sendAt: Date): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      // The account row's lock orders link issues and password changes of one account.
      const account = await tx.findOne(Account, { email }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!account) return;
      const now = this.clock.now();
      const ttlSeconds =
        this.config.auth.recoveryTtlSeconds + Math.max(0, Math.ceil((sendAt.getTime() - now.getTime()) / 1000));
      const link = await this.newRecoveryLink(tx, account, now, ttlSeconds);
      this.outbox.add('password-recovery', { email: account.email, link }, tx, sendAt);
    });
  }

  /**
   * A link that sets the account's password once (the reset link's machinery, decision 0010),
   * written in `tx`: every older unspent link of the account dies. The caller holds the
   * account's row lock (or has just made the account). Also the admin invitation's link (0662).
   */
  async newRecoveryLink(
    tx: EntityManager,
    account: Account,
    now: Date,
    ttlSeconds = this.config.auth.recoveryTtlSeconds,
  ): Promise<string> {
    await tx.nativeUpdate(RecoveryToken, { userId: account.id, usedAt: null }, { usedAt: now });
    const grant = RecoveryToken.issue(account.id, now, ttlSeconds);
    const claims: AccessTokenClaims = { sub: account.id, jti: grant.id, typ: 'recovery', email: account.email };
    const token = await this.jwt.signAsync(claims, { expiresIn: ttlSeconds });
    tx.persist(grant);
    return `${this.config.http.publicUrl}/login#access_token=${token}&expires_in=${ttlSeconds}&token_type=bearer&type=recovery`;
  }

  /**
   * Opening the mailed link proves the address: `confirmed`, or `already_confirmed` when it was
   * (the link opened twice). Unknown or malformed: 404; past its days: 410.
   */
  async confirmEmail(input: unknown): Promise<{ status: 'confirmed' | 'already_confirmed'; email: string }> {
    const token = (input as { token?: unknown } | null)?.token;
    if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(token))
      throw DomainError.notFound('AUTH.CONFIRM_INVALID', MSG.emailConfirmInvalid);
    return this.em.transactional(async (tx) => {
      const link = await tx.findOne(EmailConfirmation, { tokenHash: sha256(token) });
      const account =
        link && (await tx.findOne(Account, { id: link.userId }, { lockMode: LockMode.PESSIMISTIC_WRITE }));
      if (!link || !account) throw DomainError.notFound('AUTH.CONFIRM_INVALID', MSG.emailConfirmInvalid);
      if (account.isEmailConfirmed()) return { status: 'already_confirmed' as const, email: account.email };
      const now = this.clock.now();
      if (link.isExpired(now)) throw new DomainError('gone', 'AUTH.CONFIRM_EXPIRED', MSG.emailConfirmExpired);
      link.use(now);
      account.confirmEmail(now);
      return { status: 'confirmed' as const, email: account.email };
    });
  }

  /** A new confirmation link to the signed-in account's address (the dashboard's button). */
  async resendConfirmation(principal: Principal): Promise<{ status: 'sent' | 'already_confirmed' }> {
    const account = await this.em.findOne(Account, { id: principal.id });
    if (!account) throw sessionEnded();
    if (account.isEmailConfirmed()) return { status: 'already_confirmed' };
    await this.limiter.hit('confirm-resend', account.id, CONFIRM_RESEND_LIMIT);
    this.mailConfirmationLink(this.em, account, this.clock.now());
    await this.em.flush();
    return { status: 'sent' };
  }

  /** Whether a mailed link can still set a password (the login page asks as it opens). */
  async checkRecoveryLink(token: string | null): Promise<{ email: string }> {
    if (!token) throw recoveryInvalid();
    let claims: AccessTokenClaims;
    try {
      claims = await this.jwt.verifyAsync<AccessTokenClaims>(token, { algorithms: ['HS256'] });
    } catch {
      throw recoveryInvalid();
    }
    if (claims.typ !== 'recovery' || !claims.jti) throw recoveryInvalid();
    const grant = await this.em.findOne(RecoveryToken, { id: claims.jti, userId: claims.sub });
    if (!grant || !grant.isUsable(this.clock.now())) throw recoveryInvalid();
    const account = await this.em.findOne(Account, { id: grant.userId });
    if (!account) throw recoveryInvalid();
    return { email: account.email };
  }

  /**
   * New password. With a recovery token: the token is spent, every session of the account is
   * revoked and a fresh one returned. With a normal token: other sessions are revoked, this one
   * stays. Either way every other recovery link of the account dies.
   */
  async updatePassword(principal: Principal, input: unknown): Promise<{ user: AuthUser; session: SessionDto | null }> {
    const password = (input as { password?: unknown } | null)?.password;
    const error = typeof password === 'string' ? firstNewPasswordError(password) : MSG.passwordTooShort;
    if (error) throw DomainError.invalid('VALIDATION', error, 'password');
    if (typeof password === 'string' && password.length > 128)
      throw DomainError.invalid('VALIDATION', MSG.passwordTooLong, 'password');
    const hash = await this.hasher.hash(password as string); // before any lock is taken
    return this.em.transactional(async (tx) => {
      const now = this.clock.now();
      const account = await tx.findOne(Account, { id: principal.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!account) throw sessionEnded();
      if (principal.recoveryTokenId) {
        // Spent atomically: of parallel uses of one link exactly one finds it unspent.
        const spent = await tx.nativeUpdate(
          RecoveryToken,
          { id: principal.recoveryTokenId, userId: account.id, usedAt: null, expiresAt: { $gt: now } },
          { usedAt: now },
        );
        if (spent !== 1) throw recoveryInvalid();
        // The reset link reached the address: that proves it as the confirmation link would.
        account.confirmEmail(now);
      }
      await tx.nativeUpdate(RecoveryToken, { userId: account.id, usedAt: null }, { usedAt: now });
      account.changePassword(hash, now);
      const sessions = await tx.find(AuthSession, { userId: account.id, revokedAt: null });
      for (const s of sessions) if (s.id !== principal.sessionId) s.revoke('password_changed', now);
      const roles = await this.rolesOf(account.id, tx);
      if (principal.recoveryTokenId) {
        return { user: this.toUser(account, roles), session: await this.startSession(tx, account, roles, now) };
      }
      await tx.flush();
      return { user: this.toUser(account, roles), session: null };
    });
  }

  /** Resolves once every recovery link answered so far has been issued (or failed). */
  async linksIssued(): Promise<void> {
    await Promise.allSettled([...this.issuing]);
  }

  /** Lets links being issued finish before the database goes away. */
  async beforeApplicationShutdown() {
    await this.linksIssued();
  }

  async currentUser(principal: Principal): Promise<AuthUser> {
    const account = await this.em.findOne(Account, { id: principal.id });
    if (!account) throw sessionEnded();
    const user = this.toUser(account, await this.rolesOf(account.id));
    // An admin's scope, so the console draws only what it may open (decision 0661): the grants the
    // request was checked with, null for an admin of every city.
    if (user.app_metadata.roles.includes('admin'))
      user.app_metadata.admin_cities = principal.adminCities?.length ? [...principal.adminCities] : null;
    return user;
  }

  // ---- roles (used by the admin CLI) ----

  async grantRole(email: string, role: Role): Promise<'granted' | 'unchanged'> {
    const account = await this.em.findOne(Account, { email: Account.normalizeEmail(email) });
    if (!account) throw DomainError.notFound('AUTH.NO_ACCOUNT', `No account with e-mail ${email}`);
    if (await this.em.count(UserRole, { userId: account.id, role })) return 'unchanged';
    this.em.persist(UserRole.grant(account.id, role, this.clock.now()));
    await this.em.flush();
    return 'granted';
  }

  async revokeRole(email: string, role: Role): Promise<'revoked' | 'unchanged'> {
    const account = await this.em.findOne(Account, { email: Account.normalizeEmail(email) });
    if (!account) throw DomainError.notFound('AUTH.NO_ACCOUNT', `No account with e-mail ${email}`);
    const deleted = await this.em.nativeDelete(UserRole, { userId: account.id, role });
    return deleted ? 'revoked' : 'unchanged';
  }

  /**
   * An operator sets a new password for an account (CLI, e.g. a lost admin password): every
   * session of the account ends and unused recovery links stop working, as after a reset.
   */
  async setPasswordByOperator(email: string, password: string): Promise<void> {
    const hash = await this.hasher.hash(password);
    await this.em.transactional(async (tx) => {
      const now = this.clock.now();
      const account = await tx.findOne(
        Account,
        { email: Account.normalizeEmail(email) },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!account) throw DomainError.notFound('AUTH.NO_ACCOUNT', `No account with e-mail ${email}`);
      account.changePassword(hash, now);
      await tx.nativeUpdate(RecoveryToken, { userId: account.id, usedAt: null }, { usedAt: now });
      for (const session of await tx.find(AuthSession, { userId: account.id, revokedAt: null }))
        session.revoke('password_changed', now);
    });
  }

  /** Creates an account directly (seed, CLI). */
  async createAccount(email: string, password: string, roles: Role[] = []): Promise<Account> {
    const now = this.clock.now();
    const account = Account.create(email, await this.hasher.hash(password), now);
    account.confirmEmail(now); // an operator (seed, CLI) vouches for the address
    this.em.persist(account);
    for (const role of roles) this.em.persist(UserRole.grant(account.id, role, now));
    await this.em.flush();
    return account;
  }

  // ---- internals ----

  /** A new confirmation link for the account's address, written in `em`'s next flush. */
  private mailConfirmationLink(em: EntityManager, account: Account, now: Date) {
    const token = randomBytes(32).toString('base64url');
    em.persist(EmailConfirmation.issue(account.id, sha256(token), now, EMAIL_CONFIRM_DAYS));
    // In the fragment, so the token never reaches a server or proxy log.
    this.outbox.add(
      'email-confirmation',
      { email: account.email, link: `${this.config.http.publicUrl}/confirm-email#token=${token}` },
      em,
    );
  }

  private async startSession(em: EntityManager, account: Account, roles: Role[], now: Date): Promise<SessionDto> {
    const session = AuthSession.start(account.id, now, this.config.auth.refreshSessionTtlDays);
    em.persist(session);
    const refreshToken = randomBytes(32).toString('base64url');
    em.persist(RefreshToken.issue(session.id, sha256(refreshToken), now));
    await em.flush();
    return this.sessionDto(account, session, roles, refreshToken, now);
  }

  /** Spends `token` and stores its successor in one transaction; false if a racer spent it first. */
  private async spendRefreshToken(
    token: RefreshToken,
    session: AuthSession,
    successor: string,
    now: Date,
  ): Promise<boolean> {
    return this.em.transactional(async (tx) => {
      // A racer's uncommitted spend holds the row: this waits for it, then finds it spent.
      const spent = await tx.nativeUpdate(RefreshToken, { id: token.id, usedAt: null }, { usedAt: now });
      if (spent !== 1) return false;
      tx.persist(RefreshToken.issue(session.id, sha256(successor), now));
      return true;
    });
  }

  /** The one successor a refresh token can have: a keyed hash of it, so only this server can name it. */
  private successorOf(refreshToken: string) {
    return createHmac('sha256', this.config.auth.jwtSecret)
      .update(`refresh-successor:${refreshToken}`)
      .digest('base64url');
  }

  private async sessionDto(
    account: Account,
    session: AuthSession,
    roles: Role[],
    refreshToken: string,
    now: Date,
  ): Promise<SessionDto> {
    const expiresIn = this.config.auth.accessTtlSeconds;
    const claims: AccessTokenClaims = { sub: account.id, sid: session.id, typ: 'access', email: account.email };
    const accessToken = await this.jwt.signAsync(claims, { expiresIn });
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: expiresIn,
      expires_at: Math.floor(now.getTime() / 1000) + expiresIn,
      user: this.toUser(account, roles),
    };
  }

  private async rolesOf(userId: string, em: EntityManager = this.em): Promise<Role[]> {
    return (await em.find(UserRole, { userId })).map((r) => r.role);
  }

  private toUser(account: Account, roles: Role[]): AuthUser {
    return {
      id: account.id,
      email: account.email,
      created_at: account.createdAt.toISOString(),
      email_confirmed_at: account.emailConfirmedAt?.toISOString() ?? null,
      app_metadata: { roles },
    };
  }

  private getDummyHash() {
    this.dummyHash ??= this.hasher.hash(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}
