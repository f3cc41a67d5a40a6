import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '../../../config/app-config';
import { withSafeHeaders } from '../application/mail-headers';
import { Mailer, MailRejected } from '../application/mailer';
import type { MailMessage } from '../application/mail-templates';

/** SMTP_URL set: real SMTP (Mailpit in compose). Unset: one .eml file per mail under MAIL_DIR. */
@Injectable()
export class NodemailerMailer extends Mailer {
  private readonly logger = new Logger('Mailer');
  private readonly transport: Transporter;

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {
    super();
    this.transport = config.mail.smtpUrl
      ? createTransport(config.mail.smtpUrl, {
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        } as never)
      : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(unsafe: MailMessage & { messageId: string; from: string }): Promise<void> {
    const message = withSafeHeaders(unsafe);
    if (message.to.length === 0) {
      this.logger.warn(`mail "${message.subject}" has no recipient; skipped`);
      return;
    }
    const info = await this.transport
      .sendMail({
        from: message.from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        ...(message.headers ? { headers: message.headers } : {}),
        messageId: `<${message.messageId}@local-creators>`,
      })
      .catch((error: Error & { responseCode?: number }) => {
        // 5xx is the server's final word; 4xx and network errors are worth another attempt.
        throw error.responseCode && error.responseCode >= 500 ? new MailRejected(error.message) : error;
      });
    if (!this.config.mail.smtpUrl) {
      await mkdir(this.config.mail.dir, { recursive: true });
      const file = join(
        this.config.mail.dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.messageId}.eml`,
      );
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      // The links (reset, confirmation) are in the file, never in the log (decision 0313).
      this.logger.log(`mail to ${message.to.join(', ')}: "${message.subject}" written to ${file}`);
    }
  }
}
