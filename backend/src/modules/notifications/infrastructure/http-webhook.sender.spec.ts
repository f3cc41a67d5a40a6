import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../../../config/app-config';
import type { Resolver } from '../../../shared/net/outbound-guard';
import { HttpWebhookSender } from './http-webhook.sender';

const sender = (allowLoopbackForTests: boolean, timeoutMs = 5000, resolve?: Resolver) =>
  new HttpWebhookSender(
    { webhooks: { timeoutMs }, outbound: { allowLoopbackForTests } } as AppConfig,
    resolve ? { resolve } : undefined,
  );

/** Decisions 0810 and 0830: the webhook's request, to a receiver on loopback only. */
describe('posting a webhook', () => {
  let server: Server;
  let port: number;
  let seen: { path: string; host: string | undefined }[];
  beforeAll(async () => {
    seen = [];
    server = createServer((req, res) => {
      seen.push({ path: req.url ?? '', host: req.headers.host });
      if (req.url === '/moved') res.writeHead(302, { location: '/elsewhere' }).end();
      else if (req.url === '/slow')
        return; // never answers
      else res.writeHead(500).end('internal secrets: '.repeat(300));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('refuses loopback without the test-only allowance, without connecting', async () => {
    for (const host of ['127.0.0.1', '[::1]', '2130706433', '0x7f.1', '[::ffff:127.0.0.1]'])
      await expect(sender(false).post(`http://${host}:${port}/refused`, {}, '{}')).rejects.toThrow(
        'is not a public address (loopback)',
      );
    expect(seen.filter((s) => s.path === '/refused')).toEqual([]);
  });

  it('keeps the status of the answer and nothing of its body, and follows no redirect', async () => {
    expect(await sender(true).post(`http://127.0.0.1:${port}/big`, {}, '{}')).toEqual({ status: 500 });
    expect(await sender(true).post(`http://127.0.0.1:${port}/moved`, {}, '{}')).toEqual({ status: 302 });
    expect(seen.map((s) => s.path)).not.toContain('/elsewhere');
  });

  it('resolves the name once and connects to the address it checked, keeping the name in Host', async () => {
    // The first answer is checked; a second lookup (by the HTTP client) would get another
    // address, where nothing listens: the request arriving proves it went to the checked one.
    const answers = ['127.0.0.1', '127.0.0.2'];
    const asked: string[] = [];
    const resolve: Resolver = async (host) => {
      asked.push(host);
      return [{ address: answers.shift() ?? '127.0.0.3', family: 4 }];
    };
    expect(await sender(true, 5000, resolve).post(`http://partner.test:${port}/pinned`, {}, '{}')).toEqual({
      status: 500,
    });
    expect(asked).toEqual(['partner.test']);
    expect(seen.filter((s) => s.path === '/pinned')).toEqual([{ path: '/pinned', host: `partner.test:${port}` }]);
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    await expect(sender(true, 500).post(`http://127.0.0.1:${port}/slow`, {}, '{}')).rejects.toThrow(
      'No answer within 0.5 s',
    );
  });
});
