import type { Role } from '@local-creators/common';

/** Who is calling, as established by the JWT strategy for this request. */
export interface Principal {
  id: string;
  email: string;
  roles: Role[];
  sessionId: string | null;
  /** Set when the bearer is a password-recovery token (only PUT /api/auth/user accepts it). */
  recoveryTokenId?: string;
}

export const isAdmin = (p: Principal | undefined | null) => !!p && p.roles.includes('admin');
