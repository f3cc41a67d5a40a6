import { createSecretKey } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { MSG } from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import type { Principal } from '../../../shared/auth/principal';
import { SessionLookup } from '../application/account-directory';
import type { AccessTokenClaims } from '../application/auth.service';

/**
 * The passport strategy named 'jwt' that the shared guards run (shared/auth): checks the bearer
 * JWT, then that its session is still active (so sign-out ends access tokens at once) and reads
 * the roles fresh (so a revoked admin loses access at once).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(AppConfig) config: AppConfig,
    private readonly sessions: SessionLookup,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      ignoreExpiration: false,
      // A key object made once: given the secret as text, jsonwebtoken first tries it as a public
      // key (which throws) and then makes a secret key, on every request (about 5% of a console read).
      secretOrKey: createSecretKey(Buffer.from(config.auth.jwtSecret)) as unknown as Buffer,
      algorithms: ['HS256'],
    });
  }

  async validate(claims: AccessTokenClaims): Promise<Principal> {
    if (claims.typ === 'access' && claims.sid) {
      const account = await this.sessions.activeSession(claims.sid, claims.sub);
      if (!account) throw new UnauthorizedException(MSG.sessionExpired);
      return {
        id: claims.sub,
        email: account.email,
        emailConfirmed: account.email_confirmed,
        roles: account.roles,
        // No grants: an admin of every city (decision 0601).
        adminCities: account.admin_cities.length ? account.admin_cities : null,
        sessionId: claims.sid,
      };
    }
    if (claims.typ === 'recovery' && claims.jti) {
      const account = await this.sessions.openRecoveryLink(claims.jti, claims.sub);
      if (!account) throw new UnauthorizedException(MSG.recoveryLinkInvalid);
      return {
        id: claims.sub,
        email: account.email,
        emailConfirmed: false,
        roles: [],
        adminCities: [],
        sessionId: null,
        recoveryTokenId: claims.jti,
      };
    }
    throw new UnauthorizedException(MSG.notAuthenticated);
  }
}
