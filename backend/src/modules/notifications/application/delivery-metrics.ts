import type { DeliveryOutcome } from '../domain/outbox-message';

/** What the mail worker reports about each delivery attempt (the figures operators alert on). */
export abstract class DeliveryMetrics {
  /** `queuedFor`: seconds from the message's creation to this outcome (the mail's delivery latency when sent). */
  abstract attempted(outcome: DeliveryOutcome, queuedForSeconds: number): void;
}
