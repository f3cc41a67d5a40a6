import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { OutboxMessage } from '../domain/outbox-message';
import type { NotificationKind, NotificationPayloads } from '../domain/notification-kinds';

/**
 * Records a notification in the caller's unit of work: it is written by the caller's next
 * `em.flush()`, in the same transaction as the data, or not at all.
 */
@Injectable()
export class Outbox {
  constructor(private readonly em: EntityManager) {}

  /** `dueAt`: not sent before then (a spaced reset link, decision 0505); now when not given. */
  add<K extends NotificationKind>(kind: K, payload: NotificationPayloads[K], em: EntityManager = this.em, dueAt?: Date): OutboxMessage<K> {
    const message = OutboxMessage.create(kind, payload);
    if (dueAt) message.deferUntil(dueAt);
    em.persist(message);
    return message;
  }
}
