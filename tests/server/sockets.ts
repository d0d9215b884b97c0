/**
 * Many connections from chosen loopback addresses, for the tests of the server's connection caps.
 * Loopback has a whole /8, so a test can be several clients at once: 127.0.0.2 the one hoarding
 * connections, 127.0.0.3 another visitor. Every socket made here is kept in the pool given, which
 * the test closes in its finally/afterAll.
 */
import http from 'node:http';
import net from 'node:net';

export type SocketPool = Set<net.Socket>;

/** Opens a connection from `from`; resolves once it is connected, or with null when it failed or closed first. */
export function connectFrom(pool: SocketPool, port: number, from: string): Promise<net.Socket | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
    pool.add(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('error', () => resolve(null));
    socket.once('close', () => {
      pool.delete(socket);
      resolve(null);
    });
    // A closed connection must not fail the test with an unhandled error on the socket.
    socket.on('error', () => {});
  });
}

/**
 * Opens up to `count` connections from `from`, `batch` at a time, stopping at `deadline`
 * (performance.now()); resolves with the sockets that connected. The server may close any of
 * them at once: that is what the caps do.
 */
export async function flood(pool: SocketPool, port: number, from: string, count: number, deadline: number, batch = 50): Promise<net.Socket[]> {
  const opened: net.Socket[] = [];
  for (let started = 0; started < count && performance.now() < deadline; started += batch) {
    const sockets = await Promise.all(Array.from({ length: Math.min(batch, count - started) }, () => connectFrom(pool, port, from)));
    for (const socket of sockets) if (socket) opened.push(socket);
  }
  return opened;
}

/** Resolves when the socket has closed (at once if it already has). */
export function closed(socket: net.Socket): Promise<void> {
  if (socket.destroyed || socket.closed) return Promise.resolve();
  return new Promise((resolve) => socket.once('close', () => resolve()));
}

export interface Answer {
  status: number;
  ms: number;
}

/**
 * A GET on a new connection from `from`; resolves with the status and how long the answer took,
 * or rejects with the socket's error (ECONNRESET when the server closed the connection unanswered)
 * or after `timeoutMs`.
 */
export function getFrom(port: number, from: string, path: string, timeoutMs = 10_000): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, localAddress: from, agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}

/** Closes every socket still open in the pool. */
export function closeAll(pool: SocketPool): void {
  for (const socket of pool) socket.destroy();
  pool.clear();
}
