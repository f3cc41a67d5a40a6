import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { EntityManager } from '@mikro-orm/postgresql';
import { MSG } from '@local-creators/common';
import type { Role } from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import type { AccessTokenClaims } from '../application/auth.service';
import type { Principal } from '../application/principal';

/**
 * Checks the bearer JWT, then that its session is still active (so sign-out ends access tokens at
 * once) and reads the roles fresh from user_roles (so a revoked admin loses access at once).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(AppConfig) config: AppConfig,
    private readonly em: EntityManager,
  ) {
    super({ jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), ignoreExpiration: false, secretOrKey: config.auth.jwtSecret, algorithms: ['HS256'] });
  }

  async validate(claims: AccessTokenClaims): Promise<Principal> {
    const conn = this.em.getConnection();
    if (claims.typ === 'access' && claims.sid) {
      const rows = await conn.execute<{ email: string; roles: Role[] }[]>(
        `select u.email, coalesce(array(select r.role from user_roles r where r.user_id = u.id), '{}') as roles
           from auth_sessions s join users u on u.id = s.user_id
          where s.id = ? and s.user_id = ? and s.revoked_at is null and s.expires_at > now()`,
        [claims.sid, claims.sub],
      );
      if (rows.length === 0) throw new UnauthorizedException(MSG.sessionExpired);
      return { id: claims.sub, email: rows[0]!.email, roles: rows[0]!.roles, sessionId: claims.sid };
    }
    if (claims.typ === 'recovery' && claims.jti) {
      const rows = await conn.execute<{ email: string }[]>(
        `select u.email from recovery_tokens t join users u on u.id = t.user_id
          where t.id = ? and t.user_id = ? and t.used_at is null and t.expires_at > now()`,
        [claims.jti, claims.sub],
      );
      if (rows.length === 0) throw new UnauthorizedException(MSG.recoveryLinkInvalid);
      return { id: claims.sub, email: rows[0]!.email, roles: [], sessionId: null, recoveryTokenId: claims.jti };
    }
    throw new UnauthorizedException(MSG.notAuthenticated);
  }
}
