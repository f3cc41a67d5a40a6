import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { DomainError } from '../../../shared/domain-error';

/** The events a partner may subscribe to (issue 28 point 4; decision 0810). */
export const WEBHOOK_EVENTS = [
  'creator.listed',
  'creator.unlisted',
  'business.featured',
  'call.approved',
  'call.closed',
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/** An outbox row of this kind is a webhook delivery, not a mail. */
export const WEBHOOK_KIND = 'webhook';

/** What a webhook delivery's outbox row carries: the exact bytes to sign and send, every attempt. */
export interface WebhookDeliveryPayload {
  subscriptionId: string;
  eventId: string;
  event: WebhookEventName;
  body: string;
}

/**
 * A partner's endpoint and the events it wants. The secret signs every request (HMAC-SHA256);
 * it is kept as written because signing needs it, and shown to the admin once, at creation.
 */
export class WebhookSubscription {
  id: string;
  url: string;
  events: WebhookEventName[];
  description: string;
  secret: string;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;

  static create(
    input: { url: string; events: WebhookEventName[]; description: string },
    now: Date,
  ): WebhookSubscription {
    const s = new WebhookSubscription();
    s.id = randomUUID();
    s.url = input.url;
    s.events = input.events;
    s.description = input.description;
    s.secret = `whsec_${randomBytes(32).toString('base64url')}`;
    s.enabled = true;
    s.createdAt = now;
    s.updatedAt = now;
    return s;
  }

  setEnabled(enabled: boolean, now: Date) {
    if (this.enabled === enabled) return;
    this.enabled = enabled;
    this.updatedAt = now;
  }

  wants(event: WebhookEventName) {
    return this.enabled && this.events.includes(event);
  }
}

/** One attempt to deliver one event to one subscription: the delivery log. */
export class WebhookAttempt {
  id: string;
  subscriptionId: string;
  /** The outbox row of the delivery (one per event and subscription). */
  deliveryId: string;
  eventId: string;
  event: WebhookEventName;
  attempt: number;
  attemptedAt: Date;
  /** The receiver's HTTP status; null when no answer came (refused, timed out, unreachable). */
  statusCode: number | null;
  /** Why the attempt failed, or null: `HTTP <status>` or the transport's error, never the answer's body (decision 0830). */
  error: string | null;
  outcome: 'delivered' | 'retrying' | 'failed';
  nextRetryAt: Date | null;

  static record(input: Omit<WebhookAttempt, 'id'>): WebhookAttempt {
    return Object.assign(new WebhookAttempt(), { id: randomUUID(), ...input });
  }
}

const MAX_URL = 2000;
const MAX_DESCRIPTION = 200;

/** The body of POST /api/admin/webhooks, checked field by field; every refusal names its field. */
export function subscriptionInput(body: unknown): { url: string; events: WebhookEventName[]; description: string } {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw DomainError.invalid('WEBHOOKS.BAD_BODY', 'Send a JSON object', 'body');
  if (typeof b.url !== 'string' || !b.url.trim())
    throw DomainError.invalid('WEBHOOKS.URL_REQUIRED', 'URL is required', 'url');
  const url = b.url.trim();
  if (url.length > MAX_URL)
    throw DomainError.invalid('WEBHOOKS.URL_TOO_LONG', `URL must be at most ${MAX_URL} characters`, 'url');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw DomainError.invalid('WEBHOOKS.BAD_URL', 'URL must be a full https:// address', 'url');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw DomainError.invalid('WEBHOOKS.BAD_URL', 'URL must be a full https:// address', 'url');
  if (parsed.username || parsed.password)
    throw DomainError.invalid('WEBHOOKS.URL_CREDENTIALS', 'URL must not carry a user name or password', 'url');
  if (parsed.hash) throw DomainError.invalid('WEBHOOKS.URL_FRAGMENT', 'URL must not have a #fragment', 'url');
  if (!Array.isArray(b.events) || b.events.length === 0)
    throw DomainError.invalid('WEBHOOKS.EVENTS_REQUIRED', 'Choose at least one event', 'events');
  const unknown = b.events.find((e) => !WEBHOOK_EVENTS.includes(e as WebhookEventName));
  if (unknown !== undefined)
    throw DomainError.invalid(
      'WEBHOOKS.BAD_EVENT',
      `Unknown event ${JSON.stringify(unknown)}; events are ${WEBHOOK_EVENTS.join(', ')}`,
      'events',
    );
  const events = WEBHOOK_EVENTS.filter((e) => (b.events as unknown[]).includes(e));
  if (b.description !== undefined && b.description !== null && typeof b.description !== 'string')
    throw DomainError.invalid('WEBHOOKS.BAD_DESCRIPTION', 'Description must be text', 'description');
  const description = typeof b.description === 'string' ? b.description.trim() : '';
  if (description.length > MAX_DESCRIPTION)
    throw DomainError.invalid(
      'WEBHOOKS.DESCRIPTION_TOO_LONG',
      `Description must be at most ${MAX_DESCRIPTION} characters`,
      'description',
    );
  return { url: parsed.toString(), events, description };
}

/** `X-LocalCreators-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`. */
export function webhookSignature(secret: string, unixSeconds: number, body: string): string {
  return `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;
}
