/**
 * An nginx server block for the built site, generated from the same `_headers` rules the other
 * hosts use: security headers on every response (and the portals' own on theirs), long caching
 * for hashed assets, `/about` and `/about/` both serving `about/index.html`, `404.html` with
 * status 404 for anything else (a language's own not-found page under its prefix), and each text file sent as the compressed form the build wrote
 * beside it: `gzip_static` (in Debian's and most builds of nginx) sends `<file>.gz`, and
 * `brotli_static` sends `<file>.br` where ngx_brotli's static module is loaded. nginx's own gzip
 * stays on for a file without a `.gz`, at its default level 1.
 * nginx drops inherited `add_header`s inside a location that sets its own, so each location
 * repeats the full set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { headersFor, PORTAL_PATHS, type HeaderRule } from '../../src/build/hosting/host-headers';

/** Where packages install ngx_brotli's static module: Debian and Ubuntu, Fedora and RHEL, nginx.org's packages, a source build. */
export const BROTLI_STATIC_MODULE_PATHS = [
  '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
  '/usr/lib64/nginx/modules/ngx_http_brotli_static_module.so',
  '/etc/nginx/modules/ngx_http_brotli_static_module.so',
  '/usr/local/nginx/modules/ngx_http_brotli_static_module.so',
];

/** The brotli static module installed on this machine, or null. */
export function findBrotliStaticModule(paths: readonly string[] = BROTLI_STATIC_MODULE_PATHS): string | null {
  return paths.find((file) => fs.existsSync(file)) ?? null;
}

export interface NginxOptions {
  root: string;
  listen: string;
  rules: HeaderRule[];
  /**
   * Whether the nginx that reads the block has ngx_brotli's static module loaded: `brotli_static`
   * is an unknown directive without it, and nginx would refuse the whole configuration.
   */
  brotli: boolean;
  /** Language codes whose folder has a not-found page of its own (de → de/404.html for /de/…). */
  languages?: string[];
}

const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

function headerLines(headers: Record<string, string>, indent: string): string {
  return Object.entries(headers)
    .map(([name, value]) => `${indent}add_header ${name} ${quote(value)} always;`)
    .join('\n');
}

/** The language folders of a build that have their own not-found page (de/404.html). */
export function languageFolders(root: string): string[] {
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[a-z]{2}$/.test(entry.name) && fs.existsSync(path.join(root, entry.name, '404.html')))
    .map((entry) => entry.name);
}

/** Left as a comment without the module: nginx refuses a configuration with a directive it does not know. */
const BROTLI_OFF =
  "  # brotli_static on;  # needs ngx_brotli's static module (Debian: apt-get install libnginx-mod-http-brotli-static); then print this block with --brotli";

export function nginxServerBlock({ root, listen, rules, brotli, languages = [] }: NginxOptions): string {
  const site = headersFor(rules, '/');
  const assets = headersFor(rules, '/assets/x');
  const html = { ...site, 'Cache-Control': 'no-cache' };
  const portal = { ...headersFor(rules, PORTAL_PATHS[0]), 'Cache-Control': 'no-cache' };
  const portalPaths = PORTAL_PATHS.map((p) => p.slice(1)).join('|');
  return `server {
  listen ${listen};
  root ${root};
  absolute_redirect off;
  charset utf-8;
  gzip_static on;
${brotli ? '  brotli_static on;' : BROTLI_OFF}
  gzip_vary on;
  gzip on;
  gzip_types text/css application/javascript text/javascript image/svg+xml application/xml application/json application/manifest+json;
  error_page 404 /404.html;

  location /assets/ {
${headerLines(assets, '    ')}
    try_files $uri =404;
  }
  location = /_headers {
    return 404;
  }
  location / {
${headerLines(html, '    ')}
    try_files $uri $uri/index.html =404;
  }
${languages
  .map(
    (code) => `  location /${code}/ {
${headerLines(html, '    ')}
    error_page 404 /${code}/404.html;
    try_files $uri $uri/index.html =404;
  }
`,
  )
  .join('')}  location ~ ^/(${portalPaths})(/|$) {
${headerLines(portal, '    ')}
    try_files $uri $uri/index.html =404;
  }
}
`;
}

/**
 * A complete nginx.conf that runs unprivileged in the foreground, for local use and tests. It
 * reads no system configuration, so it loads the brotli module itself when given its file.
 */
export function standaloneNginxConf(options: Omit<NginxOptions, 'brotli'> & { prefix: string; mimeTypes: string; brotliModule: string | null }): string {
  const p = options.prefix;
  return `${options.brotliModule ? `load_module ${options.brotliModule};\n` : ''}worker_processes 1;
daemon off;
pid ${p}/nginx.pid;
error_log ${p}/error.log warn;
events { worker_connections 64; }
http {
  include ${options.mimeTypes};
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${p}/body;
  proxy_temp_path ${p}/proxy;
  fastcgi_temp_path ${p}/fastcgi;
  uwsgi_temp_path ${p}/uwsgi;
  scgi_temp_path ${p}/scgi;
${nginxServerBlock({ ...options, brotli: options.brotliModule !== null })
  .split('\n')
  .map((line) => (line ? `  ${line}` : line))
  .join('\n')}}
`;
}
