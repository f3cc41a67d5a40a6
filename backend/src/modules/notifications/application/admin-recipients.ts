import type { AppConfig } from '../../../config/app-config';

/**
 * Port: who holds the admin role. Notifications asks; the identity module answers (its account
 * directory is bound to this token), so this module never reads identity's tables.
 */
export abstract class AdminDirectory {
  /** With a city: the admins of every city and those given that city (decision 0601). */
  abstract adminEmails(citySlug?: string): Promise<string[]>;
}

/**
 * Who mail "to the admins" goes to: ADMIN_NOTIFY_EMAILS, else the admins of the record's city
 * (every admin when the message names no city).
 */
export async function adminRecipients(directory: AdminDirectory, config: AppConfig, citySlug?: string): Promise<string[]> {
  if (config.mail.adminNotifyEmails.length) return config.mail.adminNotifyEmails;
  return directory.adminEmails(citySlug);
}
