/**
 * A browser's first request on a new connection and the server's answer exactly as it crossed
 * the socket (status line, headers, body), to hold the pages most visitors land on to the first
 * round trip of a new connection.
 */
import net from 'node:net';

/** Ten segments of 1,460 bytes: what a new TCP connection delivers in its first round trip. */
export const FIRST_ROUND_TRIP_BYTES = 14_600;

/** Sends the request and reads the answer as far as its Content-Length. */
export function firstResponse(port: number, target: string, acceptEncoding: string): Promise<{ bytes: number; head: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const split = received.indexOf('\r\n\r\n');
      if (split < 0) return;
      const head = received.subarray(0, split).toString('latin1');
      const length = Number(/^content-length: *(\d+)$/im.exec(head)?.[1] ?? NaN);
      if (!Number.isFinite(length)) {
        socket.destroy();
        reject(new Error(`${target}: no Content-Length in\n${head}`));
      } else if (received.length >= split + 4 + length) {
        socket.destroy();
        resolve({ bytes: split + 4 + length, head: head.toLowerCase(), body: received.subarray(split + 4, split + 4 + length) });
      }
    });
    socket.once('error', reject);
    socket.write(
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/html\r\nAccept-Encoding: ${acceptEncoding}\r\nConnection: keep-alive\r\n\r\n`,
    );
  });
}

/** A header's value in a lower-cased head, or null. */
export const header = (head: string, name: string) => new RegExp(`^${name}: *(.*)$`, 'm').exec(head)?.[1]?.trim() ?? null;
