import { describe, expect, it } from 'vitest';
import { robotsTxt } from './discovery-files';

describe('robotsTxt', () => {
  it('allows every path (the portals carry noindex, which a crawler must be able to read) and names the sitemap', () => {
    const robots = robotsTxt('https://www.garlicbrothers.in');
    expect(robots).not.toMatch(/Disallow/i);
    expect(robots).toBe('User-agent: *\nAllow: /\n\nSitemap: https://www.garlicbrothers.in/sitemap.xml\n');
  });
});
