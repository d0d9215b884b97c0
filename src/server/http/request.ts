/**
 * Facts about a request that security rules depend on: the client's address, the origin the site
 * is served from, whether an Origin header is the site's, and whether the request is local
 * development (plain http on loopback) where a Secure cookie would never come back.
 */
import { isIP } from 'node:net';
import type { AppContext } from '../context';
import type { TrustedProxies } from './trusted-proxies';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/** A hop as a proxy may write it, with a port (`192.0.2.7:5123`, `[2001:db8::7]:443`) or brackets, as the bare address. */
function bareAddress(hop: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(hop);
  if (bracketed) return bracketed[1] as string;
  return /^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(hop) ? (hop.split(':')[0] as string) : hop;
}

/**
 * The client of a connection from `peer`: the peer itself unless it is a trusted proxy; behind
 * one, the first X-Forwarded-For hop from the right that is not a trusted proxy. Each proxy
 * appends the address it saw, so the hops left of that one are the client's to write and count
 * for nothing; when every hop is a trusted proxy, the leftmost is the client, or the leftmost
 * before a hop that is not an address at all.
 */
export function forwardedClient(proxies: TrustedProxies, peer: string | undefined, forwardedFor: string | undefined): string {
  if (peer === undefined) return 'unknown';
  if (!proxies.trusts(peer)) return peer;
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((part) => bareAddress(part.trim()))
    .filter(Boolean);
  let client = peer;
  for (const hop of hops.reverse()) {
    // Written left of trusted proxies only, text that is no address names no client: the last address stands.
    if (isIP(hop) === 0) break;
    client = hop;
    if (!proxies.trusts(hop)) break;
  }
  return client;
}

/** The protocol a trusted proxy says the client used (its first X-Forwarded-Proto), or null: then the connection's own. */
export function forwardedProtocol(proxies: TrustedProxies, peer: string | undefined, forwardedProto: string | undefined): 'http:' | 'https:' | null {
  if (!proxies.trusts(peer)) return null;
  const first = forwardedProto?.split(',')[0]?.trim().toLowerCase();
  return first === 'https' || first === 'http' ? `${first}:` : null;
}

function peerAddress(c: AppContext): string | undefined {
  return (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
}

export function clientAddress(c: AppContext): string {
  const { deps } = c.var;
  if (deps.clientAddress) return deps.clientAddress(c);
  return forwardedClient(deps.trustProxy, peerAddress(c), c.req.header('x-forwarded-for'));
}

function protocol(c: AppContext): string {
  return forwardedProtocol(c.var.deps.trustProxy, peerAddress(c), c.req.header('x-forwarded-proto')) ?? new URL(c.req.url).protocol;
}

/** The origin this request was addressed to, from its Host header and protocol. */
export function servedOrigin(c: AppContext): string {
  const url = new URL(c.req.url);
  const host = c.req.header('host') ?? url.host;
  return `${protocol(c)}//${host}`;
}

/** The site's origin: SITE_ORIGIN when configured, else the origin the request was sent to. */
export function siteOrigin(c: AppContext): string {
  return c.var.deps.siteOrigin ?? servedOrigin(c);
}

type OriginVerdict = 'same' | 'absent' | 'foreign';

export function originVerdict(c: AppContext): OriginVerdict {
  const origin = c.req.header('origin');
  if (origin === undefined) return 'absent';
  return origin === siteOrigin(c) ? 'same' : 'foreign';
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

/**
 * Plain http from this machine to a loopback name: local development, the one case where the
 * session cookie goes without Secure (browsers would not send a Secure cookie back over http).
 */
export function isLocalPlainHttp(c: AppContext): boolean {
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  return protocol(c) === 'http:' && LOOPBACK_HOST.test(host) && LOOPBACK.test(clientAddress(c));
}
