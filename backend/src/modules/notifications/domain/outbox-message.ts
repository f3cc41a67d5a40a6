import { randomUUID } from 'node:crypto';
import type { OutboxStatus } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';
import type { NotificationKind, NotificationPayloads } from './notification-kinds';

/** How the delivery of every message is paced; one set per install (config). */
export interface DeliveryPolicy {
  /** Attempts before a message that keeps failing is given up as failed. */
  maxAttempts: number;
  /** First retry delay; each further attempt waits twice as long. */
  retryBaseMs: number;
  /** How long a claiming worker owns the message; must outlast one SMTP conversation. */
  leaseMs: number;
  /** How long a hand-off to the queue may wait for a worker before it is taken as lost. */
  handoffGraceMs: number;
  /** A message not delivered after this long is failed for an admin to look at, whatever the cause. */
  giveUpAfterMs: number;
}

/** What a worker found when it tried to claim a message. */
export type ClaimResult = 'claimed' | 'settled' | 'leased-elsewhere';

/** How one delivery attempt of a message ended (what the worker reports and counts). */
export type DeliveryOutcome = Exclude<ClaimResult, 'claimed'> | 'sent' | 'retry-later' | 'failed';

/**
 * A side effect (a mail) recorded in the same transaction as the data that caused it. This row,
 * not the queue, is the truth about the message: the relay hands it to BullMQ whenever it is due,
 * a worker claims it (a lease) before sending, and only the row says whether it was sent. The
 * queue may lose, repeat or misroute jobs; the row makes each of those a delay, never a loss.
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
  /** When the relay next hands this message to the queue (unsettled messages only). */
  dueAt: Date | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  /** Hand-offs to the queue so far; each one is a job id of its own. */
  handoffs: number;
  /** An admin's resend of a delivered message: the message it repeats (decision 0116). */
  resendOf: string | null;

  static create<K extends NotificationKind>(
    kind: K,
    payload: NotificationPayloads[K],
    now = new Date(),
  ): OutboxMessage<K> {
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
    m.dueAt = now;
    m.leaseOwner = null;
    m.leaseUntil = null;
    m.handoffs = 0;
    m.resendOf = null;
    return m;
  }

  /**
   * An admin sends a delivered message once more: a new message with the same content, so the
   * first one's record (sent, when) stays as it was. A message that carried a single-use link is
   * never repeated: its secret was scrubbed once sent, and the person asks for a new link.
   */
  static resendFrom(original: OutboxMessage, singleUse: boolean, now = new Date()): OutboxMessage {
    if (original.status !== 'sent')
      throw DomainError.conflict(
        'NOTIFICATIONS.NOT_SENT',
        'Only a delivered message can be resent; use Retry for this one',
      );
    if (singleUse)
      throw DomainError.conflict(
        'NOTIFICATIONS.SINGLE_USE',
        'This mail carried a single-use link and cannot be resent; the person can ask for a new one',
      );
    const copy = OutboxMessage.create(original.kind, structuredClone(original.payload), now);
    copy.resendOf = original.id;
    return copy;
  }

  /** Not handed to the queue before `at` (a reset link spaced after the one before it). */
  deferUntil(at: Date) {
    if (this.status !== 'pending')
      throw DomainError.conflict('NOTIFICATIONS.NOT_PENDING', 'Only a message not yet handed over can wait');
    this.dueAt = at;
  }

  isSettled() {
    return this.status === 'sent' || this.status === 'failed';
  }

  isLeasedAt(now: Date) {
    return this.leaseUntil !== null && this.leaseUntil > now;
  }

  /** The job id of the current hand-off: the same message handed over again is a new job. */
  jobId() {
    return `${this.id}.${this.handoffs}`;
  }

  /** The relay gave the message to the queue; unclaimed after the grace, it is handed over again. */
  handedToQueue(now: Date, policy: DeliveryPolicy) {
    this.status = 'queued';
    this.queuedAt = now;
    this.handoffs += 1;
    this.dueAt = new Date(now.getTime() + policy.handoffGraceMs);
  }

  /** A worker takes the message before sending; nobody else sends it while the lease holds. */
  claim(owner: string, now: Date, policy: DeliveryPolicy): ClaimResult {
    if (this.isSettled()) return 'settled';
    if (this.isLeasedAt(now)) return 'leased-elsewhere';
    this.attempts += 1;
    this.leaseOwner = owner;
    this.leaseUntil = new Date(now.getTime() + policy.leaseMs);
    // A worker that dies mid-send leaves the row due once its lease has run out.
    this.dueAt = this.leaseUntil;
    return 'claimed';
  }

  markSent(now: Date) {
    this.status = 'sent';
    this.sentAt = now;
    this.lastError = null;
    this.endLease();
  }

  /** A failed attempt: retried later with a growing delay, or failed for good. */
  recordFailure(error: string, now: Date, policy: DeliveryPolicy, opts: { permanent: boolean }) {
    this.lastError = error.slice(0, 1000);
    if (opts.permanent || this.attempts >= policy.maxAttempts) this.status = 'failed';
    this.endLease();
    if (this.status === 'failed') return;
    this.dueAt = new Date(now.getTime() + policy.retryBaseMs * 2 ** Math.max(0, this.attempts - 1));
  }

  /** Too old to be worth sending any more: an admin sees it failed and may retry it. */
  giveUpIfOverdue(now: Date, policy: DeliveryPolicy): boolean {
    if (this.isSettled() || this.isLeasedAt(now) || now.getTime() - this.createdAt.getTime() < policy.giveUpAfterMs)
      return false;
    this.status = 'failed';
    this.lastError = `Not delivered within ${Math.round(policy.giveUpAfterMs / 3_600_000)} hours`;
    this.endLease();
    return true;
  }

  /** An admin sends an undelivered message again, at once, with a fresh set of attempts. */
  retryNow(now: Date) {
    if (this.status === 'sent')
      throw DomainError.conflict('NOTIFICATIONS.ALREADY_SENT', 'This message was already delivered');
    if (this.isLeasedAt(now))
      throw DomainError.conflict('NOTIFICATIONS.SENDING', 'This message is being sent right now');
    this.status = 'pending';
    this.attempts = 0;
    this.dueAt = now;
    this.endLease();
  }

  private endLease() {
    this.leaseOwner = null;
    this.leaseUntil = null;
    if (this.isSettled()) this.dueAt = null;
  }
}
