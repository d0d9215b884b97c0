/**
 * Every answer under /api carries the pages' Strict-Transport-Security and nosniff, from the real
 * server: the app's routes, its errors, and the beacons answered by the fast lane before the app.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentSecurityPolicy, headersFor, hostHeaderRules } from '@/hosting/host-headers';
import { readConfig } from './config';
import { startServer, type RunningServer } from './server';
import { INVESTOR_PORTAL, LEAD_FORMS } from '../../tests/server/harness';
import { freshDataDir } from '../../tests/server/pglite';
import { TEST_CREDENTIALS } from '../../tests/server/spawn-server';

let dataDir = '';
let running: RunningServer | undefined;

beforeAll(async () => {
  dataDir = await freshDataDir();
  const config = readConfig({ ...TEST_CREDENTIALS, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir });
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    running = await startServer(config, { staticRoot: null, investorPortal: INVESTOR_PORTAL, leadForms: LEAD_FORMS, scryptCost: { N: 2 ** 10, r: 8, p: 1 } });
  } finally {
    warn.mockRestore();
  }
}, 120_000);

afterAll(async () => {
  await running?.stop(1_000);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the API’s answers', () => {
  it('carry the Strict-Transport-Security the pages carry, and nosniff, whatever their status', async () => {
    // What every page of the build is sent with (dist/_headers).
    const pages = headersFor(hostHeaderRules(contentSecurityPolicy([])), '/');
    expect(pages['Strict-Transport-Security']).toMatch(/^max-age=\d+/);
    const origin = `http://127.0.0.1:${(running as RunningServer).port}`;
    const calls: [string, RequestInit, number][] = [
      ['/api/health', {}, 200],
      ['/api/no-such-route', {}, 404],
      ['/api/leads', { method: 'POST', headers: { 'content-type': 'text/plain', origin }, body: 'x' }, 415],
      ['/api/admin/leads', { headers: { origin } }, 401],
      // Answered by the beacon fast lane, before the app: no Origin.
      ['/api/beacons/vitals', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }, 403],
      ['/api/beacons/vitals', {}, 404],
    ];
    for (const [path, init, status] of calls) {
      const response = await fetch(`${origin}${path}`, init);
      await response.arrayBuffer();
      expect(response.status, path).toBe(status);
      expect(response.headers.get('strict-transport-security'), path).toBe(pages['Strict-Transport-Security']);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});
