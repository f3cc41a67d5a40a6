/** What a partner's endpoint answered: its status and the first few hundred characters of its body. */
export interface WebhookAnswer {
  status: number;
  excerpt: string;
}

/** The target is not one the install may call (decision 0810); the message says why, for the admin. */
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
