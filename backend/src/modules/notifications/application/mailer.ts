import type { MailMessage } from './mail-templates';

/** Port: delivers one mail. Adapters: SMTP (nodemailer) and .eml files for the embedded default. */
export abstract class Mailer {
  abstract send(message: MailMessage & { messageId: string; from: string }): Promise<void>;
}
