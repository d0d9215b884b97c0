/**
 * The HTTP headers every host must send with the built site: security headers (with a
 * Content-Security-Policy that allows no inline script except the hashed theme script) and
 * caching. Written to `dist/_headers` (the format Netlify and Cloudflare Pages read); the local
 * server (scripts/serve.ts) and the nginx test read that same file.
 */
import { createHash } from 'node:crypto';
import { GATE_FILE } from '@/build/credentials/gate-file';

function sha256Source(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * The policy names only what differs from `default-src 'self'`: fonts, the service worker (through
 * script-src) and the web manifest fall back to it, and every byte of these headers travels in
 * each page's first round trip.
 */
export function contentSecurityPolicy(inlineScripts: string[], connectOrigins: string[] = []): string {
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets the site search compile its WebAssembly (Pagefind); it allows no JavaScript eval.
    `script-src 'self' 'wasm-unsafe-eval' ${inlineScripts.map(sha256Source).join(' ')}`,
    // Style attributes (scroll progress, dropdown widths) need inline styles; scripts never do.
    "style-src 'self' 'unsafe-inline'",
    // Posts added in the admin may show https images.
    "img-src 'self' data: https:",
    // A LEAD_ENDPOINT on another origin.
    ...(connectOrigins.length ? [`connect-src 'self' ${connectOrigins.join(' ')}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** HTTPS only for a year, subdomains included: on every page, and on the server's API answers (src/server/http/api-headers.ts). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The sign-in portals: the only pages that also send Cross-Origin-Opener-Policy (see hostHeaderRules). */
export const PORTAL_PATHS = ['/admin', '/investors'] as const;

export interface HeaderRule {
  pattern: string;
  headers: Record<string, string>;
}

export function hostHeaderRules(csp: string): HeaderRule[] {
  return [
    {
      pattern: '/*',
      headers: {
        'Content-Security-Policy': csp,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
        'X-Frame-Options': 'DENY',
        'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY,
      },
    },
    // Cross-Origin-Opener-Policy: same-origin gives a page a browsing context group of its own, so a
    // window of another site that opened it, or that it opened, holds no reference to it. That
    // matters where someone signs in, so the portals send it. The public pages do not: arriving
    // from a page without the header (a search result, a new tab) then makes Chromium start a new
    // renderer process and build the page's JavaScript context cold before anything can paint,
    // measured at 15-25 ms of main-thread work on a 2-core server (60-100 ms of blocking time in
    // Lighthouse's mobile run), for pages that hold nothing of the visitor's. Framing stays
    // denied everywhere.
    ...PORTAL_PATHS.flatMap((portal) => [portal, `${portal}/*`]).map((pattern) => ({
      pattern,
      headers: { 'Cross-Origin-Opener-Policy': 'same-origin' },
    })),
    // The service worker must be re-checked on every visit, or updates wait for the cache to expire.
    { pattern: '/sw.js', headers: { 'Cache-Control': 'no-cache' } },
    // The static gate's pairs keep one name from build to build (gate-file.ts): checked on every
    // use, or a changed password would wait for the cache.
    { pattern: `/${GATE_FILE}`, headers: { 'Cache-Control': 'no-cache' } },
    // Hashed file names never change content: cache them for a year.
    { pattern: '/assets/*', headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
  ];
}

export function formatHeadersFile(rules: HeaderRule[]): string {
  return rules.map((rule) => [rule.pattern, ...Object.entries(rule.headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n')).join('\n\n') + '\n';
}

/** Parses a `_headers` file back into rules (for the local server and tests). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ pattern: line.trim(), headers: {} });
    else {
      const at = line.indexOf(':');
      rules[rules.length - 1].headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
  }
  return rules;
}

export function headersFor(rules: HeaderRule[], urlPath: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    const matches = rule.pattern.endsWith('*') ? urlPath.startsWith(rule.pattern.slice(0, -1)) : urlPath === rule.pattern;
    if (matches) Object.assign(out, rule.headers);
  }
  return out;
}
