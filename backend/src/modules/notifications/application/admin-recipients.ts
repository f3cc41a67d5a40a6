import type { AppConfig } from '../../../config/app-config';

/**
 * Port: who holds the admin role. Notifications asks; the identity module answers (its account
 * directory is bound to this token), so this module never reads identity's tables.
 */
export abstract class AdminDirectory {
  abstract adminEmails(): Promise<string[]>;
}

/** Who mail "to the admins" goes to: ADMIN_NOTIFY_EMAILS, else every account holding the admin role. */
export async function adminRecipients(directory: AdminDirectory, config: AppConfig): Promise<string[]> {
  if (config.mail.adminNotifyEmails.length) return config.mail.adminNotifyEmails;
  return directory.adminEmails();
}
