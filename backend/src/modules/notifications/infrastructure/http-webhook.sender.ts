import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config';
import { WebhookSender, WebhookTargetRefused, type WebhookAnswer } from '../application/webhook-sender';

/** Addresses a partner's endpoint may not resolve to unless an operator allows it (decision 0810). */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) return PRIVATE.check(address, 'ipv4');
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  // (Not as a ::ffff:0:0/96 rule: BlockList matches every IPv4 address against that one.)
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  // Written in hex (::ffff:7f00:1): not worth decoding, refused with the private ones.
  return /^::ffff:/i.test(address) || PRIVATE.check(address, 'ipv6');
}

/** The first part of a receiver's answer kept in the log; the rest is read past and dropped. */
const EXCERPT_CHARS = 200;

/**
 * node:http, one request per attempt: the host is resolved and every address vetted, then the
 * connection goes to the vetted address (so a name cannot resolve to another address between the
 * check and the connection), with TLS still checked against the host's name. No redirect is
 * followed, nothing waits longer than WEBHOOK_TIMEOUT_MS.
 */
@Injectable()
export class HttpWebhookSender extends WebhookSender {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {
    super();
  }

  async check(url: string): Promise<void> {
    await this.vet(new URL(url));
  }

  async post(url: string, headers: Record<string, string>, body: string): Promise<WebhookAnswer> {
    const target = new URL(url);
    const { address, family } = await this.vet(target);
    const pinned: LookupFunction = (_host, options, callback) =>
      options.all ? (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]) : callback(null, address, family);
    const timeoutMs = this.config.webhooks.timeoutMs;
    const options: RequestOptions = {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: pinned,
      signal: AbortSignal.timeout(timeoutMs),
      agent: false,
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<WebhookAnswer>((resolve, reject) => {
      const req = send(target, options, (res: IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < EXCERPT_CHARS) text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, excerpt: text.slice(0, EXCERPT_CHARS).trim() }));
        res.on('error', (error) => reject(error));
      });
      req.on('error', (error: Error) =>
        reject(error.name === 'AbortError' || error.name === 'TimeoutError' ? new Error(`No answer within ${timeoutMs / 1000} s`) : error),
      );
      req.end(body);
    });
  }

  /** Resolves the host and refuses what decision 0810 refuses; answers the address to connect to. */
  private async vet(target: URL): Promise<{ address: string; family: number }> {
    if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new WebhookTargetRefused('URL must be a full https:// address');
    const host = target.hostname.replace(/^\[|\]$/g, '');
    let addresses: { address: string; family: number }[];
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        addresses = await lookup(host, { all: true });
      } catch {
        throw new WebhookTargetRefused(`The host ${host} could not be resolved`);
      }
    }
    const inside = addresses.filter((a) => isPrivateAddress(a.address));
    if (inside.length > 0 && !this.config.webhooks.allowPrivateAddresses)
      throw new WebhookTargetRefused(
        `${host} resolves to a private, loopback or link-local address (${inside[0]!.address}); webhooks go to public addresses only`,
      );
    // Plain http only to a receiver inside the operator's own network, and only where that is allowed.
    if (target.protocol === 'http:' && inside.length < addresses.length) throw new WebhookTargetRefused('URL must be a full https:// address');
    return addresses[0]!;
  }
}
