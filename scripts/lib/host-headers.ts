/**
 * The HTTP headers every host must send with the built site: security headers (with a
 * Content-Security-Policy that allows no inline script except the hashed theme script) and
 * caching. Written to `dist/_headers` (the format Netlify and Cloudflare Pages read); the local
 * server (scripts/serve.ts) and the nginx test read that same file.
 */
import { createHash } from 'node:crypto';

export function sha256Source(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

export function contentSecurityPolicy(inlineScripts: string[], connectOrigins: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScripts.map(sha256Source).join(' ')}`,
    // Style attributes (scroll progress, dropdown widths) need inline styles; scripts never do.
    "style-src 'self' 'unsafe-inline'",
    // Posts added in the admin may show https images.
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${connectOrigins.map((o) => ` ${o}`).join('')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

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
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
      },
    },
    // The service worker must be re-checked on every visit, or updates wait for the cache to expire.
    { pattern: '/sw.js', headers: { 'Cache-Control': 'no-cache' } },
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
