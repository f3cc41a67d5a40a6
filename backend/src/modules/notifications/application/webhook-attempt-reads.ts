import type { WebhookAttempt } from '../domain/webhook';

/** A webhook's latest delivery attempt. */
export interface LastAttemptRow {
  subscription_id: string;
  attempted_at: Date;
  outcome: WebhookAttempt['outcome'];
}

/** Port: the partners' webhooks' delivery log (table webhook_attempts, decision 0810). */
export abstract class WebhookAttemptReads {
  /** The latest attempt of each of these webhooks that has one. */
  abstract lastOf(subscriptionIds: readonly string[]): Promise<LastAttemptRow[]>;
}
