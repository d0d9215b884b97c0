/**
 * The real server's headers, as `npm start` runs it with a build: every answer under /api carries
 * the pages' Strict-Transport-Security and nosniff (the app's routes, its errors, and the beacons
 * answered by the fast lane before the app), and a page the build cannot have (a name too long for
 * any file) or lacks under /assets/ is the 404 page with the site's headers, not cached for a year.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, formatHeadersFile, headersFor, hostHeaderRules } from '@/build/hosting/host-headers';
import { startTestServer, type TestServer } from '../../tests/server/test-server';

/** The headers the build writes (dist/_headers), with a policy of its own. */
const RULES = hostHeaderRules(contentSecurityPolicy([]));
/** What every page of the build is sent with. */
const PAGES = headersFor(RULES, '/');

let dist = '';
let server: TestServer | undefined;
const origin = () => `http://127.0.0.1:${(server as TestServer).running.port}`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-headers-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<h1>Home</h1>');
  fs.writeFileSync(path.join(dist, '404.html'), '<h1>Not found</h1>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, '_headers'), formatHeadersFile(RULES));
  server = await startTestServer({}, dist);
});

afterAll(async () => {
  await server?.stop();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

describe('the API’s answers', () => {
  it('carry the Strict-Transport-Security the pages carry, and nosniff, whatever their status', async () => {
    expect(PAGES['Strict-Transport-Security']).toMatch(/^max-age=\d+/);
    const page = await fetch(`${origin()}/`);
    expect(await page.text()).toBe('<h1>Home</h1>');
    expect(page.headers.get('strict-transport-security')).toBe(PAGES['Strict-Transport-Security']);
    const calls: [string, RequestInit, number][] = [
      ['/api/health', {}, 200],
      ['/api/no-such-route', {}, 404],
      ['/api/leads', { method: 'POST', headers: { 'content-type': 'text/plain', origin: origin() }, body: 'x' }, 415],
      ['/api/admin/leads', { headers: { origin: origin() } }, 401],
      // Answered by the beacon fast lane, before the app: no Origin.
      ['/api/beacons/vitals', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }, 403],
      ['/api/beacons/vitals', {}, 404],
    ];
    for (const [route, init, status] of calls) {
      const response = await fetch(`${origin()}${route}`, init);
      await response.arrayBuffer();
      expect(response.status, route).toBe(status);
      expect(response.headers.get('strict-transport-security'), route).toBe(PAGES['Strict-Transport-Security']);
      expect(response.headers.get('x-content-type-options'), route).toBe('nosniff');
    }
  });
});

describe('the site’s misses', () => {
  it('answer a name too long for any file, and a file missing under /assets/, with the 404 page, the site’s headers and no-cache', async () => {
    const hit = await fetch(`${origin()}/assets/app-1234.js`);
    await hit.arrayBuffer();
    expect(hit.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const route of [`/${'a'.repeat(256)}`, `/assets/${'b'.repeat(300)}.js`, '/assets/app-5678.js']) {
      const response = await fetch(`${origin()}${route}`);
      expect(response.status, route).toBe(404);
      expect(await response.text(), route).toBe('<h1>Not found</h1>');
      for (const name of ['Content-Security-Policy', 'Strict-Transport-Security', 'X-Frame-Options', 'X-Content-Type-Options'])
        expect(response.headers.get(name), `${route} ${name}`).toBe(PAGES[name]);
      expect(response.headers.get('cache-control'), route).toBe('no-cache');
    }
  });
});
