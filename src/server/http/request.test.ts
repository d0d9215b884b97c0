import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Deps, Env } from '../context';
import { clientAddress, isLocalPlainHttp, originVerdict, siteOrigin } from './request';

function probe(trustProxy: boolean, socketAddress: string | undefined, deps: Partial<Deps> = {}) {
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
    const direct = probe(false, '203.0.113.9');
    expect(await direct('http://shop.example/', { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https' })).toEqual({
      client: '203.0.113.9',
      origin: 'http://shop.example',
      local: false,
      verdict: 'absent',
    });
  });

  it('behind a trusted proxy takes the last X-Forwarded-For hop and the forwarded protocol', async () => {
    const proxied = probe(true, '127.0.0.1');
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

  it('takes the client address from the deps when they read it, and says when no socket is known', async () => {
    const chosen = probe(true, '127.0.0.1', { clientAddress: () => '192.0.2.44' });
    expect(await chosen('http://shop.example/', { 'x-forwarded-for': '6.6.6.6' })).toMatchObject({ client: '192.0.2.44' });
    expect(await probe(false, undefined)('http://shop.example/')).toMatchObject({ client: 'unknown', local: false });
    // Without Node's request (a fetch handed to the app directly) or its socket.
    const app = new Hono<Env>();
    app.use('*', async (c, next) => {
      c.set('deps', { trustProxy: false, siteOrigin: null } as Deps);
      await next();
    });
    app.get('/', (c) => c.text(clientAddress(c)));
    expect(await (await app.request('http://shop.example/')).text()).toBe('unknown');
    expect(await (await app.request('http://shop.example/', {}, { incoming: {} })).text()).toBe('unknown');
  });

  it('judges an Origin header against the configured site origin, or the one the request was sent to', async () => {
    const configured = probe(false, '203.0.113.9', { siteOrigin: 'https://www.garlicbrothers.in' });
    expect(await configured('http://10.0.0.5:4173/', { origin: 'https://www.garlicbrothers.in' })).toMatchObject({
      origin: 'https://www.garlicbrothers.in',
      verdict: 'same',
    });
    expect(await configured('http://10.0.0.5:4173/', { origin: 'http://10.0.0.5:4173' })).toMatchObject({ verdict: 'foreign' });
    const served = probe(false, '203.0.113.9');
    expect(await served('http://shop.example/', { host: 'shop.example:8080', origin: 'http://shop.example:8080' })).toMatchObject({ verdict: 'same' });
    expect(await served('http://shop.example/', { origin: 'https://shop.example' })).toMatchObject({ verdict: 'foreign' });
  });

  it('counts plain http from loopback to a loopback name as local development', async () => {
    const local = probe(false, '127.0.0.1');
    expect((await local('http://localhost:4173/')).local).toBe(true);
    expect((await local('http://www.garlicbrothers.in/')).local).toBe(false);
    for (const [socket, url] of [
      ['127.0.0.5', 'http://127.0.0.1:4173/'],
      ['::1', 'http://[::1]:4173/'],
      ['::ffff:127.0.0.1', 'http://LOCALHOST/'],
    ]) {
      expect((await probe(false, socket)(url as string)).local).toBe(true);
    }
    // Not local: https, a client on another machine, or a name that only starts like a loopback one.
    expect((await local('https://localhost:4173/')).local).toBe(false);
    expect((await probe(false, '192.168.1.20')('http://localhost:4173/')).local).toBe(false);
    expect((await probe(false, '::ffff:192.168.1.20')('http://localhost:4173/')).local).toBe(false);
    expect((await local('http://localhost.evil.example/')).local).toBe(false);
    expect((await local('http://127.0.0.1.evil.example/')).local).toBe(false);
    expect((await probe(false, '127.0.0.1.evil')('http://localhost/')).local).toBe(false);
  });
});
