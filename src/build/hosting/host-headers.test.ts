/** The headers the build writes to `_headers`, as a host applies them to each path. */
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, formatHeadersFile, headersFor, hostHeaderRules, parseHeadersFile } from './host-headers';

const rules = parseHeadersFile(formatHeadersFile(hostHeaderRules("default-src 'self'")));

describe('the Content-Security-Policy', () => {
  const directives = (csp: string) => csp.split('; ').map((directive) => directive.split(' ')[0]);

  it('names only what differs from default-src, which covers the fonts, the service worker and the manifest', () => {
    expect(directives(contentSecurityPolicy(['x']))).toEqual([
      'default-src',
      'script-src',
      'style-src',
      'img-src',
      'object-src',
      'base-uri',
      'form-action',
      'frame-ancestors',
    ]);
    expect(contentSecurityPolicy(['x'])).toMatch(/^default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-[^']+'; /);
  });

  it('lets the pages post to a lead endpoint on another origin, and to their own', () => {
    expect(contentSecurityPolicy([], ['https://leads.example'])).toContain("; connect-src 'self' https://leads.example;");
  });
});

describe('host headers', () => {
  it('sends the security headers on every path', () => {
    for (const p of ['/', '/contact', '/blog/1', '/admin', '/investors/login', '/assets/index-1234.js', '/nope']) {
      const headers = headersFor(rules, p);
      expect(headers['Content-Security-Policy'], p).toBe("default-src 'self'");
      expect(headers['X-Frame-Options'], p).toBe('DENY');
      expect(headers['X-Content-Type-Options'], p).toBe('nosniff');
    }
  });

  it('isolates the sign-in portals from other windows (Cross-Origin-Opener-Policy) and only them', () => {
    for (const p of ['/admin', '/admin/', '/admin/login', '/investors', '/investors/login']) {
      expect(headersFor(rules, p)['Cross-Origin-Opener-Policy'], p).toBe('same-origin');
    }
    for (const p of ['/', '/contact', '/blog/1', '/administration', '/investment', '/assets/index-1234.js']) {
      expect(headersFor(rules, p)['Cross-Origin-Opener-Policy'], p).toBeUndefined();
    }
  });

  it('caches hashed assets for a year and re-checks the service worker on every visit', () => {
    expect(headersFor(rules, '/assets/index-1234.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor(rules, '/sw.js')['Cache-Control']).toBe('no-cache');
    expect(headersFor(rules, '/contact')['Cache-Control']).toBeUndefined();
  });
});
