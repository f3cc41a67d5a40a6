import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import type { Role } from '@local-creators/common';
import type { Principal } from './principal';
import { ALLOW_RECOVERY_KEY, EVERY_CITY_KEY, OPTIONAL_KEY, ROLES_KEY } from './access-keys';
import { JwtAuthGuard, RolesGuard } from './guards';

/*
 * How every module's routes say who may call them. The guards check a bearer token with the
 * passport strategy named 'jwt', which the identity module provides (its JwtStrategy); the
 * routes need nothing else of identity.
 */

/** Signed-in callers only; with roles, callers holding every role named (401 signed out, 403 otherwise). */
export const Auth = (...roles: Role[]) =>
  applyDecorators(SetMetadata(ROLES_KEY, roles), UseGuards(JwtAuthGuard, RolesGuard), ApiBearerAuth());

/** With @Auth('admin'): only admins of every city (403 for an admin given some cities; decision 0601). */
export const EveryCity = () => SetMetadata(EVERY_CITY_KEY, true);

/** Anyone; a valid bearer token, when sent, makes the caller known. */
export const OptionalAuth = () =>
  applyDecorators(SetMetadata(OPTIONAL_KEY, true), UseGuards(JwtAuthGuard), ApiBearerAuth());

/** Lets a password-recovery token through (only for setting the new password). */
export const AllowRecoveryToken = () => SetMetadata(ALLOW_RECOVERY_KEY, true);

export const CurrentUser = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): Principal | undefined => ctx.switchToHttp().getRequest().user,
);

/** The client address, as Fastify reads it through TRUST_PROXY. */
export const ClientIp = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): string => ctx.switchToHttp().getRequest().ip ?? 'unknown',
);
