import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config';
import { OutboundGuard, OutboundRefused, type Resolver } from '../../../shared/net/outbound-guard';
import { WebhookSender, WebhookTargetRefused, type WebhookAnswer } from '../application/webhook-sender';

/** Injected by tests to answer name lookups without DNS (a name that resolves once, then differently). */
export abstract class WebhookResolver {
  abstract resolve: Resolver;
}

/**
 * node:http, one request per attempt, through the OutboundGuard (decision 0830): the host is
 * resolved once and every address checked, then the connection goes to the checked address, with
 * the Host header and TLS still the host's name. No redirect is followed, nothing waits longer than
 * WEBHOOK_TIMEOUT_MS. Of the answer only its status is kept: its body is read past and dropped,
 * so what a receiver (or an internal service) says never reaches the console.
 */
@Injectable()
export class HttpWebhookSender extends WebhookSender {
  private readonly guard: OutboundGuard;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Optional() resolver?: WebhookResolver,
  ) {
    super();
    this.guard = new OutboundGuard({
      allowLoopbackForTests: config.outbound.allowLoopbackForTests,
      resolve: resolver?.resolve,
    });
  }

  async check(url: string): Promise<void> {
    await this.vet(url);
  }

  async post(url: string, headers: Record<string, string>, body: string): Promise<WebhookAnswer> {
    const target = await this.vet(url);
    const timeoutMs = this.config.webhooks.timeoutMs;
    const options: RequestOptions = {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: target.lookup,
      signal: AbortSignal.timeout(timeoutMs),
      agent: false,
    };
    const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<WebhookAnswer>((resolve, reject) => {
      const req = send(target.url, options, (res: IncomingMessage) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', (error) => reject(error));
      });
      req.on('error', (error: Error) =>
        reject(
          error.name === 'AbortError' || error.name === 'TimeoutError'
            ? new Error(`No answer within ${timeoutMs / 1000} s`)
            : error,
        ),
      );
      req.end(body);
    });
  }

  private async vet(url: string) {
    try {
      return await this.guard.vet(new URL(url));
    } catch (error) {
      throw error instanceof OutboundRefused ? new WebhookTargetRefused(error.message) : error;
    }
  }
}
