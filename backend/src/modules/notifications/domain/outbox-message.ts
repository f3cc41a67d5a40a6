import { randomUUID } from 'node:crypto';
import type { OutboxStatus } from '@local-creators/common';
import type { NotificationKind, NotificationPayloads } from './notification-kinds';

/**
 * A side effect (a mail) recorded in the same transaction as the data that caused it. The relay
 * hands it to BullMQ; a worker delivers it. Its id is the BullMQ job id, so a retry never duplicates.
 */
export class OutboxMessage<K extends NotificationKind = NotificationKind> {
  id: string;
  kind: K;
  payload: NotificationPayloads[K];
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  queuedAt: Date | null;
  sentAt: Date | null;

  static create<K extends NotificationKind>(kind: K, payload: NotificationPayloads[K], now = new Date()): OutboxMessage<K> {
    const m = new OutboxMessage<K>();
    m.id = randomUUID();
    m.kind = kind;
    m.payload = payload;
    m.status = 'pending';
    m.attempts = 0;
    m.lastError = null;
    m.createdAt = now;
    m.queuedAt = null;
    m.sentAt = null;
    return m;
  }
}
