import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Deps, Env } from '../context';
import { clientAddress, isLocalPlainHttp, siteOrigin } from './request';

function probe(trustProxy: boolean, socketAddress: string) {
  const app = new Hono<Env>();
  app.use('*', async (c, next) => {
    c.set('deps', { trustProxy, siteOrigin: null } as Deps);
    await next();
  });
  app.get('/', (c) => c.json({ client: clientAddress(c), origin: siteOrigin(c), local: isLocalPlainHttp(c) }));
  return (url: string, headers: Record<string, string> = {}) =>
    Promise.resolve(app.request(url, { headers }, { incoming: { socket: { remoteAddress: socketAddress } } })).then((r) => r.json());
}

describe('request facts', () => {
  it('uses the socket address and ignores X-Forwarded-* unless the proxy is trusted', async () => {
    const direct = probe(false, '203.0.113.9');
    expect(await direct('http://shop.example/', { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https' })).toEqual({
      client: '203.0.113.9',
      origin: 'http://shop.example',
      local: false,
    });
  });

  it('behind a trusted proxy takes the last X-Forwarded-For hop and the forwarded protocol', async () => {
    const proxied = probe(true, '127.0.0.1');
    expect(await proxied('http://localhost:4173/', { 'x-forwarded-for': '6.6.6.6, 198.51.100.4', 'x-forwarded-proto': 'https' })).toEqual({
      client: '198.51.100.4',
      origin: 'https://localhost:4173',
      local: false,
    });
  });

  it('counts plain http from loopback to a loopback name as local development', async () => {
    const local = probe(false, '127.0.0.1');
    expect((await local('http://localhost:4173/')).local).toBe(true);
    expect((await local('http://www.garlicbrothers.in/')).local).toBe(false);
  });
});
