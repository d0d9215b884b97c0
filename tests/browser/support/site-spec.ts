/**
 * The checks every way of serving the site must pass, run against the build (foundation.test.ts)
 * and against `npm run dev` (dev-server.test.ts): every route's title and heading in its HTML,
 * unknown paths answered with the not-found page, every page hydrated with no console error or
 * hydration warning, and a lead form sent to the end.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, openPage, type WatchedPage } from './browser';
import { oneOfEachKind } from './page-kinds';
import { FORM_CASES, REFERENCE, sendValid } from './lead-forms';
import type { Content } from '../../../src/build/content/load';
import { content as builtContent, expectationsOf } from './site';

export const decodeEntities = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Paths no route claims: each must get the not-found page, and hydrate it cleanly. */
export const UNKNOWN_PATHS = ['/nope', '/blog/999', '/blog/abc', '/region/xx'];

async function visitAt(base: string, watched: WatchedPage, path: string): Promise<void> {
  await watched.page.goto(base + path, { waitUntil: 'load' });
  await hydrated(watched.page);
}

/**
 * The other languages' routing as every host must answer it: each language's home with and
 * without a trailing slash, its not-found page for its unknown paths, and no copy of a page
 * published in English only.
 */
export function languageRoutes(content: Content = builtContent): { path: string; status: number; heading: RegExp }[] {
  return content.translations.flatMap(({ language, pages }) => {
    const home = pages.find((page) => page.path === `/${language.code}`);
    const notFound = pages.find((page) => page.path === null);
    const h1 = (body: string | undefined) => new RegExp(`<h1[^>]*>${escapeRegExp(body?.match(/^# (.+)$/m)?.[1] ?? '')}</h1>`);
    const englishOnly = content.pages.find((page) => page.meta.englishOnly && page.path !== null)?.path;
    return [
      ...(home
        ? [
            { path: `/${language.code}`, status: 200, heading: /<h1[^>]*>/ },
            { path: `/${language.code}/`, status: 200, heading: /<h1[^>]*>/ },
          ]
        : []),
      ...(notFound
        ? [
            { path: `/${language.code}/nope`, status: 404, heading: h1(notFound.body) },
            { path: `/${language.code}/region/xx/`, status: 404, heading: h1(notFound.body) },
            ...(englishOnly ? [{ path: `/${language.code}${englishOnly}`, status: 404, heading: h1(notFound.body) }] : []),
          ]
        : []),
    ];
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `base` is the site's origin, `browser` a launched Chromium; both are read when the tests run.
 * `content` is what the site was made from: by default the extended copy the test build was made
 * from (support/site.ts); the dev server runs on a copy of the real content/ and passes that.
 * The fetch checks cover every route; the browser opens one page of each kind (support/page-kinds.ts),
 * which runs all the browser code any page runs. On the build, layout-shift.test.ts opens every
 * route at two widths and checks each hydrates cleanly too.
 */
export function siteSpec(base: () => string, browser: () => Browser, content: Content = builtContent): void {
  const { allRoutes } = expectationsOf(content);
  const siteName = content.site.name;
  /** Each route's HTML as the checks below received it, for the browser pass to sort into kinds. */
  const served = new Map<string, string>();
  describe('every route, as served', () => {
    it.each(allRoutes)('$path holds its own <title> and <h1> in its HTML', async ({ path, title }) => {
      const response = await fetch(base() + path);
      expect(response.status).toBe(200);
      const html = await response.text();
      served.set(path, html);
      // As the tab shows it: a right-to-left title carries invisible isolates around its figures.
      const shown = decodeEntities(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '').replace(/[\u2066-\u2069]/g, '');
      expect(shown).toBe(`${title} | ${siteName}`);
      const h1 = decodeEntities(html.match(/<h1[^>]*>(.*?)<\/h1>/s)?.[1]?.replace(/<[^>]+>/g, '') ?? '');
      expect(h1.trim().length).toBeGreaterThan(2);
      // Frontmatter never leaks into the page, and a rendered page never shows a loading fallback.
      expect(html).not.toMatch(/structuredData:|^---$/m);
      expect(html).not.toContain('Loading…');
    });

    it.each(languageRoutes(content))('$path answers $status in its language', async ({ path, status, heading }) => {
      const response = await fetch(base() + path);
      expect(response.status).toBe(status);
      expect(await response.text()).toMatch(heading);
    });

    it.each(UNKNOWN_PATHS)('%s answers 404 with the not-found page', async (path) => {
      const response = await fetch(base() + path);
      expect(response.status).toBe(404);
      expect(await response.text()).toMatch(/<h1[^>]*>Page not found<\/h1>/);
    });
  });

  describe('every route, in the browser', () => {
    it('hydrates a page of each kind with no console error and no hydration warning', { timeout: 180_000 }, async () => {
      const watched = await openPage(browser());
      const failures: string[] = [];
      for (const path of await oneOfEachKind(base(), [...allRoutes.map((r) => r.path), ...UNKNOWN_PATHS], served)) {
        watched.problems.length = 0;
        await visitAt(base(), watched, path);
        if (watched.problems.length) failures.push(`${path}: ${watched.problems.join(' | ')}`);
      }
      expect(failures).toEqual([]);
    });

    it('sends a quote request and shows its reference', async () => {
      const watched = await openPage(browser());
      const quote = FORM_CASES.find((c) => c.path === '/contact');
      if (!quote) throw new Error('No form case for /contact');
      const reference = await sendValid(watched.page, base(), quote);
      expect(reference).toMatch(REFERENCE);
      expect(watched.problems).toEqual([]);
    });
  });
}
