import type { Role } from '@local-creators/common';

/** Who is calling, as established by the JWT strategy for this request. */
export interface Principal {
  id: string;
  email: string;
  /** Whether the owner proved the address (decision 0508): until then, nothing is mailed on its behalf. */
  emailConfirmed: boolean;
  roles: Role[];
  /**
   * For an admin, the cities (slugs) they were given; null for an admin of every city (decision
   * 0601). Absent is read as null: only the JWT strategy makes principals of requests.
   */
  adminCities?: readonly string[] | null;
  sessionId: string | null;
  /** Set when the bearer is a password-recovery token (only PUT /api/auth/user accepts it). */
  recoveryTokenId?: string;
}

export const isAdmin = (p: Principal | undefined | null) => !!p && p.roles.includes('admin');
