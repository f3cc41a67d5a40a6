import type { Role } from '@local-creators/common';

/**
 * What other modules may know of accounts, without reading identity's tables: e-mail addresses,
 * who holds the admin role, and (for the demo data) accounts that cannot sign in. Exported from
 * the module's public surface (index.ts).
 */
export abstract class AccountDirectory {
  /** The e-mail of each known account id (ids without an account are left out). */
  abstract emailsOf(userIds: readonly string[]): Promise<Map<string, string>>;
  /** Accounts whose e-mail contains `text` (case-insensitive), at most `limit` of them. */
  abstract userIdsWithEmailContaining(text: string, limit: number): Promise<string[]>;
  /** Everyone holding the admin role, oldest account first; with a city, the admins of that city (every-city admins included). */
  abstract adminEmails(citySlug?: string): Promise<string[]>;
  /** Accounts no password opens (demo data), by e-mail; an e-mail already taken keeps its account. Answers each e-mail's account id. */
  abstract createLockedAccounts(accounts: readonly { email: string; createdAt: Date }[]): Promise<Map<string, string>>;
}

/** The signed-in caller's account behind a token, when its session or recovery link is still good. */
export abstract class SessionLookup {
  /** E-mail, roles and admin city grants (read fresh) of an active session's account; null when signed out or expired. */
  abstract activeSession(
    sessionId: string,
    userId: string,
  ): Promise<{ email: string; email_confirmed: boolean; roles: Role[]; admin_cities: string[] } | null>;
  /** The account's e-mail while the recovery link is unused and not expired; else null. */
  abstract openRecoveryLink(tokenId: string, userId: string): Promise<{ email: string } | null>;
}
