/**
 * HTTP over a plain socket, for requests no client library would send as written: paths with
 * '..', '//' or odd percent-encoding that fetch() would normalise first, and methods like PROPFIND.
 */
import net from 'node:net';

export interface RawAnswer {
  status: number;
  /** The header block, lower-cased, one 'name: value' per line. */
  head: string;
  /** Everything after the header block, as sent (chunked framing included). */
  body: string;
}

/** Sends `method target` with Connection: close (and any `headers` given) and resolves with the answer once the server has closed. */
export function rawRequest(port: number, method: string, target: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', reject);
    socket.once('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = text.slice(0, split < 0 ? text.length : split);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head: head.toLowerCase(), body: split < 0 ? '' : text.slice(split + 4) });
    });
    const extra = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\nContent-Length: 0\r\n${extra}\r\n`);
  });
}
