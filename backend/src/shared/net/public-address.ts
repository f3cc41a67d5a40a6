import { BlockList, isIP } from 'node:net';

/**
 * Is an IP address one the product may call out to (decision 0830)? Only the public internet:
 * every range of IANA's special-purpose registries is refused, IPv4 written inside IPv6 is judged
 * as the IPv4 address it carries, and the machine's own addresses are refused whatever they are.
 * Pure (no DNS, no connection): the outbound guard resolves a name and asks this of each answer.
 */

type Range = readonly [network: string, bits: number, reason: string];

/** IPv4 ranges that are not the public internet, most specific first (RFC 6890 and its updates). */
const V4: readonly Range[] = [
  ['255.255.255.255', 32, 'broadcast'],
  ['0.0.0.0', 8, '"this network"'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignment'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.31.196.0', 24, 'AS112'],
  ['192.52.193.0', 24, 'AMT'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['192.175.48.0', 24, 'AS112'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/**
 * IPv6 ranges refused outright. The global unicast space is 2000::/3: anything outside it is named
 * here when it has a name and refused as reserved when not. 6to4 (2002::/16) and IPv4-mapped
 * addresses are judged by the IPv4 address they carry, before this list.
 */
const V6: readonly Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::', 96, 'IPv4-compatible'],
  ['64:ff9b::', 96, 'NAT64'],
  ['64:ff9b:1::', 48, 'local NAT64'],
  ['100::', 64, 'discard'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
  ['2001::', 32, 'Teredo'],
  ['2001:db8::', 32, 'documentation'],
  ['2001::', 23, 'IETF protocol assignment'],
  ['3fff::', 20, 'documentation'],
];

const lists = (ranges: readonly Range[], type: 'ipv4' | 'ipv6') =>
  ranges.map(([network, bits, reason]) => {
    const list = new BlockList();
    list.addSubnet(network, bits, type);
    return { list, reason };
  });
const V4_LISTS = lists(V4, 'ipv4');
const V6_LISTS = lists(V6, 'ipv6');
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

/** The eight 16-bit words of an IPv6 address (a dotted IPv4 tail allowed, a %zone dropped). */
export function ipv6Words(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const words = (part: string | undefined) => (part ? part.split(':').map((w) => parseInt(w, 16)) : []);
  const left = words(head);
  const right = words(tail);
  return tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const v4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** Why `address` (a literal IP) is not on the public internet, or null when it is. */
function specialUse(address: string): string | null {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return V4_LISTS.find((r) => r.list.check(address, 'ipv4'))?.reason ?? null;
  if (family !== 6) return 'not an IP address';
  const w = ipv6Words(address);
  // ::ffff:a.b.c.d in any spelling (::ffff:7f00:1 too) is the IPv4 address a.b.c.d.
  if (w.slice(0, 5).every((x) => x === 0) && w[5] === 0xffff) return specialUse(v4Of(w[6]!, w[7]!));
  // 6to4: 2002:AABB:CCDD::/48 reaches the IPv4 address AA.BB.CC.DD.
  if (w[0] === 0x2002) {
    const inside = specialUse(v4Of(w[1]!, w[2]!));
    return inside ? `6to4 of a ${inside}` : null;
  }
  const named = V6_LISTS.find((r) => r.list.check(address, 'ipv6'))?.reason;
  if (named) return named;
  return GLOBAL_UNICAST.check(address, 'ipv6') ? null : 'reserved';
}

/** True for the loopback addresses only (127.0.0.0/8, ::1, and 127.x written as IPv4-mapped IPv6). */
export function isLoopbackAddress(address: string): boolean {
  return specialUse(address) === 'loopback';
}

/** The same address however it is written (`::ffff:127.0.0.1` and `::ffff:7f00:1`), to compare. */
const canonical = (address: string) => {
  if (isIP(address) === 4) return address;
  const w = ipv6Words(address);
  if (w.slice(0, 5).every((x) => x === 0) && w[5] === 0xffff) return v4Of(w[6]!, w[7]!);
  return w.map((x) => x.toString(16)).join(':');
};

/**
 * Why the product may not call `address`, or null when it may: a special-use range, or one of
 * `ownAddresses` (the machine's interfaces: a public address of the host itself is still the host).
 */
export function refusedAddress(address: string, ownAddresses: readonly string[] = []): string | null {
  const reason = specialUse(address);
  if (reason) return reason;
  const self = canonical(address.replace(/%.*$/, ''));
  return ownAddresses.some((own) => isIP(own.replace(/%.*$/, '')) && canonical(own.replace(/%.*$/, '')) === self)
    ? "this machine's own"
    : null;
}
