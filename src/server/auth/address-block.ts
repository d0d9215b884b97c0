/**
 * The client the sign-in throttle counts: an IPv4 address as it is, an IPv6 address by its /64.
 * One IPv6 host is commonly given a whole /64 and may pick any address in it, so counting single
 * IPv6 addresses would give a guesser 2^64 fresh addresses; a /64 is what one site or one
 * subscriber holds. An IPv4 address written as IPv6 (::ffff:192.0.2.1) counts as the IPv4 address.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The groups of an IPv6 address written out (8 of them), its zone dropped. */
function ipv6Groups(address: string): string[] {
  const [withoutZone = ''] = address.split('%');
  const halves = withoutZone.split('::');
  const part = (text: string | undefined) =>
    text
      ? text.split(':').flatMap((group) => {
          // An embedded IPv4 address (64:ff9b::192.0.2.1) fills the last two groups.
          if (!isIPv4(group)) return [group];
          const bytes = group.split('.').map(Number);
          return [(((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0)).toString(16), (((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)).toString(16)];
        })
      : [];
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const zeros = halves.length === 2 ? Array.from({ length: 8 - head.length - tail.length }, () => '0') : [];
  return [...head, ...zeros, ...tail];
}

export function throttledAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
