/**
 * The beacon endpoints answered on Node's own request and response, ahead of the Hono app: a
 * beacon is the one request every page view makes, and Hono's adapter (a web Request with its
 * body stream and abort signal for each request) cost more than the beacon's own work; measured
 * with `npm run bench:server -- --beacons`, this lane answers two to four times as many a second at
 * a fifth of the server CPU. The rules are the beacon service's
 * (service.ts), the same the app's routes apply (api/beacons.ts); anything but a POST to
 * /api/beacons/ab or /api/beacons/vitals goes on to the app.
 */
import type http from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { BeaconKind } from '@/shared/domain/beacon-contract';
import { forwardedClient, forwardedProtocol } from '../http/request';
import type { TrustedProxies } from '../http/trusted-proxies';
import { BEACON_BODY_LIMIT } from './body';
import { BEACON_HEADERS, type BeaconAnswer, type BeaconService } from './service';
import { errorMessage } from '../../shared/error-message';

const PATH = /^\/api\/beacons\/(ab|vitals)(?:\?|$)/;

export interface LaneOptions {
  trustProxy: TrustedProxies;
  log: (entry: Record<string, unknown>) => void;
}

/** Answers a beacon and returns true, or returns false for any other request. */
export type Lane = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

export function beaconLane(service: BeaconService, options: LaneOptions): Lane {
  return (req, res) => {
    if (req.method !== 'POST') return false;
    const match = PATH.exec(req.url ?? '');
    if (!match) return false;
    const kind = match[1] as BeaconKind;
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    const peer = req.socket.remoteAddress;
    const protocol = forwardedProtocol(options.trustProxy, peer, header('x-forwarded-proto')) ?? ((req.socket as TLSSocket).encrypted ? 'https:' : 'http:');
    const client = forwardedClient(options.trustProxy, peer, header('x-forwarded-for'));

    const send = (answer: BeaconAnswer, extra: Record<string, string> = {}) => {
      service.answered(answer.status);
      const headers: Record<string, string> = { ...BEACON_HEADERS, ...answer.headers, ...extra };
      if (answer.status === 204) {
        res.writeHead(204, headers).end();
        return;
      }
      const body = JSON.stringify({ error: answer.error });
      res.writeHead(answer.status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }).end(body);
    };

    /**
     * An answer given before the whole body was read: the connection is closed once the answer is
     * out. Kept open, Node would go on reading (and discarding) the rest of the body, as long as the
     * client cares to send it, up to the server's request timeout; a client that refused is not
     * worth that connection's time.
     */
    const sendAndClose = (answer: BeaconAnswer) => {
      res.once('finish', () => req.socket.destroy());
      send(answer, { Connection: 'close' });
    };

    const early = service.check({ header, client, servedOrigin: `${protocol}//${header('host') ?? ''}` });
    if (early) {
      sendAndClose(early);
      return true;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > BEACON_BODY_LIMIT) {
        done = true;
        // A body without Content-Length that grows past the limit.
        sendAndClose({ status: 413, error: `The body is larger than ${BEACON_BODY_LIMIT / 1024} KB` });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      try {
        send(service.accept(kind, Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        options.log({ time: new Date().toISOString(), level: 'error', path: req.url, error: errorMessage(error) });
        const body = JSON.stringify({ error: 'The server failed to handle this request; try again later' });
        res.writeHead(500, { ...BEACON_HEADERS, 'Content-Type': 'application/json' }).end(body);
      }
    });
    req.on('error', () => res.destroy());
    return true;
  };
}
