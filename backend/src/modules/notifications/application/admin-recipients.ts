import type { AppConfig } from '../../../config/app-config';

/**
 * Port: who holds the admin role. Notifications asks; the identity module answers (its account
 * directory is bound to this token), so this module never reads identity's tables.
 */
export abstract class AdminDirectory {
  /** With a city: the admins of every city and those given that city (decision 0601). */
  abstract adminEmails(citySlug?: string): Promise<string[]>;
}

/** The city an admin-addressed message names, if any (decision 0601). */
export const cityOf = (payload: unknown): string | undefined => {
  const city = (payload as { citySlug?: unknown } | null)?.citySlug;
  return typeof city === 'string' ? city : undefined;
};

/**
 * Who mail "to the admins" goes to: ADMIN_NOTIFY_EMAILS, else the admins of the record's city
 * (every admin when the message names no city).
 */
export async function adminRecipients(
  directory: AdminDirectory,
  config: AppConfig,
  citySlug?: string,
): Promise<string[]> {
  if (config.mail.adminNotifyEmails.length) return config.mail.adminNotifyEmails;
  return directory.adminEmails(citySlug);
}
