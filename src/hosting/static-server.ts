/**
 * A static file server that behaves like production hosts: `/about` and `/about/` serve
 * `about/index.html`, unknown paths get `404.html` with status 404, and every response carries the
 * headers from `dist/_headers`. Used by the browser tests and audits; `npm start` serves the same
 * handler behind the API server (src/server/static.ts).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { headersFor, parseHeadersFile } from './host-headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

function resolveFile(root: string, urlPath: string): string | null {
  const clean = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const candidates = [path.join(root, clean), path.join(root, clean, 'index.html')];
  for (const file of candidates) {
    if (!file.startsWith(root)) continue;
    try {
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // not there: try the next candidate
    }
  }
  return null;
}

interface StaticResponse {
  status: number;
  headers: Record<string, string>;
  /** Null for HEAD. */
  body: Buffer | null;
}

/**
 * The whole behaviour of the host as a function of the request, so the Node server below and the
 * site's API server (src/server/static.ts) answer static paths with one implementation.
 */
export function createStaticHandler(root: string): (method: string, pathname: string, acceptEncoding: string | undefined) => StaticResponse {
  const dist = path.resolve(root);
  const headersFile = path.join(dist, '_headers');
  const rules = fs.existsSync(headersFile) ? parseHeadersFile(fs.readFileSync(headersFile, 'utf8')) : [];
  return (method, pathname, acceptEncoding) => {
    let file: string | null = null;
    try {
      file = pathname.startsWith('/_headers') ? null : resolveFile(dist, pathname);
    } catch {
      file = null; // malformed percent-encoding
    }
    const status = file ? 200 : 404;
    file ??= path.join(dist, '404.html');
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      ...headersFor(rules, pathname),
      'Content-Type': type,
      Vary: 'Accept-Encoding',
    };
    headers['Cache-Control'] ??= type.startsWith('text/html') ? 'no-cache' : 'public, max-age=3600';
    let body: Buffer;
    if (/gzip/.test(String(acceptEncoding)) && /text|javascript|json|xml|svg/.test(type)) {
      body = gzipped(file);
      headers['Content-Encoding'] = 'gzip';
    } else {
      body = fs.readFileSync(file);
    }
    return { status, headers, body: method === 'HEAD' ? null : body };
  };
}

/**
 * Each file compressed once, not on every request (most of the CPU a request cost), and again
 * only when it changes on disk (same size and modification time: the same file).
 */
const compressed = new Map<string, { mtimeMs: number; size: number; body: Buffer }>();

function gzipped(file: string): Buffer {
  const { mtimeMs, size } = fs.statSync(file);
  const cached = compressed.get(file);
  if (cached && cached.mtimeMs === mtimeMs && cached.size === size) return cached.body;
  const body = zlib.gzipSync(fs.readFileSync(file));
  compressed.set(file, { mtimeMs, size, body });
  return body;
}

export function createStaticServer(root: string): http.Server {
  const handle = createStaticHandler(root);
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const { status, headers, body } = handle(req.method ?? 'GET', url.pathname, req.headers['accept-encoding']);
    res.writeHead(status, headers);
    res.end(body ?? undefined);
  });
}

/** Starts the server; resolves with the port once it listens. Port 0 picks a free one. */
export function listen(server: http.Server, port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
