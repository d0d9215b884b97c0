/**
 * The running server: its warnings at start, and its limits on clients over real sockets (a
 * client that sends its headers a byte at a time is cut off, and at MAX_CONNECTIONS an idle
 * connection makes room for a new one; the caps in detail: http/connection-gate.test.ts).
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS } from './http/limits';
import type { RunningServer } from './server';
import { startTestServer, type TestServer } from '../../tests/server/test-server';

let server: TestServer | undefined;
let running: RunningServer;
let warnings: string[] = [];
const sockets: net.Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ MAX_CONNECTIONS: '3', NODE_ENV: 'production' });
  ({ running, warnings } = server);
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await server?.stop();
});

function connect(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(running.port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
    sockets.push(socket);
  });
}

/** Everything the server sends on `socket` until it closes it, and when it closed it. */
function untilClosed(socket: net.Socket): Promise<{ text: string; at: number }> {
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return new Promise((resolve) => socket.once('close', () => resolve({ text, at: performance.now() })));
}

/** Sends one keep-alive request and resolves with its status line, leaving the connection open. */
function request(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString().split('\r\n')[0] ?? ''));
    socket.write('GET /api/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  });
}

describe('the server at start', () => {
  it('warns in production without SITE_ORIGIN, naming DNS rebinding', () => {
    expect(warnings).toEqual([expect.stringMatching(/^\[server\] SITE_ORIGIN is not set: .*DNS rebinding/)]);
  });
});

describe('the server with slow or numerous clients', () => {
  it('cuts off a client sending one header byte every 5 s within 30 s, with 408', async () => {
    const socket = await connect();
    const closed = untilClosed(socket);
    const header = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n\r\n';
    const started = performance.now();
    let sent = 0;
    socket.write(header[sent++] as string);
    const drip = setInterval(() => {
      if (!socket.destroyed && sent < header.length) socket.write(header[sent++] as string);
    }, 5_000);
    const { text, at } = await closed;
    clearInterval(drip);
    expect(at - started).toBeLessThan(30_000);
    expect(at - started).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 1_000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('at MAX_CONNECTIONS closes the longest idle connection for a new one and keeps serving the others', async () => {
    const open = [await connect(), await connect(), await connect()];
    // Each has been answered, so the server counts all three, each idle since its answer.
    for (const socket of open) expect(await request(socket)).toBe('HTTP/1.1 404 Not Found');
    const closed = untilClosed(open[0] as net.Socket);
    const fourth = await connect();
    expect(await request(fourth)).toBe('HTTP/1.1 404 Not Found');
    expect((await closed).text).toBe('');
    expect(await request(open[1] as net.Socket)).toBe('HTTP/1.1 404 Not Found');
  });
});
