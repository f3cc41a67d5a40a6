import type { WebhookAttempt, WebhookEvent, WebhookSubscription } from '@local-creators/common';

/** The events, in the admins' words (the API's names shown beside them, for the partner's developer). */
export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'creator.listed': 'Creator listed',
  'creator.unlisted': 'Creator unlisted',
  'business.featured': 'Business featured',
  'call.approved': 'Call approved',
  'call.closed': 'Call closed',
};
export const EVENT_CHOICES = (Object.keys(EVENT_LABELS) as WebhookEvent[]).map((id) => ({
  id,
  name: `${EVENT_LABELS[id]} (${id})`,
}));

export const eventsText = (events: readonly WebhookEvent[]) => events.map((e) => EVENT_LABELS[e] ?? e).join(', ');

export const OUTCOME_LABELS: Record<WebhookAttempt['outcome'], string> = {
  delivered: 'Delivered',
  retrying: 'Will retry',
  failed: 'Failed',
};

/** What an attempt got back: the receiver's status, or why there was none. */
export function attemptResult(a: Pick<WebhookAttempt, 'status_code' | 'error'>): string {
  if (a.error) return a.error;
  return a.status_code === null ? '—' : `HTTP ${a.status_code}`;
}

export const lastDeliveryText = (s: Pick<WebhookSubscription, 'last_attempt'>, format: (iso: string) => string) =>
  s.last_attempt ? `${OUTCOME_LABELS[s.last_attempt.outcome]} · ${format(s.last_attempt.at)}` : 'Nothing sent yet';
