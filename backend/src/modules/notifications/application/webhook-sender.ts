/** What a partner's endpoint answered: its HTTP status only, never its body (decision 0830). */
export interface WebhookAnswer {
  status: number;
}

/** The target is not one the install may call (decisions 0810, 0830); the message says why, for the admin. */
export class WebhookTargetRefused extends Error {
  override readonly name = 'WebhookTargetRefused';
}

/**
 * Port: the one outbound HTTP request the product makes (decision 0810). `check` vets a URL as
 * the admin saves it; `post` vets it again on every attempt (an address can change) and sends.
 */
export abstract class WebhookSender {
  abstract check(url: string): Promise<void>;
  abstract post(url: string, headers: Record<string, string>, body: string): Promise<WebhookAnswer>;
}
