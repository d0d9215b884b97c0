/**
 * A static file server that behaves like production hosts: `/about` and `/about/` serve
 * `about/index.html`, unknown paths get `404.html` with status 404 (so do `_headers` however its
 * path is spelled, paths that would leave the folder, and names too long for any file; a 404 is
 * never cached without asking again), methods other than GET and HEAD get 405,
 * every response carries the headers from `dist/_headers`, and a text file is sent as the
 * compressed form the build wrote beside it (`.br`, else `.gz`; src/build/pipeline/precompress.ts) that
 * the request's Accept-Encoding allows, as nginx's gzip_static and brotli_static do: nothing is
 * compressed per request. Used by the browser tests and audits; `npm start` serves the same
 * handler behind the API server (src/server/static.ts).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { acceptedEncodings, mayHaveEncodedForms } from './encodings';
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

/**
 * The path a request names in the site, or null when it names nothing. Decoded once (a
 * double-encoded %252e stays the text %2e, which no file has), then normalised as a URL path:
 * '..' never climbs above the root and '//' is '/', so /%5Fheaders and //_headers are /_headers.
 * A backslash or NUL names no file (on Windows a backslash would separate folders).
 */
export function sitePath(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null; // malformed percent-encoding
  }
  if (decoded.includes('\\') || decoded.includes('\0')) return null;
  return path.posix.normalize(`/${decoded}`);
}

/** The host's own configuration, never served as a file. */
const HIDDEN = new Set(['/_headers']);

/**
 * Whether `file` is a file. A name no file can have is not one: a path segment of 256 bytes or
 * more, or a path longer than the system allows, makes the file system throw ENAMETOOLONG rather
 * than say it is missing, and a request must not turn that into a 500 (whose message would name
 * the build folder).
 */
function isFile(file: string): boolean {
  try {
    // Without an exception for a missing file: building one cost more than the rest of the lookup.
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

function resolveFile(root: string, site: string): string | null {
  if (HIDDEN.has(site.replace(/\/+$/, ''))) return null;
  for (const file of [path.join(root, site), path.join(root, site, 'index.html')]) {
    const inside = path.relative(root, file);
    if (inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside)) continue;
    if (isFile(file)) return file;
  }
  return null;
}

/** A static site answers reads only; a host that served a page to PUT or DELETE would look writable. */
export const ALLOWED_METHODS = 'GET, HEAD';

export interface StaticResponse {
  status: number;
  headers: Record<string, string>;
  /** Null for HEAD. */
  body: Buffer | null;
}

/** What a request names before anything is read: its status, its headers, and how to read its body. */
export interface StaticLookup {
  status: number;
  /** Without Content-Length, which is the length of what `read` returns. */
  headers: Record<string, string>;
  read(): Buffer;
}

export type StaticHandler = ((method: string, pathname: string, acceptEncoding: string | undefined) => StaticResponse) & {
  /** The same answer without reading its body, for a caller that may send another (src/server/static.ts). */
  lookup(method: string, pathname: string, acceptEncoding: string | undefined): StaticLookup;
  /**
   * The answer when a file found could not be read (replaced or removed by a deploy in between,
   * say): 500 with the path's headers, like every other answer, and no word of where the files are.
   */
  failure(method: string, pathname: string): StaticResponse;
};

/** What an error of the file system is, without the path its message names. */
export function fileErrorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : 'an unknown error';
}

/**
 * The whole behaviour of the host as a function of the request, so the Node server below and the
 * site's API server (src/server/static.ts) answer static paths with one implementation.
 */
/**
 * The not-found page for a path: a language's own (de/404.html for anything under /de/) where the
 * build has one, else 404.html.
 */
export function notFoundPage(dist: string, requested: string): string {
  const language = /^\/([a-z]{2})(?:\/|$)/.exec(requested)?.[1];
  const own = language ? path.join(dist, language, '404.html') : null;
  return own && fs.existsSync(own) ? own : path.join(dist, '404.html');
}

export function createStaticHandler(root: string): StaticHandler {
  const dist = path.resolve(root);
  const headersFile = path.join(dist, '_headers');
  const rules = fs.existsSync(headersFile) ? parseHeadersFile(fs.readFileSync(headersFile, 'utf8')) : [];
  const lookup = (method: string, pathname: string, acceptEncoding: string | undefined): StaticLookup => {
    const site = sitePath(pathname);
    if (method !== 'GET' && method !== 'HEAD') {
      const headers = { ...headersFor(rules, site ?? pathname), 'Content-Type': 'text/plain; charset=utf-8', Allow: ALLOWED_METHODS };
      return { status: 405, headers, read: () => Buffer.from(`${method} is not allowed here; this is a static site (${ALLOWED_METHODS}).\n`) };
    }
    let file = site === null ? null : resolveFile(dist, site);
    const status = file ? 200 : 404;
    file ??= notFoundPage(dist, site ?? '/');
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      // Matched on the decoded path, so /%61dmin gets /admin's headers.
      ...headersFor(rules, site ?? pathname),
      'Content-Type': type,
    };
    // A miss is checked again on every use, whatever its path's rule says: a 404 kept for a year
    // under /assets/ would outlive the deploy that adds the file.
    if (status === 404) headers['Cache-Control'] = 'no-cache';
    headers['Cache-Control'] ??= type.startsWith('text/html') ? 'no-cache' : 'public, max-age=3600';
    let sent = file;
    if (mayHaveEncodedForms(file)) {
      // The answer depends on Accept-Encoding whichever form is sent: caches must key on it.
      headers.Vary = 'Accept-Encoding';
      for (const encoding of acceptedEncodings(acceptEncoding)) {
        if (isFile(file + encoding.suffix)) {
          headers['Content-Encoding'] = encoding.name;
          sent = file + encoding.suffix;
          break;
        }
      }
    }
    return { status, headers, read: () => fs.readFileSync(sent) };
  };
  const failure = (method: string, pathname: string): StaticResponse => {
    const body = Buffer.from('The server could not read this file; try again in a moment.\n');
    const headers = {
      ...headersFor(rules, sitePath(pathname) ?? pathname),
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': String(body.length),
    };
    return { status: 500, headers, body: method === 'HEAD' ? null : body };
  };
  const handle = (method: string, pathname: string, acceptEncoding: string | undefined): StaticResponse => {
    let status: number;
    let headers: Record<string, string>;
    let body: Buffer;
    try {
      const found = lookup(method, pathname, acceptEncoding);
      ({ status, headers } = found);
      body = found.read();
    } catch {
      return failure(method, pathname);
    }
    // Known up front, so the body goes out as it is rather than in chunks (and HEAD says what GET would send).
    return { status, headers: { ...headers, 'Content-Length': String(body.length) }, body: method === 'HEAD' ? null : body };
  };
  return Object.assign(handle, { lookup, failure });
}

export function createStaticServer(root: string): http.Server {
  const handle = createStaticHandler(root);
  return http.createServer((req, res) => {
    // The path as sent: resolving it against a base would read //_headers as a host name.
    const target = req.url ?? '/';
    const pathname = target.startsWith('/') ? (target.split('?')[0] as string) : new URL(target, 'http://localhost').pathname;
    const { status, headers, body } = handle(req.method ?? 'GET', pathname, req.headers['accept-encoding']);
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
