import { Inject, Injectable, Logger } from '@nestjs/common';
import { LockMode, MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { OutboxMessage, type DeliveryOutcome } from '../domain/outbox-message';
import { DeliveryMetrics } from './delivery-metrics';
import { Mailer, MailRejected } from './mailer';
import { Cities } from '../../city';
import { AdminDirectory, adminRecipients, cityOf } from './admin-recipients';
import { cityPagesOf } from './city-links';
import { renderMail, scrubPayload } from './mail-templates';
import { WebhookSender } from './webhook-sender';
import { WEBHOOK_KIND, WebhookAttempt, WebhookSubscription, webhookSignature } from '../domain/webhook';

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
    private readonly webhooks: WebhookSender,
    private readonly cities: Cities,
  ) {}

  async execute(outboxId: string, owner: string): Promise<DeliveryOutcome> {
    const { outcome, createdAt } = await this.attempt(outboxId, owner);
    this.metrics.attempted(outcome, createdAt ? (this.clock.now().getTime() - createdAt.getTime()) / 1000 : 0);
    return outcome;
  }

  /** City pages' addresses for the mail's links (decision 0654); without the cities (a read that failed), the plain ones. */
  private async cityPages() {
    const cities = await this.cities.all().catch(() => []);
    return cityPagesOf(cities, this.config.http.publicUrl);
  }

  private async attempt(outboxId: string, owner: string): Promise<{ outcome: DeliveryOutcome; createdAt?: Date }> {
    const policy = this.config.mail.delivery;
    const claim = await this.change(outboxId, (m) => m.claim(owner, this.clock.now(), policy));
    if (claim.result !== 'claimed') return { outcome: claim.result };

    const message = claim.message;
    if (message.kind === WEBHOOK_KIND) return this.attemptWebhook(message as OutboxMessage<typeof WEBHOOK_KIND>);
    try {
      const mail = renderMail(message.kind, message.payload as never, {
        publicUrl: this.config.http.publicUrl,
        adminEmails: await this.adminEmails(cityOf(message.payload)),
        cityPage: await this.cityPages(),
      });
      await this.mailer.send({ ...mail, from: this.config.mail.from, messageId: message.id });
    } catch (error) {
      const permanent = error instanceof MailRejected;
      const after = await this.change(outboxId, (m) =>
        m.recordFailure((error as Error).message, this.clock.now(), policy, { permanent }),
      );
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

  /**
   * One POST of a partner's event (decision 0810), signed at the time of sending. A 2xx answer is
   * delivered; any other answer, or none, is retried on the mail's schedule until its last attempt.
   * A subscription disabled or deleted since the event fails the delivery without a request. Each
   * attempt is logged for the admins beside the row's new state, in the same transaction.
   */
  private async attemptWebhook(
    message: OutboxMessage<typeof WEBHOOK_KIND>,
  ): Promise<{ outcome: DeliveryOutcome; createdAt?: Date }> {
    const policy = this.config.mail.delivery;
    const { subscriptionId, eventId, event, body } = message.payload;
    const subscription = await this.orm.em.fork().findOne(WebhookSubscription, { id: subscriptionId });
    let statusCode: number | null = null;
    let error: string | null = null;
    let permanent = false;
    if (!subscription || !subscription.enabled) {
      error = subscription ? 'Subscription disabled; not sent' : 'Subscription deleted; not sent';
      permanent = true;
    } else {
      const sentAt = this.clock.now();
      try {
        const answer = await this.webhooks.post(
          subscription.url,
          {
            'content-type': 'application/json',
            'user-agent': 'LocalCreators-Webhooks/1',
            'x-localcreators-event': event,
            'x-localcreators-event-id': eventId,
            'x-localcreators-delivery': message.id,
            'x-localcreators-signature': webhookSignature(
              subscription.secret,
              Math.floor(sentAt.getTime() / 1000),
              body,
            ),
          },
          body,
        );
        statusCode = answer.status;
        if (answer.status < 200 || answer.status > 299)
          error = `HTTP ${answer.status}${answer.status >= 300 && answer.status < 400 ? ' (redirects are not followed)' : ''}`;
      } catch (e) {
        error = (e as Error).message || String(e);
      }
    }
    const after = await this.change(message.id, (m, tx) => {
      const now = this.clock.now();
      if (error === null) m.markSent(now);
      else m.recordFailure(error, now, policy, { permanent });
      const outcome = m.status === 'sent' ? 'delivered' : m.status === 'failed' ? 'failed' : 'retrying';
      // A deleted subscription has no log to write to.
      if (subscription)
        tx.persist(
          WebhookAttempt.record({
            subscriptionId,
            deliveryId: m.id,
            eventId,
            event,
            attempt: m.attempts,
            attemptedAt: now,
            statusCode,
            error: error?.slice(0, 300) ?? null,
            outcome,
            nextRetryAt: outcome === 'retrying' ? m.dueAt : null,
          }),
        );
    });
    const outcome =
      after.message.status === 'sent' ? 'sent' : after.message.status === 'failed' ? 'failed' : 'retry-later';
    if (error)
      this.logger.warn(
        `webhook ${message.id} (${event}) attempt ${after.message.attempts} failed${outcome === 'failed' ? ' for good' : ''}: ${error}`,
      );
    return { outcome, createdAt: message.createdAt };
  }

  /** Applies one state change to the row under its lock, in its own short transaction. */
  private async change<T>(
    outboxId: string,
    apply: (m: OutboxMessage, tx: EntityManager) => T,
  ): Promise<{ result: T; message: OutboxMessage }> {
    return this.orm.em.fork().transactional(async (tx) => {
      const message = await tx.findOne(OutboxMessage, { id: outboxId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!message) throw new OutboxMessageMissing(outboxId);
      return { result: apply(message, tx), message };
    });
  }

  private adminEmails(citySlug: string | undefined): Promise<string[]> {
    return adminRecipients(this.admins, this.config, citySlug);
  }
}
