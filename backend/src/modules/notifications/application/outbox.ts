import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { OutboxMessage } from '../domain/outbox-message';
import type { NotificationKind, NotificationPayloads } from '../domain/notification-kinds';
import { WEBHOOK_KIND, WebhookSubscription, type WebhookEventName } from '../domain/webhook';

/**
 * Records a notification in the caller's unit of work: it is written by the caller's next
 * `em.flush()`, in the same transaction as the data, or not at all.
 */
@Injectable()
export class Outbox {
  constructor(private readonly em: EntityManager) {}

  /** `dueAt`: not sent before then (a spaced reset link, decision 0505); now when not given. */
  add<K extends NotificationKind>(
    kind: K,
    payload: NotificationPayloads[K],
    em: EntityManager = this.em,
    dueAt?: Date,
  ): OutboxMessage<K> {
    const message = OutboxMessage.create(kind, payload);
    if (dueAt) message.deferUntil(dueAt);
    em.persist(message);
    return message;
  }

  /**
   * A partners' event (decision 0810): one delivery per enabled subscription that wants it, each
   * an outbox row written by the caller's flush with the change that caused it. The body is made
   * here, once, so every attempt sends (and signs) the same bytes; `data` holds only public fields.
   */
  async event(
    event: WebhookEventName,
    data: Record<string, unknown>,
    now: Date,
    em: EntityManager = this.em,
  ): Promise<number> {
    // A handful of rows: read whole and chosen here rather than by an array operator.
    const subscriptions = (await em.find(WebhookSubscription, { enabled: true })).filter((s) => s.wants(event));
    if (subscriptions.length === 0) return 0;
    const eventId = randomUUID();
    const body = JSON.stringify({ id: eventId, event, created_at: now.toISOString(), data });
    for (const s of subscriptions)
      em.persist(OutboxMessage.create(WEBHOOK_KIND, { subscriptionId: s.id, eventId, event, body }, now));
    return subscriptions.length;
  }
}
