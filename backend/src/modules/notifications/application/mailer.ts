import type { MailMessage } from './mail-templates';

/** Port: delivers one mail. Adapters: SMTP (nodemailer) and .eml files for the embedded default. */
export abstract class Mailer {
  abstract send(message: MailMessage & { messageId: string; from: string }): Promise<void>;
}

/**
 * The mail server refused the message for good (SMTP 5xx: unknown mailbox, policy): trying again
 * cannot help, so the message is marked failed at once for an admin to look at.
 */
export class MailRejected extends Error {
  override readonly name = 'MailRejected';
}
