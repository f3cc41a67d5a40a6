import { Inject, Injectable, Logger } from '@nestjs/common';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { OutboxMessage, type DeliveryOutcome } from '../domain/outbox-message';
import { DeliveryMetrics } from './delivery-metrics';
import { Mailer, MailRejected } from './mailer';
import { AdminDirectory, adminRecipients, cityOf } from './admin-recipients';
import { renderMail, scrubPayload } from './mail-templates';

/**
 * The job named a message this database does not have. That is an error (a job of another
 * install, or a row deleted by hand), never "done": the job fails where an operator sees it.
 */
class OutboxMessageMissing extends Error {
  override readonly name = 'OutboxMessageMissing';
  constructor(id: string) {
    super(`outbox message ${id} is not in this install's database`);
  }
}

/**
 * Sends one outbox message: claims it (a lease in the row), sends it with the row id as its
 * Message-ID, and records the outcome. A worker that dies after the claim leaves the lease to run
 * out; the relay then hands the message over again and the resend carries the same Message-ID.
 */
@Injectable()
export class DeliverNotification {
  private readonly logger = new Logger('DeliverNotification');

  constructor(
    private readonly orm: MikroORM,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly metrics: DeliveryMetrics,
    private readonly admins: AdminDirectory,
  ) {}

  async execute(outboxId: string, owner: string): Promise<DeliveryOutcome> {
    const { outcome, createdAt } = await this.attempt(outboxId, owner);
    this.metrics.attempted(outcome, createdAt ? (this.clock.now().getTime() - createdAt.getTime()) / 1000 : 0);
    return outcome;
  }

  private async attempt(outboxId: string, owner: string): Promise<{ outcome: DeliveryOutcome; createdAt?: Date }> {
    const policy = this.config.mail.delivery;
    const claim = await this.change(outboxId, (m) => m.claim(owner, this.clock.now(), policy));
    if (claim.result !== 'claimed') return { outcome: claim.result };

    const message = claim.message;
    try {
      const mail = renderMail(message.kind, message.payload, {
        publicUrl: this.config.http.publicUrl,
        adminEmails: await this.adminEmails(cityOf(message.payload)),
      });
      await this.mailer.send({ ...mail, from: this.config.mail.from, messageId: message.id });
    } catch (error) {
      const permanent = error instanceof MailRejected;
      const after = await this.change(outboxId, (m) => m.recordFailure((error as Error).message, this.clock.now(), policy, { permanent }));
      this.logger.warn(
        `notification ${outboxId} attempt ${after.message.attempts} failed${after.message.status === 'failed' ? ' for good' : ''}: ${(error as Error).message}`,
      );
      return { outcome: after.message.status === 'failed' ? 'failed' : 'retry-later', createdAt: message.createdAt };
    }
    await this.change(outboxId, (m) => {
      m.markSent(this.clock.now());
      m.payload = scrubPayload(m.kind, m.payload as unknown as Record<string, unknown>) as never;
    });
    return { outcome: 'sent', createdAt: message.createdAt };
  }

  /** Applies one state change to the row under its lock, in its own short transaction. */
  private async change<T>(outboxId: string, apply: (m: OutboxMessage) => T): Promise<{ result: T; message: OutboxMessage }> {
    return this.orm.em.fork().transactional(async (tx) => {
      const message = await tx.findOne(OutboxMessage, { id: outboxId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!message) throw new OutboxMessageMissing(outboxId);
      return { result: apply(message), message };
    });
  }

  private adminEmails(citySlug: string | undefined): Promise<string[]> {
    return adminRecipients(this.admins, this.config, citySlug);
  }
}
