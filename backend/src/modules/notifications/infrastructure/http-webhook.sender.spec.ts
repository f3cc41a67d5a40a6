import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../../../config/app-config';
import { HttpWebhookSender, isPrivateAddress } from './http-webhook.sender';

const sender = (allowPrivateAddresses: boolean, timeoutMs = 5000) => new HttpWebhookSender({ webhooks: { allowPrivateAddresses, timeoutMs } } as AppConfig);

describe('webhook targets (decision 0810)', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.9',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
  ])('takes %s as private', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('takes %s as public', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );

  it.each([
    ['https://127.0.0.1/hook', '127.0.0.1'],
    ['https://[::1]:8443/hook', '::1'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['https://localhost/hook', ''],
  ])('refuses %s unless the operator allows private addresses', async (url, address) => {
    await expect(sender(false).check(url)).rejects.toThrow(/resolves to a private, loopback or link-local address .*webhooks go to public addresses only/);
    if (address) await expect(sender(false).check(url)).rejects.toThrow(`(${address})`);
    await expect(sender(true).check(url)).resolves.toBeUndefined();
  });

  it('takes plain http only to a private receiver, and only where those are allowed', async () => {
    await expect(sender(true).check('http://127.0.0.1:9/hook')).resolves.toBeUndefined();
    await expect(sender(true).check('http://8.8.8.8/hook')).rejects.toThrow('URL must be a full https:// address');
    await expect(sender(false).check('http://127.0.0.1:9/hook')).rejects.toThrow('private');
  });

  describe('posting', () => {
    let server: Server;
    let base: string;
    let paths: string[];
    beforeAll(async () => {
      paths = [];
      server = createServer((req, res) => {
        paths.push(req.url ?? '');
        if (req.url === '/moved') res.writeHead(302, { location: '/elsewhere' }).end();
        else if (req.url === '/slow')
          return; // never answers
        else res.writeHead(200).end('x'.repeat(5000));
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    });

    it('refuses to post to a private address when not allowed, without connecting', async () => {
      await expect(sender(false).post(`${base}/hook`, {}, '{}')).rejects.toThrow('private');
      expect(paths).toEqual([]);
    });

    it('keeps a short excerpt of the answer and follows no redirect', async () => {
      expect(await sender(true).post(`${base}/big`, {}, '{}')).toEqual({ status: 200, excerpt: 'x'.repeat(200) });
      expect(await sender(true).post(`${base}/moved`, {}, '{}')).toEqual({ status: 302, excerpt: '' });
      expect(paths).not.toContain('/elsewhere');
    });

    it('gives up on a receiver that does not answer within the timeout', async () => {
      await expect(sender(true, 500).post(`${base}/slow`, {}, '{}')).rejects.toThrow('No answer within 0.5 s');
    });
  });
});
