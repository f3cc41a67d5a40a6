import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../../config/app-config';

/** Who mail "to the admins" goes to: ADMIN_NOTIFY_EMAILS, else every account holding the admin role. */
export async function adminRecipients(em: EntityManager, config: AppConfig): Promise<string[]> {
  if (config.mail.adminNotifyEmails.length) return config.mail.adminNotifyEmails;
  const rows = await em
    .getConnection()
    .execute<{ email: string }[]>(`select u.email from users u join user_roles r on r.user_id = u.id where r.role = 'admin' order by u.created_at`);
  return rows.map((r) => r.email);
}
