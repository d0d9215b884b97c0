/**
 * The connection caps on a Node server with the server's limits (limits.ts), over real loopback
 * sockets from several addresses: one address cannot hold more than its share, at the total cap an
 * idle connection makes room for a new visitor, and a connection with a request on it never does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, closed, connectFrom, getFrom, type SocketPool } from '../../../tests/server/sockets';
import { addressGroup, type GateOptions } from './connection-gate';
import { applyLimits } from './limits';
import { NO_PROXY, parseTrustProxy } from './trusted-proxies';
import { eachReturns } from '../../../tests/support/each-returns';

const pool: SocketPool = new Set();
const servers: http.Server[] = [];
/** Released to let the answers of /slow go out. */
let releaseSlow: () => void = () => {};

afterEach(async () => {
  releaseSlow();
  closeAll(pool);
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/**
 * A server with the limits, whose `/slow` answers only when released. `seen(n)` resolves once
 * the server has taken in n connections in all (the gate decides on each before this hears of it).
 */
async function serverWith(options: GateOptions) {
  const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
  const server = http.createServer((req, res) => {
    if (req.url === '/slow') void slow.then(() => res.end('slow'));
    else res.end('ok');
  });
  servers.push(server);
  const gate = applyLimits(server, options);
  let arrived = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  const accepted: net.Socket[] = [];
  server.on('connection', (socket: net.Socket) => {
    accepted.push(socket);
    arrived += 1;
    for (const wait of waiting.filter((w) => w.count <= arrived)) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  });
  const seen = (count: number) => (arrived >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, gate, seen, accepted };
}

/**
 * Resolves once the server's side of a connection has received bytes. Node's HTTP parser reads
 * the socket natively and emits nothing before a request's headers are complete, so this checks
 * on each turn of the event loop, for at most 5 s.
 */
async function received(socket: net.Socket): Promise<void> {
  const deadline = performance.now() + 5_000;
  while (socket.bytesRead === 0) {
    if (performance.now() > deadline) throw new Error('the server received nothing within 5 s');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Opens `count` connections from `from`, one after another, each taken in by the server before the next. */
async function open(server: Awaited<ReturnType<typeof serverWith>>, from: string, count: number, before: number): Promise<net.Socket[]> {
  const sockets: net.Socket[] = [];
  for (let i = 0; i < count; i += 1) {
    const socket = await connectFrom(pool, server.port, from);
    if (socket) sockets.push(socket);
    await server.seen(before + i + 1);
  }
  return sockets;
}

/** Sends a keep-alive GET on an open socket and resolves with the status line once the answer has come. */
function ask(socket: net.Socket, path: string): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (!text.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      resolve(text.split('\r\n')[0] ?? '');
    };
    socket.on('data', onData);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  });
}

describe('addressGroup', () => {
  eachReturns('counts an IPv4 address alone, an IPv4-mapped one as its IPv4 form and IPv6 by its /64: %s is %s', addressGroup, [
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    [undefined, 'unknown'],
  ]);

  it('counts two spellings of one /64 as one group', () => {
    expect(addressGroup('2001:db8:1:2:ffff::1')).toBe(addressGroup('2001:DB8:1:2::7'));
  });
});

// Each test takes a tenth of a second on a quiet machine; the bound leaves room for a busy one.
describe('the connection caps', () => {
  it('lets one address hold its share of connections that send nothing, and serves another at once', async () => {
    const server = await serverWith({ maxConnections: 100, maxPerAddress: 5, proxies: NO_PROXY });
    const hoarded = await open(server, '127.0.0.2', 20, 0);
    // Each new one past the share took the place of that address's longest idle: 5 are left, the newest.
    await Promise.all(hoarded.slice(0, 15).map(closed));
    expect(hoarded.slice(15).every((socket) => !socket.destroyed)).toBe(true);
    expect(server.gate.open()).toBe(5);
    expect((await getFrom(server.port, '127.0.0.3', '/')).status).toBe(200);
  });

  it('refuses a connection past an address’s share when each of its connections has a request on it', async () => {
    const server = await serverWith({ maxConnections: 100, maxPerAddress: 3, proxies: NO_PROXY });
    const busy = await open(server, '127.0.0.2', 3, 0);
    // Two are being answered; one is still sending its request's headers.
    const requests = new Promise<void>((resolve) => servers[0]?.once('request', () => servers[0]?.once('request', () => resolve())));
    const answers = [ask(busy[0] as net.Socket, '/slow'), ask(busy[1] as net.Socket, '/slow')];
    (busy[2] as net.Socket).write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await requests;
    await received(server.accepted[2] as net.Socket);
    const refused = await connectFrom(pool, server.port, '127.0.0.2');
    await server.seen(4);
    if (refused) await closed(refused);
    expect(server.gate.open()).toBe(3);
    expect(busy.every((socket) => !socket.destroyed)).toBe(true);
    // Another address is not held to this one's share.
    expect((await getFrom(server.port, '127.0.0.3', '/')).status).toBe(200);
    releaseSlow();
    expect(await Promise.all(answers)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
  });

  it('at the total cap closes the longest idle connection of the address holding most for a new visitor', async () => {
    const server = await serverWith({ maxConnections: 6, maxPerAddress: 100, proxies: NO_PROXY });
    const other = await open(server, '127.0.0.4', 1, 0);
    const hoarded = await open(server, '127.0.0.2', 5, 1);
    // Kept alive after its answer: idle again, and the hoarder's oldest is idle longer.
    expect(await ask(other[0] as net.Socket, '/')).toBe('HTTP/1.1 200 OK');
    const answer = await getFrom(server.port, '127.0.0.3', '/');
    expect(answer.status).toBe(200);
    await closed(hoarded[0] as net.Socket);
    expect([other[0], ...hoarded.slice(1)].every((socket) => !socket?.destroyed)).toBe(true);
  });

  it('at the total cap with no connection idle closes the new one, and serves again once one is free', async () => {
    const server = await serverWith({ maxConnections: 2, maxPerAddress: 100, proxies: NO_PROXY });
    const busy = await open(server, '127.0.0.2', 2, 0);
    const requests = new Promise<void>((resolve) => servers[0]?.once('request', () => servers[0]?.once('request', () => resolve())));
    const answers = busy.map((socket) => ask(socket, '/slow'));
    await requests;
    await expect(getFrom(server.port, '127.0.0.3', '/')).rejects.toThrow(/ECONNRESET|socket hang up/);
    releaseSlow();
    expect(await Promise.all(answers)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    // Both idle again once answered: the next visitor takes the place of one of them.
    expect((await getFrom(server.port, '127.0.0.3', '/')).status).toBe(200);
  });

  it('does not hold a trusted proxy to one address’s share: every visitor behind it shares its address', async () => {
    const server = await serverWith({ maxConnections: 100, maxPerAddress: 2, proxies: parseTrustProxy('127.0.0.2') });
    const proxied = await open(server, '127.0.0.2', 6, 0);
    expect(proxied.every((socket) => !socket.destroyed)).toBe(true);
    expect(server.gate.open()).toBe(6);
  });
});
