/**
 * Facts about a request that security rules depend on: the client's address, the origin the site
 * is served from, whether an Origin header is the site's, and whether the request is local
 * development (plain http on loopback) where a Secure cookie would never come back.
 */
import type { Context } from 'hono';
import type { AppContext } from '../context';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/** The last hop of an X-Forwarded-For header: the proxy appends the address it saw, so the last entry is the one a client cannot forge. */
export function lastForwardedHop(header: string | undefined): string | null {
  const list = header
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return list?.at(-1) ?? null;
}

function forwardedFor(c: Context): string | null {
  return lastForwardedHop(c.req.header('x-forwarded-for'));
}

export function clientAddress(c: AppContext): string {
  const { deps } = c.var;
  if (deps.clientAddress) return deps.clientAddress(c);
  if (deps.trustProxy) {
    const forwarded = forwardedFor(c);
    if (forwarded) return forwarded;
  }
  return (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? 'unknown';
}

function protocol(c: AppContext): string {
  const forwarded = c.var.deps.trustProxy ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  return forwarded ? `${forwarded}:` : new URL(c.req.url).protocol;
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
