/**
 * The JavaScript budget of the build the tests run against (the same audit as `npm run
 * audit:size`): at most 15 kB compressed at start on a page of copy, 75 kB on a page with a form
 * or a list, none of it named ahead of the largest image, and no portal code on a public page;
 * the admin's, with the sections it loads once its server answers, at most 150 kB.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_BUDGET, BUDGETS, audit } from '../../scripts/audit-size';
import { CLIENT_MANIFEST, DIST_DIR } from '../../src/pipeline/build-paths';
import { CONTENT_ROOT } from './support/site';

describe('JavaScript budget', () => {
  // The routes of the content the test build was made from.
  const result = audit(DIST_DIR, CLIENT_MANIFEST, CONTENT_ROOT);
  const publicPages = result.pages.filter((page) => !/^\/(admin|investors)(\/|$)/.test(page.route));

  it('measures every pre-rendered page', () => {
    const html = fs.readdirSync(DIST_DIR, { recursive: true }).filter((f) => String(f).endsWith('.html'));
    expect(result.pages.length).toBe(html.length);
    expect(publicPages.length).toBe(result.pages.length - 4);
  });

  it('keeps every public page within its budget, with nothing ahead of the largest image and no portal code', () => {
    expect(result.failures).toEqual([]);
  });

  it('loads no React at start on a page of copy', () => {
    for (const route of ['/', '/about', '/garlic-powder', '/blog/1']) {
      const page = publicPages.find((p) => p.route === route);
      expect(page?.budget).toBe(BUDGETS.content);
      expect(page?.gzipBytes).toBeLessThanOrEqual(BUDGETS.content);
      // react-dom is in the hydration chunk; a page of copy never names it.
      expect(page?.files.some((file) => /mount|react-dom/.test(path.basename(file)))).toBe(false);
    }
  });

  it('holds pages with a form or a list to the larger budget', () => {
    for (const route of ['/contact', '/faq', '/blog']) expect(publicPages.find((p) => p.route === route)?.budget).toBe(BUDGETS.interactive);
  });

  it('keeps the admin’s JavaScript within 150 kB with the desk and the Overview (and their charts), which load only once its server answers', () => {
    expect(result.admin).not.toBeNull();
    const admin = result.admin as NonNullable<typeof result.admin>;
    // Loaded on demand: none of the desk's or the Overview's code is part of the start.
    expect(admin.onDemandBytes).toBeGreaterThan(0);
    expect(admin.totalBytes).toBeLessThanOrEqual(ADMIN_BUDGET);
  });
});
