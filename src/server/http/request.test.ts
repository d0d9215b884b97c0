import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Deps, Env } from '../context';
import { clientAddress, forwardedClient, isLocalPlainHttp, originVerdict, siteOrigin } from './request';
import { NO_PROXY, parseTrustProxy, type TrustedProxies } from './trusted-proxies';

const LOOPBACK = parseTrustProxy('loopback');

function probe(trustProxy: TrustedProxies, socketAddress: string | undefined, deps: Partial<Deps> = {}) {
  const app = new Hono<Env>();
  app.use('*', async (c, next) => {
    c.set('deps', { trustProxy, siteOrigin: null, ...deps } as Deps);
    await next();
  });
  app.get('/', (c) => c.json({ client: clientAddress(c), origin: siteOrigin(c), local: isLocalPlainHttp(c), verdict: originVerdict(c) }));
  const bindings = socketAddress === undefined ? {} : { incoming: { socket: { remoteAddress: socketAddress } } };
  return (url: string, headers: Record<string, string> = {}) => Promise.resolve(app.request(url, { headers }, bindings)).then((r) => r.json());
}

describe('request facts', () => {
  it('uses the socket address and ignores X-Forwarded-* unless the proxy is trusted', async () => {
    const direct = probe(NO_PROXY, '203.0.113.9');
    expect(await direct('http://shop.example/', { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https' })).toEqual({
      client: '203.0.113.9',
      origin: 'http://shop.example',
      local: false,
      verdict: 'absent',
    });
  });

  it('behind a trusted proxy takes the last X-Forwarded-For hop and the forwarded protocol', async () => {
    const proxied = probe(LOOPBACK, '127.0.0.1');
    expect(await proxied('http://localhost:4173/', { 'x-forwarded-for': '6.6.6.6, 10.1.1.1, 198.51.100.4', 'x-forwarded-proto': 'https' })).toEqual({
      client: '198.51.100.4',
      origin: 'https://localhost:4173',
      local: false,
      verdict: 'absent',
    });
    // Empty hops and spaces are skipped; only the first protocol counts when proxies chain.
    expect(await proxied('http://shop.example/', { 'x-forwarded-for': '6.6.6.6, 198.51.100.4 , ,', 'x-forwarded-proto': ' https , http' })).toMatchObject({
      client: '198.51.100.4',
      origin: 'https://shop.example',
    });
    // Without the headers, the socket's address and the request's own protocol.
    expect(await proxied('http://shop.example/')).toMatchObject({ client: '127.0.0.1', origin: 'http://shop.example' });
    expect(await proxied('http://shop.example/', { 'x-forwarded-for': ' , ' })).toMatchObject({ client: '127.0.0.1' });
  });

  it('believes X-Forwarded-* only from a connection whose peer is a trusted proxy', async () => {
    // A client talking to the server directly, while TRUST_PROXY names the proxy on this machine.
    const direct = probe(LOOPBACK, '203.0.113.9');
    for (const forwarded of ['1.2.3.4', '127.0.0.1', '6.6.6.6, 198.51.100.4']) {
      expect(await direct('http://shop.example/', { 'x-forwarded-for': forwarded, 'x-forwarded-proto': 'https' })).toMatchObject({
        client: '203.0.113.9',
        origin: 'http://shop.example',
      });
    }
    // Named in the list, the proxy is trusted from an IPv4-mapped IPv6 address too.
    const proxies = parseTrustProxy('10.0.0.7, 2001:db8::/32');
    expect(await probe(proxies, '::ffff:10.0.0.7')('http://shop.example/', { 'x-forwarded-for': '198.51.100.4' })).toMatchObject({ client: '198.51.100.4' });
    expect(await probe(proxies, '2001:db8::5')('http://shop.example/', { 'x-forwarded-for': '198.51.100.4' })).toMatchObject({ client: '198.51.100.4' });
    expect(await probe(proxies, '10.0.0.8')('http://shop.example/', { 'x-forwarded-for': '198.51.100.4' })).toMatchObject({ client: '10.0.0.8' });
    // Only http and https are protocols a proxy may name.
    const proxied = probe(LOOPBACK, '127.0.0.1');
    expect(await proxied('http://shop.example/', { 'x-forwarded-proto': 'javascript' })).toMatchObject({ origin: 'http://shop.example' });
    expect(await proxied('http://shop.example/', { 'x-forwarded-proto': 'HTTPS' })).toMatchObject({ origin: 'https://shop.example' });
  });

  // A CDN's edge (203.0.113.0/24) in front of nginx on this machine: nginx appends the edge's address, the edge the visitor's.
  const chain = parseTrustProxy('loopback, 203.0.113.0/24');

  it.each<[string | undefined, string]>([
    ['198.51.100.4, 203.0.113.10', '198.51.100.4'],
    // Whatever the visitor wrote before its own address stays left of it.
    ...['10.9.9.9', '127.0.0.1', '203.0.113.99', 'unknown'].map((forged): [string, string] => [`${forged}, 198.51.100.4, 203.0.113.10`, '198.51.100.4']),
    // Every hop a trusted proxy: the leftmost is the client; no address or no hop at all: the peer.
    ['203.0.113.5, 203.0.113.10', '203.0.113.5'],
    ['unknown', '127.0.0.1'],
    [undefined, '127.0.0.1'],
    // A hop written with a port or in brackets is the address it names.
    ['198.51.100.4:5123, 203.0.113.10:443', '198.51.100.4'],
    ['[2001:db8::7]:443', '2001:db8::7'],
    ['[2001:db8::7]', '2001:db8::7'],
  ])('takes the first hop from the right that is not a trusted proxy, so a client cannot choose its address by prepending hops: %j is %s', (header, client) => {
    expect(forwardedClient(chain, '127.0.0.1', header)).toBe(client);
  });

  // Left of trusted proxies only, text that is no address is no client: the last address stands.
  it('takes the last address left of the trusted proxies when the text before it is no address', () => {
    expect(forwardedClient(chain, '127.0.0.1', `${'x'.repeat(5000)}, 203.0.113.5, 203.0.113.10`)).toBe('203.0.113.5');
  });

  it('takes the peer when no proxy is trusted, whatever the header says, and unknown when there is no peer', () => {
    expect(forwardedClient(NO_PROXY, '127.0.0.1', '198.51.100.4')).toBe('127.0.0.1');
    expect(forwardedClient(chain, undefined, '198.51.100.4')).toBe('unknown');
  });

  it('takes the client address from the deps when they read it, and says when no socket is known', async () => {
    const chosen = probe(LOOPBACK, '127.0.0.1', { clientAddress: () => '192.0.2.44' });
    expect(await chosen('http://shop.example/', { 'x-forwarded-for': '6.6.6.6' })).toMatchObject({ client: '192.0.2.44' });
    expect(await probe(NO_PROXY, undefined)('http://shop.example/')).toMatchObject({ client: 'unknown', local: false });
    // Without Node's request (a fetch handed to the app directly) or its socket.
    const app = new Hono<Env>();
    app.use('*', async (c, next) => {
      c.set('deps', { trustProxy: NO_PROXY, siteOrigin: null } as Deps);
      await next();
    });
    app.get('/', (c) => c.text(clientAddress(c)));
    expect(await (await app.request('http://shop.example/')).text()).toBe('unknown');
    expect(await (await app.request('http://shop.example/', {}, { incoming: {} })).text()).toBe('unknown');
  });

  it('judges an Origin header against the configured site origin, or the one the request was sent to', async () => {
    const configured = probe(NO_PROXY, '203.0.113.9', { siteOrigin: 'https://www.garlicbrothers.in' });
    expect(await configured('http://10.0.0.5:4173/', { origin: 'https://www.garlicbrothers.in' })).toMatchObject({
      origin: 'https://www.garlicbrothers.in',
      verdict: 'same',
    });
    expect(await configured('http://10.0.0.5:4173/', { origin: 'http://10.0.0.5:4173' })).toMatchObject({ verdict: 'foreign' });
    const served = probe(NO_PROXY, '203.0.113.9');
    expect(await served('http://shop.example/', { host: 'shop.example:8080', origin: 'http://shop.example:8080' })).toMatchObject({ verdict: 'same' });
    expect(await served('http://shop.example/', { origin: 'https://shop.example' })).toMatchObject({ verdict: 'foreign' });
  });

  it('counts plain http from loopback to a loopback name as local development', async () => {
    const local = probe(NO_PROXY, '127.0.0.1');
    expect((await local('http://localhost:4173/')).local).toBe(true);
    expect((await local('http://www.garlicbrothers.in/')).local).toBe(false);
    for (const [socket, url] of [
      ['127.0.0.5', 'http://127.0.0.1:4173/'],
      ['::1', 'http://[::1]:4173/'],
      ['::ffff:127.0.0.1', 'http://LOCALHOST/'],
    ]) {
      expect((await probe(NO_PROXY, socket)(url as string)).local).toBe(true);
    }
    // Not local: https, a client on another machine, or a name that only starts like a loopback one.
    expect((await local('https://localhost:4173/')).local).toBe(false);
    expect((await probe(NO_PROXY, '192.168.1.20')('http://localhost:4173/')).local).toBe(false);
    expect((await probe(NO_PROXY, '::ffff:192.168.1.20')('http://localhost:4173/')).local).toBe(false);
    expect((await local('http://localhost.evil.example/')).local).toBe(false);
    expect((await local('http://127.0.0.1.evil.example/')).local).toBe(false);
    expect((await probe(NO_PROXY, '127.0.0.1.evil')('http://localhost/')).local).toBe(false);
  });
});
