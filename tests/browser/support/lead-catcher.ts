/**
 * A stand-in for the company's lead endpoint, on loopback. Records every POST; the control URL
 * switches it between answering 200 and 500 so tests can exercise the failure path.
 */
import http from 'node:http';
import { listen } from '../../../scripts/lib/static-server';

export interface LeadCatcher {
  endpoint: string;
  control: string;
  stop: () => Promise<void>;
}

export async function startLeadCatcher(): Promise<LeadCatcher> {
  const received: unknown[] = [];
  let failing = false;
  const server = http.createServer((req, res) => {
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Content-Type', 'Access-Control-Allow-Methods': 'POST, OPTIONS' };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/control') {
        if (url.searchParams.has('failing')) failing = url.searchParams.get('failing') === 'true';
        if (url.searchParams.has('reset')) received.length = 0;
        return res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify({ failing, received }));
      }
      if (req.method === 'POST' && url.pathname === '/leads') {
        if (failing) return res.writeHead(500, cors).end('temporarily unavailable');
        received.push(JSON.parse(body || 'null'));
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
