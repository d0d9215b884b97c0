/**
 * The per-address lead limit and the sign-in lockout as a real server applies them: by the address
 * of the socket a request came in on (the API tests supply an address of their own), not by any
 * header a client can write; and with TRUST_PROXY naming a proxy, by the X-Forwarded-For hop that
 * proxy appended, only on connections from it. Loopback has a whole /8, so a client can connect
 * from 127.0.0.2 as well as 127.0.0.1: two addresses on one machine.
 */
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleLead } from '../../tests/server/harness';
import { freshDataDir } from '../../tests/server/pglite';
import { idOf, spawnServer, TEST_CREDENTIALS, type ServerProcess } from '../../tests/server/spawn-server';

const LIMIT = 3;
let server: ServerProcess;
let dataDir = '';

beforeAll(async () => {
  dataDir = await freshDataDir();
  server = await spawnServer(0, { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: String(LIMIT) });
});

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A JSON POST from the given local address, with the headers given; resolves with the status. */
function post(path: string, body: unknown, from: string, headers: Record<string, string> = {}, to: ServerProcess = server): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${to.origin}${path}`,
      { method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', origin: to.origin, ...headers } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

let nextId = 1;
const lead = () => sampleLead('contactEnquiries', idOf(nextId++));

// Each sign-in costs one scrypt at the production cost: on a loaded machine the eight of the
// lockout test took more than vitest's default 5 s.
describe('a real server', () => {
  it('limits leads by the address the connection comes from, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    // Each claims another client through the header, which a server not told to trust a proxy ignores.
    for (let i = 0; i < LIMIT + 2; i += 1) statuses.push(await post('/api/leads', lead(), '127.0.0.1', { 'x-forwarded-for': `203.0.113.${i}` }));
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(201), 429, 429]);
    // Another address on the same machine has its own count.
    expect(await post('/api/leads', lead(), '127.0.0.2')).toBe(201);
  });

  it('locks sign-in for the address the failures came from, and not for another', async () => {
    const wrong = { username: 'guess@x.example', password: 'not the password' };
    const statuses: number[] = [];
    // Another client claimed each time: only the socket's address, the same for all five, can lock
    // (five failures lock an address out of that account).
    for (let i = 0; i < 5; i += 1) statuses.push(await post('/api/admin/login', wrong, '127.0.0.3', { 'x-forwarded-for': `198.51.100.${i}` }));
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect(await post('/api/admin/login', wrong, '127.0.0.4')).toBe(401);
    // The right pair from a fresh address still signs in.
    expect(await post('/api/admin/login', { username: TEST_CREDENTIALS.ADMIN_USERNAME, password: TEST_CREDENTIALS.ADMIN_PASSWORD }, '127.0.0.5')).toBe(200);
  });
});

describe('a real server behind a proxy it trusts (TRUST_PROXY=127.0.0.1)', () => {
  const BEACON_LIMIT = 4;
  const PROXY = '127.0.0.1';
  const DIRECT = '127.0.0.2';
  let proxied: ServerProcess;
  let proxiedDir = '';

  beforeAll(async () => {
    proxiedDir = await freshDataDir();
    proxied = await spawnServer(0, {
      DATA_DIR: proxiedDir,
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      BEACON_RATE_LIMIT_PER_MINUTE: String(BEACON_LIMIT),
      TRUST_PROXY: PROXY,
    });
  });

  afterAll(async () => {
    if (proxied && proxied.child.exitCode === null) {
      proxied.child.kill('SIGTERM');
      await proxied.exited;
    }
    if (proxiedDir) fs.rmSync(proxiedDir, { recursive: true, force: true });
  });

  const vitals = { route: '/', device: 'phone', metrics: [{ name: 'LCP', value: 1200 }] };
  /** A web-vitals beacon as sendBeacon sends it (text/plain), answered by the server's fast lane. */
  const beacon = (from: string, headers: Record<string, string>) =>
    post('/api/beacons/vitals', vitals, from, { 'content-type': 'text/plain;charset=UTF-8', ...headers }, proxied);

  it('counts a client that connects directly by its own address, whatever X-Forwarded-For it sends', async () => {
    const leads: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1) leads.push(await post('/api/leads', lead(), DIRECT, { 'x-forwarded-for': `203.0.113.${i}` }, proxied));
    expect(leads).toEqual([...Array<number>(LIMIT).fill(201), 429, 429]);
    const beacons: number[] = [];
    for (let i = 0; i < BEACON_LIMIT + 2; i += 1) beacons.push(await beacon(DIRECT, { 'x-forwarded-for': `198.51.100.${i}` }));
    expect(beacons).toEqual([...Array<number>(BEACON_LIMIT).fill(204), 429, 429]);
  });

  it('counts each visitor behind the proxy by the hop the proxy appended, not by hops the visitor wrote before it', async () => {
    const leads: number[] = [];
    // The visitor at 192.0.2.10 writes another address each time; the proxy appends the one it saw.
    for (let i = 0; i < LIMIT + 1; i += 1) leads.push(await post('/api/leads', lead(), PROXY, { 'x-forwarded-for': `10.0.0.${i}, 192.0.2.10` }, proxied));
    expect(leads).toEqual([...Array<number>(LIMIT).fill(201), 429]);
    // Another visitor through the same proxy has a count of its own.
    expect(await post('/api/leads', lead(), PROXY, { 'x-forwarded-for': '192.0.2.11' }, proxied)).toBe(201);
    const beacons: number[] = [];
    for (let i = 0; i < BEACON_LIMIT + 1; i += 1) beacons.push(await beacon(PROXY, { 'x-forwarded-for': `10.0.1.${i}, 192.0.2.20` }));
    expect(beacons).toEqual([...Array<number>(BEACON_LIMIT).fill(204), 429]);
    expect(await beacon(PROXY, { 'x-forwarded-for': '192.0.2.21' })).toBe(204);
  });

  it('believes X-Forwarded-Proto only from the proxy', async () => {
    // The page's Origin is https://…, which the server is addressed as only through a proxy that says so.
    const https = proxied.origin.replace('http:', 'https:');
    const headers = { origin: https, 'x-forwarded-proto': 'https' };
    expect(await beacon(DIRECT, { ...headers, 'x-forwarded-for': '192.0.2.30' })).toBe(403);
    expect(await beacon(PROXY, { ...headers, 'x-forwarded-for': '192.0.2.30' })).toBe(204);
  });
});
