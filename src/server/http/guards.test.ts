/**
 * The guards in front of the API's routes: the Origin check against cross-site request forgery,
 * the body size limit, and the timeouts set on the Node server (the connection caps: connection-gate.test.ts).
 */
import http from 'node:http';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Deps, Env } from '../context';
import { limitBody } from './body-limit';
import { HttpError } from './json';
import { applyLimits, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MS, SERVER_OPTIONS } from './limits';
import { originGuard } from './origin-guard';
import { NO_PROXY } from './trusted-proxies';

const SITE = 'https://shop.example';

function guarded(requireOnMutations: boolean) {
  const app = new Hono<Env>();
  app.use('*', async (c, next) => {
    c.set('deps', { trustProxy: NO_PROXY, siteOrigin: SITE } as Deps);
    await next();
  });
  app.use('*', originGuard({ requireOnMutations }));
  app.all('/', (c) => c.json({ ok: true }));
  app.onError((error, c) => (error instanceof HttpError ? c.json({ error: error.message }, error.status) : c.json({ error: 'failed' }, 500)));
  return async (method: string, origin?: string) => {
    const response = await app.request(`${SITE}/`, { method, headers: origin === undefined ? {} : { origin } });
    // A HEAD answer has no body.
    const text = await response.text();
    return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
  };
}

describe('originGuard', () => {
  const FOREIGN = { status: 403, json: { error: 'This request comes from another site (its Origin is not the site’s)' } };
  const ABSENT = { status: 403, json: { error: 'This request has no Origin header; send it from the site' } };
  const OK = { status: 200, json: { ok: true } };

  it('lets the site’s own requests through', async () => {
    for (const requireOnMutations of [true, false]) {
      const call = guarded(requireOnMutations);
      for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) expect(await call(method, SITE)).toEqual(OK);
    }
  });

  it('refuses any request from another site, a read included', async () => {
    for (const requireOnMutations of [true, false]) {
      const call = guarded(requireOnMutations);
      for (const method of ['GET', 'POST', 'DELETE']) expect(await call(method, 'https://evil.example')).toEqual(FOREIGN);
      expect(await call('POST', 'http://shop.example')).toEqual(FOREIGN);
      expect(await call('POST', 'null')).toEqual(FOREIGN);
    }
  });

  it('where it carries authority, refuses a change without an Origin, never a read', async () => {
    const admin = guarded(true);
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) expect(await admin(method)).toEqual(ABSENT);
    for (const method of ['GET', 'OPTIONS']) expect(await admin(method)).toEqual(OK);
    expect(await admin('HEAD')).toEqual({ status: 200, json: null });
    // The public lead form also takes a POST from a client that sends no Origin (curl, a server).
    const leads = guarded(false);
    for (const method of ['GET', 'POST', 'DELETE']) expect(await leads(method)).toEqual(OK);
  });
});

describe('limitBody', () => {
  const app = new Hono<Env>();
  app.post('/', limitBody(2048), async (c) => c.json({ length: (await c.req.text()).length }));
  const post = async (length: number) => {
    const response = await app.request('/', { method: 'POST', body: 'x'.repeat(length), headers: { 'content-length': String(length) } });
    return { status: response.status, json: await response.json() };
  };

  it('takes a body up to the limit and refuses a larger one with 413, saying the limit in KB', async () => {
    expect(await post(2048)).toEqual({ status: 200, json: { length: 2048 } });
    expect(await post(2049)).toEqual({ status: 413, json: { error: 'The body is larger than 2 KB' } });
  });
});

describe('the server’s limits', () => {
  it('bounds how long a request may take, and leaves the count of connections to the gate', () => {
    expect(SERVER_OPTIONS).toEqual({ headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 });
    const server = http.createServer();
    const gate = applyLimits(server, { maxConnections: 250, maxPerAddress: 10, proxies: NO_PROXY });
    expect({
      headersTimeout: server.headersTimeout,
      requestTimeout: server.requestTimeout,
      keepAliveTimeout: server.keepAliveTimeout,
      // Node's own cap would refuse a new visitor while idle connections fill it (http/connection-gate.ts).
      maxConnections: server.maxConnections,
      open: gate.open(),
    }).toEqual({
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: undefined,
      open: 0,
    });
    expect([HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS]).toEqual([10_000, 30_000, 5_000]);
  });
});
