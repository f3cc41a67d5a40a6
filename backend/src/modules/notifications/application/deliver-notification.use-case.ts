import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { AppConfig } from '../../../config/app-config';
import { OutboxMessage } from '../domain/outbox-message';
import { Mailer, MailRejected } from './mailer';
import { renderMail, scrubPayload } from './mail-templates';

/** Sends one outbox message. Idempotent: a message already sent is skipped. */
@Injectable()
export class DeliverNotification {
  constructor(
    private readonly orm: MikroORM,
    private readonly mailer: Mailer,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute(outboxId: string, isLastAttempt: boolean): Promise<'sent' | 'skipped'> {
    const em = this.orm.em.fork();
    const message = await em.findOne(OutboxMessage, { id: outboxId });
    if (!message || message.status === 'sent') return 'skipped';
    message.attempts += 1;
    try {
      const mail = renderMail(message.kind, message.payload, { publicUrl: this.config.http.publicUrl, adminEmails: await this.adminEmails(em) });
      await this.mailer.send({ ...mail, from: this.config.mail.from, messageId: message.id });
      message.status = 'sent';
      message.sentAt = new Date();
      message.lastError = null;
      message.payload = scrubPayload(message.kind, message.payload as unknown as Record<string, unknown>) as never;
      await em.flush();
      return 'sent';
    } catch (error) {
      message.lastError = (error as Error).message.slice(0, 1000);
      if (isLastAttempt || error instanceof MailRejected) message.status = 'failed';
      await em.flush();
      throw error;
    }
  }

  /** ADMIN_NOTIFY_EMAILS, else every account holding the admin role. */
  private async adminEmails(em: ReturnType<MikroORM['em']['fork']>): Promise<string[]> {
    if (this.config.mail.adminNotifyEmails.length) return this.config.mail.adminNotifyEmails;
    const rows = await em.getConnection().execute<{ email: string }[]>(
      `select u.email from users u join user_roles r on r.user_id = u.id where r.role = 'admin' order by u.created_at`,
    );
    return rows.map((r) => r.email);
  }
}
