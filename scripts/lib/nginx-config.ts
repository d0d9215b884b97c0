/**
 * An nginx server block for the built site, generated from the same `_headers` rules the other
 * hosts use: security headers on every response (and the portals' own on theirs), long caching
 * for hashed assets, `/about` and `/about/` both serving `about/index.html`, and `404.html` with
 * status 404 for anything else (a language's own not-found page under its prefix).
 * nginx drops inherited `add_header`s inside a location that sets its own, so each location
 * repeats the full set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { headersFor, PORTAL_PATHS, type HeaderRule } from '../../src/hosting/host-headers';

interface NginxOptions {
  root: string;
  listen: string;
  rules: HeaderRule[];
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

export function nginxServerBlock({ root, listen, rules, languages = [] }: NginxOptions): string {
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

/** A complete nginx.conf that runs unprivileged in the foreground, for local use and tests. */
export function standaloneNginxConf(options: NginxOptions & { prefix: string; mimeTypes: string }): string {
  const p = options.prefix;
  return `worker_processes 1;
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
${nginxServerBlock(options)
  .split('\n')
  .map((line) => (line ? `  ${line}` : line))
  .join('\n')}}
`;
}
