import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { MSG } from '@local-creators/common';
import type { Role } from '@local-creators/common';
import type { Principal } from './principal';
import { ALLOW_RECOVERY_KEY, EVERY_CITY_KEY, OPTIONAL_KEY, ROLES_KEY } from './access-keys';

/** passport-jwt behind a guard that honours @OptionalAuth() and refuses recovery tokens by default. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const optional = this.reflector.getAllAndOverride<boolean>(OPTIONAL_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const req = context.switchToHttp().getRequest();
    if (optional && !req.headers.authorization) return true;
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<T = Principal>(err: unknown, user: T | false, _info: unknown, context: ExecutionContext): T {
    const optional = this.reflector.getAllAndOverride<boolean>(OPTIONAL_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    // Not an authentication failure (the session lookup could not reach the database): it keeps
    // its own answer, a 503, instead of a 401 that would sign the user out.
    if (err && !(err instanceof UnauthorizedException)) throw err;
    const allowRecovery = this.reflector.getAllAndOverride<boolean>(ALLOW_RECOVERY_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (err || !user) {
      if (optional) return undefined as T;
      // An expired or forged recovery link says so, not 'Not authenticated'.
      if (allowRecovery && claimsRecovery(context.switchToHttp().getRequest().headers.authorization))
        throw new UnauthorizedException(MSG.recoveryLinkInvalid);
      throw err instanceof UnauthorizedException ? err : new UnauthorizedException(MSG.notAuthenticated);
    }
    const principal = user as unknown as Principal;
    if (principal.recoveryTokenId && !allowRecovery) {
      if (optional) return undefined as T;
      throw new UnauthorizedException(MSG.notAuthenticated);
    }
    return user as T;
  }
}

/** Whether an (unverified) bearer token says it is a recovery token; only to choose a message. */
function claimsRecovery(authorization: unknown): boolean {
  const payload =
    typeof authorization === 'string' ? /^Bearer\s+[\w-]+\.([\w-]+)\.[\w-]*$/i.exec(authorization)?.[1] : undefined;
  if (!payload) return false;
  try {
    return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { typ?: unknown }).typ === 'recovery';
  } catch {
    return false;
  }
}

@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[]>(ROLES_KEY, [context.getHandler(), context.getClass()]) ?? [];
    if (roles.length === 0) return true;
    const principal = context.switchToHttp().getRequest().user as Principal | undefined;
    if (!principal) throw new UnauthorizedException(MSG.notAuthenticated);
    if (!roles.every((r) => principal.roles.includes(r))) throw new ForbiddenException(MSG.forbidden);
    const everyCity = this.reflector.getAllAndOverride<boolean>(EVERY_CITY_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (everyCity && principal.adminCities?.length) throw new ForbiddenException(MSG.everyCityOnly);
    return true;
  }
}
