import { isLoopbackAddress, refusedAddress } from './public-address';

/** Decision 0830: the address check alone, on literal addresses (no DNS, no connection). */
describe('which addresses the product may call', () => {
  it.each([
    ['0.0.0.0', '"this network"'],
    ['0.1.2.3', '"this network"'],
    ['10.1.2.3', 'private'],
    ['172.16.0.9', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.7', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['100.127.255.254', 'shared (carrier-grade NAT)'],
    ['192.0.0.8', 'IETF protocol assignment'],
    ['192.0.2.2', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.1', 'benchmarking'],
    ['192.88.99.1', '6to4 relay'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    // IPv4-mapped, in every spelling: judged as the IPv4 address it is.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    // IPv4-compatible (deprecated): never called.
    ['::127.0.0.1', 'IPv4-compatible'],
    ['::7f00:1', 'IPv4-compatible'],
    ['::8.8.8.8', 'IPv4-compatible'],
    // NAT64, both prefixes.
    ['64:ff9b::7f00:1', 'NAT64'],
    ['64:ff9b::808:808', 'NAT64'],
    ['64:ff9b:1::7f00:1', 'local NAT64'],
    // 6to4: the IPv4 address inside.
    ['2002:7f00:1::', '6to4 of a loopback'],
    ['2002:a9fe:a9fe::', '6to4 of a link-local'],
    ['2002:c0a8:101::1', '6to4 of a private'],
    ['2001::1', 'Teredo'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:2::1', 'IETF protocol assignment'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['100::1', 'discard'],
    ['fc00::1', 'unique-local'],
    ['fd00::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['4000::1', 'reserved'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(refusedAddress(address)).toBe(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2002:808:808::1',
  ])('takes %s as public', (address) => expect(refusedAddress(address)).toBeNull());

  it("refuses the machine's own addresses, however they are written, public or not", () => {
    const own = ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', 'fe80::1%eth0'];
    expect(refusedAddress('93.184.216.34', own)).toBe("this machine's own");
    expect(refusedAddress('::ffff:93.184.216.34', own)).toBe("this machine's own");
    expect(refusedAddress('2606:2800:220:1:248:1893:25c8:1946', own)).toBe("this machine's own");
    expect(refusedAddress('2606:2800:0220:0001:0248:1893:25c8:1946', own)).toBe("this machine's own");
    expect(refusedAddress('93.184.216.35', own)).toBeNull();
  });

  it('knows loopback from every other non-public range', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1'])
      expect(isLoopbackAddress(a)).toBe(true);
    for (const a of ['::127.0.0.1', '2002:7f00:1::', '64:ff9b::7f00:1', '10.0.0.1', '0.0.0.0', '::'])
      expect(isLoopbackAddress(a)).toBe(false);
  });
});
