import { OutboundGuard, type Resolver } from './outbound-guard';

/**
 * Decision 0830: the guard on URLs as an admin types them. Literal addresses and an injected
 * resolver only: nothing here asks DNS or opens a connection.
 */
describe('the outbound guard', () => {
  const noDns: Resolver = async (host) => {
    throw new Error(`no DNS in this test (${host})`);
  };
  const guard = (allowLoopbackForTests: boolean, resolve: Resolver = noDns, ownAddresses: string[] = []) =>
    new OutboundGuard({ allowLoopbackForTests, resolve, ownAddresses: () => ownAddresses });

  it.each([
    ['http://2130706433/hook', '127.0.0.1', 'loopback'],
    ['http://0x7f.1/hook', '127.0.0.1', 'loopback'],
    ['http://0177.0.0.1/hook', '127.0.0.1', 'loopback'],
    ['http://127.1/hook', '127.0.0.1', 'loopback'],
    ['https://0xa9.0xfe.0xa9.0xfe/latest/meta-data', '169.254.169.254', 'link-local'],
    ['https://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1', 'loopback'],
    ['https://[::127.0.0.1]/hook', '::7f00:1', 'IPv4-compatible'],
    ['https://[64:ff9b:1::7f00:1]/hook', '64:ff9b:1::7f00:1', 'local NAT64'],
    ['https://[2002:7f00:1::]/hook', '2002:7f00:1::', '6to4 of a loopback'],
    ['https://[2002:a9fe:a9fe::]/hook', '2002:a9fe:a9fe::', '6to4 of a link-local'],
    ['https://[fec0::1]/hook', 'fec0::1', 'site-local'],
    ['https://[100::1]/hook', '100::1', 'discard'],
    ['https://[fd00::1]/hook', 'fd00::1', 'unique-local'],
    ['https://192.0.2.2/hook', '192.0.2.2', 'documentation'],
    ['https://0.0.0.0/hook', '0.0.0.0', '"this network"'],
  ])('reads %s as %s and refuses it', async (url, address, reason) => {
    await expect(guard(false).vet(new URL(url))).rejects.toThrow(
      `${address} is not a public address (${reason}); only the public internet may be called`,
    );
  });

  it('refuses a name if any of its addresses is not public, asking the resolver once', async () => {
    const asked: string[] = [];
    const resolve: Resolver = async (host) => {
      asked.push(host);
      return [
        { address: '127.0.0.1', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ];
    };
    // Even with loopback allowed for tests: the other address is private.
    await expect(guard(true, resolve).vet(new URL('https://partner.test/hook'))).rejects.toThrow(
      'partner.test resolves to 10.0.0.5, which is not a public address (private)',
    );
    expect(asked).toEqual(['partner.test']);
  });

  it("refuses the machine's own address, and a name nobody can resolve", async () => {
    await expect(
      guard(false, noDns, ['203.0.113.77', '2001:4860::77']).vet(new URL('https://[2001:4860::77]/x')),
    ).rejects.toThrow("2001:4860::77 is not a public address (this machine's own)");
    await expect(guard(false).vet(new URL('https://nowhere.test/x'))).rejects.toThrow(
      'The host nowhere.test could not be resolved',
    );
    await expect(guard(false, async () => []).vet(new URL('https://nowhere.test/x'))).rejects.toThrow(
      'The host nowhere.test could not be resolved',
    );
  });

  it('lets a test call loopback only through the test-only allowance, over http too', async () => {
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://[::1]:9/hook',
      'http://2130706433:9/hook',
      'http://0x7f.1:9/hook',
      'http://[::ffff:127.0.0.1]:9/hook',
    ]) {
      await expect(guard(false).vet(new URL(url))).rejects.toThrow('is not a public address (loopback)');
      await expect(guard(true).vet(new URL(url))).resolves.toMatchObject({ address: expect.any(String) });
    }
    const localhost: Resolver = async () => [
      { address: '::1', family: 6 },
      { address: '127.0.0.1', family: 4 },
    ];
    await expect(guard(false, localhost).vet(new URL('http://localhost:9/hook'))).rejects.toThrow(
      'localhost resolves to ::1, which is not a public address (loopback)',
    );
    await expect(guard(true, localhost).vet(new URL('http://localhost:9/hook'))).resolves.toMatchObject({
      address: '::1',
      family: 6,
    });
  });

  it('answers a pinned lookup: the checked address, whatever name is asked', async () => {
    const target = await guard(true, async () => [{ address: '127.0.0.1', family: 4 }]).vet(
      new URL('http://hook.test:9/x'),
    );
    const one = await new Promise((r) => target.lookup('hook.test', {}, (_e, address, family) => r([address, family])));
    const all = await new Promise((r) => target.lookup('other.test', { all: true }, (_e, addresses) => r(addresses)));
    expect(one).toEqual(['127.0.0.1', 4]);
    expect(all).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });

  it('takes plain http to loopback in tests only: the public internet is reached over https', async () => {
    // A literal public address: checked, never connected to (vet opens no connection).
    await expect(guard(true).vet(new URL('http://93.184.216.34/hook'))).rejects.toThrow(
      'URL must be a full https:// address',
    );
    await expect(guard(false).vet(new URL('https://93.184.216.34/hook'))).resolves.toMatchObject({
      address: '93.184.216.34',
    });
  });

  it('refuses other schemes', async () => {
    await expect(guard(true).vet(new URL('ftp://127.0.0.1/x'))).rejects.toThrow('URL must be a full https:// address');
    await expect(guard(true).vet(new URL('file:///etc/passwd'))).rejects.toThrow('URL must be a full https:// address');
  });
});
