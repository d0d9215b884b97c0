/**
 * The proxies whose X-Forwarded-For and X-Forwarded-Proto the server believes (TRUST_PROXY): a
 * comma-separated list of addresses, CIDR ranges and the words `loopback` and `private`. Any
 * client can write those headers, so they count only on a connection that comes from one of these
 * proxies, and only the hops those proxies appended: the client is the first address, counting
 * from the right, that is not itself a trusted proxy (the address the outermost trusted proxy saw).
 */
import net from 'node:net';

/** What the words stand for. */
const KEYWORDS: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

export interface TrustedProxies {
  /** The ranges, normalised (`10.0.0.7/32`, `::1/128`); empty when no proxy is trusted. */
  readonly ranges: readonly string[];
  /** Whether a connection or hop from this address comes from a trusted proxy. */
  trusts(address: string | undefined): boolean;
}

function familyOf(address: string): 'ipv4' | 'ipv6' | null {
  const version = net.isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null;
}

/** One entry as a normalised range, or null when it is neither an address nor a CIDR range. */
function rangeOf(entry: string): string | null {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = familyOf(address);
  if (!family || rest.length > 0) return null;
  const bits = family === 'ipv4' ? 32 : 128;
  if (prefix === undefined) return `${address.toLowerCase()}/${bits}`;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return null;
  return `${address.toLowerCase()}/${Number(prefix)}`;
}

export function trustedProxies(ranges: readonly string[]): TrustedProxies {
  const list = new net.BlockList();
  for (const range of ranges) {
    const [address = '', prefix] = range.split('/');
    list.addSubnet(address, Number(prefix), familyOf(address) ?? undefined);
  }
  return {
    ranges,
    // BlockList matches an IPv4-mapped IPv6 address (::ffff:127.0.0.1) against the IPv4 ranges.
    trusts: (address) => {
      const family = address === undefined ? null : familyOf(address);
      return family !== null && list.check(address as string, family);
    },
  };
}

/** Trusts no proxy: X-Forwarded-* are ignored and the client is the socket's peer. */
export const NO_PROXY: TrustedProxies = trustedProxies([]);

/**
 * Reads TRUST_PROXY. Unset, empty, `0` or `false` trusts no proxy. The `1` and `true` of old
 * trusted whatever connected, so a client talking to the server directly could name any address
 * in X-Forwarded-For; they are refused with the form to use instead rather than guessed at.
 */
export function parseTrustProxy(raw: string | undefined): TrustedProxies {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value.toLowerCase() === 'false') return NO_PROXY;
  if (value === '1' || value.toLowerCase() === 'true') {
    throw new Error(
      `TRUST_PROXY no longer takes "${value}": name the proxies whose X-Forwarded-For to believe, e.g. TRUST_PROXY=loopback ` +
        'for nginx on this machine, or TRUST_PROXY=loopback,203.0.113.0/24 with the addresses of a CDN in front of it',
    );
  }
  const ranges = new Set<string>();
  for (const entry of value.split(',').map((part) => part.trim())) {
    const single = rangeOf(entry);
    const found = KEYWORDS[entry.toLowerCase()] ?? (single === null ? null : [single]);
    if (found === null) {
      throw new Error(
        `TRUST_PROXY must list proxy addresses, CIDR ranges or the words loopback and private, separated by commas (e.g. loopback,10.0.0.0/8); "${entry}" is none of these`,
      );
    }
    for (const range of found) ranges.add(range);
  }
  return trustedProxies([...ranges]);
}
