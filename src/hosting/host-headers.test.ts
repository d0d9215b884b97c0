/** The headers the build writes to `_headers`, as a host applies them to each path. */
import { describe, expect, it } from 'vitest';
import { formatHeadersFile, headersFor, hostHeaderRules, parseHeadersFile } from './host-headers';

const rules = parseHeadersFile(formatHeadersFile(hostHeaderRules("default-src 'self'")));

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
