import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { MSG, validateRecoveryRequest, validateSignin, validateSignup, firstNewPasswordError } from '@local-creators/common';
import type { AuthSession as SessionDto, AuthUser, Role } from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { DomainError, unwrapValidation } from '../../../shared/domain-error';
import { RateLimiter } from '../../../shared/rate-limiter';
import { Outbox } from '../../notifications/application/outbox';
import { Account, UserRole } from '../domain/account';
import { AuthSession, RecoveryToken, RefreshToken, decideRefresh } from '../domain/auth-session';
import { PasswordHasher } from './password-hasher';
import type { Principal } from './principal';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const invalidCredentials = () => DomainError.invalid('AUTH.INVALID_CREDENTIALS', MSG.invalidCredentials);
const sessionEnded = () => DomainError.unauthorized('AUTH.SESSION_ENDED', MSG.sessionExpired);

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
export class AuthService {
  // Verified against when the e-mail is unknown, so both paths cost one argon2 verification.
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly hasher: PasswordHasher,
    private readonly jwt: JwtService,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly outbox: Outbox,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async signUp(input: unknown, clientIp: string): Promise<SessionDto> {
    await this.limiter.hit('signup', clientIp, this.config.rateLimits.signup);
    const { email, password } = unwrapValidation(validateSignup(input));
    const now = this.clock.now();
    if (await this.em.count(Account, { email: Account.normalizeEmail(email) })) {
      throw DomainError.conflict('AUTH.EMAIL_TAKEN', MSG.emailTaken);
    }
    const account = Account.create(email, await this.hasher.hash(password), now);
    this.em.persist(account);
    try {
      return await this.startSession(account, [], now);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw DomainError.conflict('AUTH.EMAIL_TAKEN', MSG.emailTaken);
      throw error;
    }
  }

  async signIn(input: unknown, clientIp: string): Promise<SessionDto> {
    const rule = this.config.rateLimits.signin;
    await this.limiter.check('signin-failures', clientIp, rule);
    const { email, password } = unwrapValidation(validateSignin(input));
    const account = await this.em.findOne(Account, { email: Account.normalizeEmail(email) }, { populate: ['passwordHash'] });
    const ok = account
      ? await this.hasher.verify(account.passwordHash, password)
      : (await this.hasher.verify(await this.getDummyHash(), password), false);
    if (!account || !ok) {
      await this.limiter.record('signin-failures', clientIp, rule);
      throw invalidCredentials();
    }
    return this.startSession(account, await this.rolesOf(account.id), this.clock.now());
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
    token.usedAt ??= now;
    const account = await this.em.findOneOrFail(Account, { id: session.userId });
    return this.issueTokens(account, session, await this.rolesOf(account.id), now);
  }

  async signOut(principal: Principal): Promise<void> {
    if (!principal.sessionId) return;
    const session = await this.em.findOne(AuthSession, { id: principal.sessionId });
    session?.revoke('signed_out', this.clock.now());
    await this.em.flush();
  }

  /** Answers the same whether or not the account exists; mails a single-use link when it does. */
  async requestRecovery(input: unknown, clientIp: string): Promise<void> {
    const { email } = unwrapValidation(validateRecoveryRequest(input));
    await this.limiter.hit('recover', clientIp, this.config.rateLimits.recover);
    await this.limiter.hit('recover-email', Account.normalizeEmail(email), this.config.rateLimits.recover);
    const account = await this.em.findOne(Account, { email: Account.normalizeEmail(email) });
    if (!account) return;
    const now = this.clock.now();
    const grant = RecoveryToken.issue(account.id, now, this.config.auth.recoveryTtlSeconds);
    const claims: AccessTokenClaims = { sub: account.id, jti: grant.id, typ: 'recovery', email: account.email };
    const token = await this.jwt.signAsync(claims, { expiresIn: this.config.auth.recoveryTtlSeconds });
    const link = `${this.config.http.publicUrl}/login#access_token=${token}&expires_in=${this.config.auth.recoveryTtlSeconds}&token_type=bearer&type=recovery`;
    this.em.persist(grant);
    this.outbox.add('password-recovery', { email: account.email, link });
    await this.em.flush();
  }

  /**
   * New password. With a recovery token: the token is spent, every session of the account is
   * revoked and a fresh one returned. With a normal token: other sessions are revoked, this one stays.
   */
  async updatePassword(principal: Principal, input: unknown): Promise<{ user: AuthUser; session: SessionDto | null }> {
    const password = (input as { password?: unknown } | null)?.password;
    const error = typeof password === 'string' ? firstNewPasswordError(password) : MSG.passwordTooShort;
    if (error) throw DomainError.invalid('VALIDATION', error, 'password');
    if (typeof password === 'string' && password.length > 128) throw DomainError.invalid('VALIDATION', MSG.passwordTooLong, 'password');
    const now = this.clock.now();
    const account = await this.em.findOneOrFail(Account, { id: principal.id });
    if (principal.recoveryTokenId) {
      const grant = await this.em.findOne(RecoveryToken, { id: principal.recoveryTokenId });
      if (!grant || !grant.isUsable(now)) throw DomainError.unauthorized('AUTH.RECOVERY_INVALID', MSG.recoveryLinkInvalid);
      grant.spend(now);
    }
    account.changePassword(await this.hasher.hash(password as string), now);
    const sessions = await this.em.find(AuthSession, { userId: account.id, revokedAt: null });
    for (const s of sessions) if (s.id !== principal.sessionId) s.revoke('password_changed', now);
    const roles = await this.rolesOf(account.id);
    if (principal.recoveryTokenId) {
      return { user: this.toUser(account, roles), session: await this.startSession(account, roles, now) };
    }
    await this.em.flush();
    return { user: this.toUser(account, roles), session: null };
  }

  async currentUser(principal: Principal): Promise<AuthUser> {
    const account = await this.em.findOne(Account, { id: principal.id });
    if (!account) throw sessionEnded();
    return this.toUser(account, await this.rolesOf(account.id));
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

  /** Creates an account directly (seed, CLI). */
  async createAccount(email: string, password: string, roles: Role[] = []): Promise<Account> {
    const now = this.clock.now();
    const account = Account.create(email, await this.hasher.hash(password), now);
    this.em.persist(account);
    for (const role of roles) this.em.persist(UserRole.grant(account.id, role, now));
    await this.em.flush();
    return account;
  }

  // ---- internals ----

  private async startSession(account: Account, roles: Role[], now: Date): Promise<SessionDto> {
    const session = AuthSession.start(account.id, now, this.config.auth.refreshSessionTtlDays);
    this.em.persist(session);
    return this.issueTokens(account, session, roles, now);
  }

  private async issueTokens(account: Account, session: AuthSession, roles: Role[], now: Date): Promise<SessionDto> {
    const refreshToken = randomBytes(32).toString('base64url');
    this.em.persist(RefreshToken.issue(session.id, sha256(refreshToken), now));
    await this.em.flush();
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

  private async rolesOf(userId: string): Promise<Role[]> {
    return (await this.em.find(UserRole, { userId })).map((r) => r.role);
  }

  private toUser(account: Account, roles: Role[]): AuthUser {
    return { id: account.id, email: account.email, created_at: account.createdAt.toISOString(), app_metadata: { roles } };
  }

  private getDummyHash() {
    this.dummyHash ??= this.hasher.hash(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}
