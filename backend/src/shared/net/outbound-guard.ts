import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import { isLoopbackAddress, refusedAddress } from './public-address';

/** One answer of a name lookup. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has (the system's resolver by default; tests inject one). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** The machine's own addresses, every interface's (a public address of the host is still the host). */
const ownInterfaceAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .map((i) => i?.address)
    .filter((a): a is string => !!a);

/** The target may not be called; the message says why, for the admin who typed it. */
export class OutboundRefused extends Error {
  override readonly name = 'OutboundRefused';
}

/** A URL checked for one request: the address it resolved to, and a `lookup` that answers only that. */
export interface VettedTarget {
  url: URL;
  address: string;
  family: number;
  /** For node:http(s) `lookup`: the connection goes to the checked address, whatever DNS says now. */
  lookup: LookupFunction;
}

export interface OutboundGuardOptions {
  /**
   * Tests only (`OUTBOUND_TEST_ALLOW_LOOPBACK`, refused in production): loopback receivers on the
   * test's own machine may be called, over plain http too. Nothing else non-public ever is.
   */
  allowLoopbackForTests: boolean;
  resolve?: Resolver;
  ownAddresses?: () => readonly string[];
}

/**
 * The one gate of every outbound request the product makes (decision 0830): the host is resolved
 * once, every address it resolves to must be on the public internet, and the connection goes to
 * the address that was checked (no second lookup a name could answer differently: no DNS
 * rebinding). The URL keeps its host name, so the Host header and TLS's server name stay the
 * name's. `new URL` has already turned numeric spellings (2130706433, 0x7f.1, 0177.0.0.1) into
 * dotted IPv4 and compressed IPv6.
 */
export class OutboundGuard {
  private readonly resolve: Resolver;
  private readonly ownAddresses: () => readonly string[];

  constructor(private readonly options: OutboundGuardOptions) {
    this.resolve = options.resolve ?? systemResolver;
    this.ownAddresses = options.ownAddresses ?? ownInterfaceAddresses;
  }

  async vet(url: URL): Promise<VettedTarget> {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new OutboundRefused('URL must be a full https:// address');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: ResolvedAddress[];
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        addresses = await this.resolve(host);
      } catch {
        throw new OutboundRefused(`The host ${host} could not be resolved`);
      }
      if (addresses.length === 0) throw new OutboundRefused(`The host ${host} could not be resolved`);
    }
    const own = this.ownAddresses();
    const loopbackAllowed = (address: string) => this.options.allowLoopbackForTests && isLoopbackAddress(address);
    for (const { address } of addresses) {
      if (loopbackAllowed(address)) continue;
      const reason = refusedAddress(address, own);
      if (reason)
        throw new OutboundRefused(
          `${host === address ? address : `${host} resolves to ${address}, which`} is not a public address (${reason}); only the public internet may be called`,
        );
    }
    // Plain http only to a test's loopback receiver: the public internet is reached over TLS.
    if (url.protocol === 'http:' && !addresses.every((a) => loopbackAllowed(a.address)))
      throw new OutboundRefused('URL must be a full https:// address');
    const { address, family } = addresses[0]!;
    const pinned: LookupFunction = (_host, options, callback) =>
      options.all
        ? (callback as (e: null, a: ResolvedAddress[]) => void)(null, [{ address, family }])
        : (callback as (e: null, a: string, f: number) => void)(null, address, family);
    return { url, address, family, lookup: pinned };
  }
}
