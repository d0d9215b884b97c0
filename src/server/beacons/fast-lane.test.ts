/**
 * The server's fast lane for beacons (fast-lane.ts) on a real HTTP server: it applies the beacon
 * service's rules as the app's routes do (the API suite, tests/server/beacon-suite.ts, covers those
 * rules in full), reads at most the body limit, and leaves every other request to the app.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestPGlite } from '../../../tests/server/pglite';
import { assignVariant } from '@/shared/experiments/assign';
import { HOMEPAGE_CTA } from '@/shared/experiments/registry';
import { openStore, type Store } from '../db/connect';
import { NO_PROXY } from '../http/trusted-proxies';
import { beaconLane } from './fast-lane';
import { createBeaconRecorder, type BeaconRecorder } from './recorder';
import { createBeaconService } from './service';

let store: Store;
let dispose: () => Promise<void>;
let server: http.Server;
let origin = '';
let recorder: BeaconRecorder;
const logs: Record<string, unknown>[] = [];
/** A visitor id the head script assigns 'control' (checked in the first test). */
const VISITOR = '00000000000000000000000000000001';
const IMPRESSION = JSON.stringify({ visitor: VISITOR, events: [{ experiment: 'homepage-cta-v1', variant: 'control', event: 'impression' }] });

beforeAll(async () => {
  const test = await openTestPGlite();
  dispose = test.dispose;
  store = await openStore({ pglite: test.pglite });
  const now = () => new Date();
  recorder = createBeaconRecorder(store.db, { now, log: (entry) => logs.push(entry), timers: false });
  const service = createBeaconService({ recorder, limit: 5, staticRoot: null, siteOrigin: null, now, log: (entry) => logs.push(entry) });
  const lane = beaconLane(service, { trustProxy: NO_PROXY, log: (entry) => logs.push(entry) });
  server = http.createServer((req, res) => {
    if (!lane(req, res)) res.writeHead(418).end('the app');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await store?.close();
  await dispose?.();
});

beforeEach(async () => {
  await sql`truncate ab_daily, ab_visitors, vitals_daily`.execute(store.db);
});

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${origin}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin, ...headers },
    duplex: 'half',
  } as RequestInit);

const impressions = async () => {
  await recorder.flush();
  const rows = await sql<{ n: string | null }>`select sum(impressions) as n from ab_daily`.execute(store.db);
  return Number(rows.rows[0]?.n ?? 0);
};

describe('the beacon fast lane', () => {
  it('answers 204 and counts, and 204 without counting to Sec-GPC: 1', async () => {
    expect(assignVariant(HOMEPAGE_CTA, VISITOR)).toBe('control');
    const answer = await post('/api/beacons/ab', IMPRESSION);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect((await post('/api/beacons/ab', IMPRESSION, { 'sec-gpc': '1' })).status).toBe(204);
    expect(await impressions()).toBe(1);
  });

  it('refuses as the app does, with the same messages', async () => {
    const bad = await post('/api/beacons/vitals', JSON.stringify({ route: '/', device: 'phone', metrics: [{ name: 'FID', value: 1 }] }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: '"metrics[0].name" must be one of LCP, INP, CLS, FCP, TTFB' });
    expect((await post('/api/beacons/ab', IMPRESSION, { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await post('/api/beacons/ab', IMPRESSION, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post('/api/beacons/ab', 'x'.repeat(3000))).status).toBe(413);
    expect(await impressions()).toBe(0);
  });

  it('stops reading a body without a length at the limit', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(1024));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(chunk);
      },
    });
    const answer = await post('/api/beacons/ab', stream);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ error: 'The body is larger than 2 KB' });
  });

  /**
   * Sends a beacon's head and the first part of a large body on a raw socket, then nothing more
   * (as a slow or hostile client would), and waits for the server to answer and close.
   */
  const refusedMidBody = (port: number, head: string) =>
    new Promise<{ answer: string; closed: boolean }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      // A bound on the wait only, never met when the server closes as it should (the server's own request timeout is far longer).
      const timer = setTimeout(() => {
        socket.destroy();
        resolve({ answer, closed: false });
      }, 5_000);
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('latin1');
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        // A reset after the answer is a close too: the server stopped reading what was left.
        if (answer !== '') resolve({ answer, closed: true });
        else reject(error);
      });
      socket.once('close', () => {
        clearTimeout(timer);
        resolve({ answer, closed: true });
      });
      socket.write(head + 'x'.repeat(1024));
    });

  it('closes the connection after refusing a body early, instead of reading the rest of it', async () => {
    // A lane of its own, so the address's limit left by the other tests plays no part.
    const service = createBeaconService({ recorder, limit: 100, staticRoot: null, siteOrigin: null, now: () => new Date(), log: (entry) => logs.push(entry) });
    const lane = beaconLane(service, { trustProxy: NO_PROXY, log: (entry) => logs.push(entry) });
    const own = http.createServer((req, res) => {
      if (!lane(req, res)) res.writeHead(418).end('the app');
    });
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    try {
      const port = (own.address() as AddressInfo).port;
      const host = `127.0.0.1:${port}`;
      const head = (headers: string) => `POST /api/beacons/ab HTTP/1.1\r\nHost: ${host}\r\nContent-Type: text/plain\r\n${headers}\r\n`;
      const withLength = await refusedMidBody(port, head(`Origin: http://${host}\r\nContent-Length: 10000000\r\n`));
      expect(withLength.answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(withLength.closed).toBe(true);
      expect(withLength.answer.toLowerCase()).toContain('connection: close');
      const foreign = await refusedMidBody(port, head('Origin: https://evil.example\r\nContent-Length: 2000\r\n'));
      expect(foreign.answer).toMatch(/^HTTP\/1\.1 403 /);
      expect(foreign.closed).toBe(true);
      const chunked = await refusedMidBody(
        port,
        head(`Origin: http://${host}\r\nTransfer-Encoding: chunked\r\n`) + `${(8192).toString(16)}\r\n${'x'.repeat(2048)}`,
      );
      expect(chunked.answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(chunked.closed).toBe(true);
    } finally {
      await new Promise((resolve) => own.close(resolve));
      await service.close();
    }
  });

  it('limits each address, and leaves every other request to the app', async () => {
    let statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await post('/api/beacons/ab', IMPRESSION)).status);
    // Five a minute here, some already used by the tests above.
    expect(statuses.at(-1)).toBe(429);
    statuses = [];
    for (const [method, path] of [
      ['GET', '/api/beacons/ab'],
      ['POST', '/api/beacons/other'],
      ['POST', '/api/beaconsab'],
      ['GET', '/'],
    ] as const) {
      const answer = await fetch(`${origin}${path}`, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([418, 418, 418, 418]);
    expect(logs.filter((entry) => entry.level === 'error')).toEqual([]);
  });
});
