/**
 * A stand-in for the company's lead endpoint, on loopback. Records every POST; the control URL
 * switches it between answering 200 and 500 so tests can exercise the failure path.
 *
 * Test files run side by side, and one after another in the same worker process (isolate: false),
 * so each file keeps its own record and switch: the browser sends the file's name in the
 * X-Test-Client header (see openPage) and the control URL takes it as `client`. A request without
 * one shares the '' record.
 */
import http from 'node:http';
import { listen } from '../../../src/build/hosting/static-server';

/** The header that names the test process a lead comes from. */
export const CLIENT_HEADER = 'X-Test-Client';

export interface LeadCatcher {
  endpoint: string;
  control: string;
  stop: () => Promise<void>;
}

export async function startLeadCatcher(): Promise<LeadCatcher> {
  const clients = new Map<string, { received: unknown[]; failing: boolean }>();
  const clientState = (name: string) => {
    if (!clients.has(name)) clients.set(name, { received: [], failing: false });
    return clients.get(name)!;
  };
  const server = http.createServer((req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': `Content-Type, ${CLIENT_HEADER}`,
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
    };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/control') {
        const state = clientState(url.searchParams.get('client') ?? '');
        if (url.searchParams.has('failing')) state.failing = url.searchParams.get('failing') === 'true';
        if (url.searchParams.has('reset')) state.received.length = 0;
        return res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify(state));
      }
      if (req.method === 'POST' && url.pathname === '/leads') {
        const state = clientState(String(req.headers[CLIENT_HEADER.toLowerCase()] ?? ''));
        if (state.failing) return res.writeHead(500, cors).end('temporarily unavailable');
        state.received.push(JSON.parse(body || 'null'));
        return res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end('{"ok":true}');
      }
      res.writeHead(404, cors).end();
    });
  });
  const port = await listen(server, 0);
  return {
    endpoint: `http://127.0.0.1:${port}/leads`,
    control: `http://127.0.0.1:${port}/control`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
