/**
 * The site in German and Arabic as buyers and crawlers meet it: every hreflang cluster in the
 * build symmetric and absolute with x-default, each version's canonical itself, the language and
 * direction on <html>, the sitemap's alternates, the switcher between versions, links to pages
 * published in English only marked as such, and a German page complete without JavaScript.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchesEveryWord } from '../../src/ui/components/match-words';
import { LRI, PDI, isolateLtrRuns, ltrRuns } from '../../src/shared/i18n/ltr-runs';
import { DIST_DIR } from '../../src/build/pipeline/build-paths';
import { baseUrl, openPage, useBrowser, visit, type WatchedPage } from './support/browser';
import { TEST_SITE_URL } from './support/env';
import { builtPages } from './support/built-pages';
import { content } from './support/site';

/** Every page of the build (not the not-found pages) by its URL. */
function builtPagesByUrl(): Map<string, string> {
  return new Map(builtPages().map(({ route, file }) => [route === '/' ? TEST_SITE_URL : `${TEST_SITE_URL}${route}`, fs.readFileSync(file, 'utf8')]));
}

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const alternatesOf = (html: string) =>
  new Map([...head(html).matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map(([, lang, href]) => [lang, href] as const));

describe('the build', () => {
  const pages = builtPagesByUrl();

  it('gives every version of a page a canonical of its own and an hreflang cluster that is absolute, reciprocal and has x-default', () => {
    const problems: string[] = [];
    let clusters = 0;
    for (const [url, html] of pages) {
      const canonical = head(html).match(/<link rel="canonical" href="([^"]+)">/)?.[1];
      if (!canonical) continue; // noindex portals keep theirs too; the not-found pages have none
      const alternates = alternatesOf(html);
      if (canonical !== url) problems.push(`${url}: canonical ${canonical}`);
      if (!alternates.has('x-default')) problems.push(`${url}: no x-default`);
      const own = [...alternates].find(([lang]) => lang !== 'x-default' && alternates.get(lang) === url);
      if (!own) problems.push(`${url}: does not list itself`);
      for (const [lang, href] of alternates) {
        if (!href.startsWith(`${TEST_SITE_URL}/`) && href !== TEST_SITE_URL) problems.push(`${url}: ${lang} ${href} is not an absolute URL of the site`);
        const other = pages.get(href);
        if (!other) problems.push(`${url}: ${lang} ${href} is not a page of the build`);
        else if (JSON.stringify([...alternatesOf(other)].sort()) !== JSON.stringify([...alternates].sort()))
          problems.push(`${url}: ${href} lists a different cluster`);
      }
      if (alternates.size > 2) clusters++;
    }
    expect(problems).toEqual([]);
    // One cluster per translated page and language version (each counted from every member).
    const translated = content.translations.flatMap((t) => t.pages.filter((page) => page.path !== null));
    expect(clusters).toBeGreaterThanOrEqual(translated.length);
  });

  it('writes the language and direction of each page on <html>, and og:locale with its alternates', () => {
    for (const language of content.site.languages) {
      const url = language.code === content.site.languages[0].code ? `${TEST_SITE_URL}/garlic-powder` : `${TEST_SITE_URL}/${language.code}/garlic-powder`;
      const html = pages.get(url) ?? '';
      expect(html, url).toContain(`<html lang="${language.code}" dir="${language.dir}">`);
      expect(head(html), url).toContain(`<meta property="og:locale" content="${language.locale}">`);
      expect([...head(html).matchAll(/og:locale:alternate" content="([^"]+)"/g)].map((m) => m[1]).sort()).toEqual(
        content.site.languages
          .filter((l) => l !== language)
          .map((l) => l.locale)
          .sort(),
      );
    }
  });

  it("writes the home page's figures, badges and the header's admin button in the page's language", () => {
    for (const language of content.site.languages.slice(1)) {
      const words = content.ui[language.code] as {
        stats: Record<string, string>;
        shell: Record<string, string>;
        home: Record<string, string>;
        certifications: Record<string, string>;
      };
      const html = pages.get(`${TEST_SITE_URL}/${language.code}`) ?? '';
      const figures = [...html.matchAll(/<dt>([^<]+)<\/dt>/g)].map((m) => m[1]);
      expect(figures, language.code).toEqual(content.site.stats.map((stat) => words.stats[stat.label]));
      expect(html).toContain(`aria-label="${words.home.keyFigures}"`);
      expect(html).toContain(`aria-label="${words.home.badges}"`);
      const badges = [...(/<ul class="badges[^"]*"[^>]*>(.*?)<\/ul>/.exec(html)?.[1] ?? '').matchAll(/<li[^>]*>([^<]+)<\/li>/g)].map((m) =>
        m[1].replace(/[\u2066-\u2069]/g, ''),
      );
      expect(badges, language.code).toEqual([...content.site.badges.map((badge) => words.certifications[badge]), 'Make in India']);
      expect(html).toContain(`>${words.shell.adminLogin}<`);
      expect(html).toContain(`>${words.shell.adminDashboard}<`);
    }
  });

  it('lists every version of a translated page in the sitemap, each with the whole cluster', () => {
    const sitemap = fs.readFileSync(path.join(DIST_DIR, 'sitemap.xml'), 'utf8');
    const entry = (loc: string) => sitemap.match(new RegExp(`<url><loc>${loc.replace(/[.?]/g, '\\$&')}</loc>.*?</url>`))?.[0] ?? '';
    for (const loc of [`${TEST_SITE_URL}/garlic-powder`, `${TEST_SITE_URL}/de/garlic-powder`, `${TEST_SITE_URL}/ar/garlic-powder`]) {
      const links = [...entry(loc).matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(([, lang, href]) => `${lang} ${href}`);
      expect(links, loc).toEqual([
        `en ${TEST_SITE_URL}/garlic-powder`,
        `de ${TEST_SITE_URL}/de/garlic-powder`,
        `ar ${TEST_SITE_URL}/ar/garlic-powder`,
        `x-default ${TEST_SITE_URL}/garlic-powder`,
      ]);
    }
    // Pages published in English only have no copy in another language.
    expect(sitemap).not.toContain(`${TEST_SITE_URL}/de/careers<`);
  });
});

describe('in the browser', () => {
  const browser = useBrowser();

  it('the language switcher leads to the same page in the other language and back', async () => {
    const watched = await openPage(browser());
    const { page } = watched;
    await visit(watched, '/garlic-powder');
    const footer = page.locator('footer [data-language-switcher]');
    await footer.getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL('**/de/garlic-powder');
    expect(await page.locator('h1').first().textContent()).toBe(
      content.translations
        .find((t) => t.language.code === 'de')
        ?.pages.find((p) => p.path === '/de/garlic-powder')
        ?.body.match(/^# (.+)$/m)?.[1],
    );
    expect(await footer.getByRole('link', { name: 'Deutsch' }).getAttribute('aria-current')).toBe('true');
    await footer.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(/\/garlic-powder$/);
    expect(new URL(page.url()).pathname).toBe('/garlic-powder');
    expect(watched.problems).toEqual([]);
  });

  it('marks a language as unavailable on a page published in English only', async () => {
    const watched = await openPage(browser());
    await visit(watched, '/careers');
    const footer = watched.page.locator('footer [data-language-switcher]');
    expect(await footer.getByRole('link', { name: 'Deutsch' }).count()).toBe(0);
    expect(await footer.locator('.language-unavailable[lang="de"]').textContent()).toBe('Deutsch (Deutsch: not available for this page)');
  });

  it('marks links of a German page to pages published in English only, and leads the others to the German pages', async () => {
    const html = await (await fetch(`${baseUrl()}/de/contact`)).text();
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).toMatch(/<a href="\/partnership" hrefLang="en">[^<]*<span class="other-language"> \(Englisch\)<\/span><\/a>/);
    expect(main).toContain('href="/de/sample-request"');
    expect(main).not.toMatch(/href="\/sample-request"/);
  });

  it("lists the FAQ in the page's language, and its search ignores Arabic vowel marks and the forms of alef", async () => {
    const watched = await openPage(browser());
    const { page } = watched;
    await visit(watched, '/ar/faq');
    const arabic = content.translations.find((t) => t.language.code === 'ar')?.faq ?? [];
    expect(await page.locator('.faq-item summary').first().textContent()).toBe(isolateLtrRuns(arabic[0]?.question ?? ''));
    // Figures in the answers read left to right ("80-120 mesh", not "120-80"): isolated (tests/browser/rtl-order.test.ts measures the order).
    const ranged = arabic.find((entry) => /\d-\d/.test(entry.answer));
    const range = ltrRuns(ranged?.answer ?? '').find((run) => run.ltr && /\d-\d/.test(run.text))?.text;
    expect(await page.locator(`[id="${ranged?.id}"] .faq-answer`).textContent()).toContain(`${LRI}${range}${PDI}`);
    // "الأدنى" (minimum) typed with a plain alef, as many do
    const typed = 'الادنى';
    const expected = arabic.filter((entry) => matchesEveryWord([entry.question, entry.answer, ...entry.tags], typed)).length;
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(arabic.length);
    await page.getByRole('searchbox', { name: 'البحث في الأسئلة الشائعة' }).fill(typed);
    await expect.poll(() => page.locator('.faq-item').count()).toBe(expected);
    expect(watched.problems).toEqual([]);
  });

  it("builds the menus' panels in the page's language, leading to the page's language's pages", async () => {
    const german = content.ui.de as { navigation: Record<string, string>; shell: Record<string, string> };
    const watched = await openPage(browser());
    const { page } = watched;
    await visit(watched, '/de');
    await page.getByRole('button', { name: german.shell.more, exact: true }).click();
    const more = page.locator('[data-menu-panel="more"]');
    await expect.poll(() => more.getByRole('link', { name: german.navigation['/markets'] }).getAttribute('href')).toBe('/de/markets');
    // A page published in English only is reached in English, and the link says so.
    expect(await more.getByRole('link', { name: german.navigation['/business-plan'] }).getAttribute('hreflang')).toBe('en');
    expect(await more.getByText(german.shell.company, { exact: true }).count()).toBe(1);

    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: german.shell.openMenu }).click();
    const dialog = page.getByRole('dialog', { name: german.shell.siteMenu });
    await expect.poll(() => dialog.getByRole('link', { name: german.navigation['/about'], exact: true }).getAttribute('href')).toBe('/de/about');
    expect(await dialog.getByRole('link', { name: 'العربية' }).getAttribute('href')).toBe('/ar');
    expect(await dialog.getByRole('button', { name: german.shell.closeMenu }).count()).toBe(1);
    expect(watched.problems).toEqual([]);
  });

  describe("the suggestion to read a page in the visitor's language", () => {
    const german = (content.ui.de as { language: Record<string, string> }).language;
    const english = (content.ui.en as { language: Record<string, string> }).language;
    const bar = (page: WatchedPage['page']) => page.locator('aside.language-suggestion');
    /** Waits until the page's load has run the suggestion's start, then says whether a bar is shown. */
    const barAfterLoad = async (page: WatchedPage['page']) => {
      await page.waitForLoadState('load');
      return bar(page).count();
    };

    it('is offered once the page has loaded, in the language the browser prefers, and moves nothing', async () => {
      const watched = await openPage(browser(), { locale: 'de-DE' });
      const { page } = watched;
      await visit(watched, '/garlic-powder');
      await expect.poll(() => bar(page).count()).toBe(1);
      expect(await bar(page).getAttribute('lang')).toBe('de');
      expect(await bar(page).locator('p').textContent()).toBe(german.suggestion);
      const link = bar(page).getByRole('link', { name: german.suggestionAction });
      expect(await link.getAttribute('href')).toBe('/de/garlic-powder');
      expect(await link.getAttribute('hreflang')).toBe('de');
      // Fixed to the window: the page's own boxes keep their places, whatever the bar's size.
      expect(await bar(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
      const h1 = await page.locator('h1').first().boundingBox();
      await bar(page).evaluate((el) => el.remove());
      expect(await page.locator('h1').first().boundingBox()).toEqual(h1);
      expect(watched.problems).toEqual([]);
    });

    it('stays off paper: a page printed while it is shown prints without it', async () => {
      const watched = await openPage(browser(), { locale: 'de-DE' });
      const { page } = watched;
      await visit(watched, '/garlic-powder');
      await expect.poll(() => bar(page).count()).toBe(1);
      await page.emulateMedia({ media: 'print' });
      expect(await bar(page).isVisible()).toBe(false);
      expect(watched.problems).toEqual([]);
    });

    it('leads to the page in that language, and a dismissal is remembered', async () => {
      const watched = await openPage(browser(), { locale: 'de-DE' });
      const { page } = watched;
      await visit(watched, '/garlic-powder');
      await bar(page).getByRole('link', { name: german.suggestionAction }).click();
      await page.waitForURL('**/de/garlic-powder');
      // The German page is what the browser prefers: nothing to suggest there.
      expect(await barAfterLoad(page)).toBe(0);

      const other = await openPage(browser(), { locale: 'de-DE' });
      await visit(other, '/about');
      await bar(other.page).getByRole('button', { name: german.dismiss }).click();
      expect(await bar(other.page).count()).toBe(0);
      await visit(other, '/products');
      expect(await barAfterLoad(other.page)).toBe(0);
      expect([...watched.problems, ...other.problems]).toEqual([]);
    });

    it('offers an English-speaking visitor of a German page the English one, and nothing on a page published in one language only', async () => {
      const watched = await openPage(browser(), { locale: 'en-GB' });
      const { page } = watched;
      await visit(watched, '/de/garlic-powder');
      await expect.poll(() => bar(page).count()).toBe(1);
      expect(await bar(page).locator('p').textContent()).toBe(english.suggestion);
      expect(await bar(page).getByRole('link', { name: english.suggestionAction }).getAttribute('href')).toBe('/garlic-powder');

      const germanVisitor = await openPage(browser(), { locale: 'de-DE' });
      await visit(germanVisitor, '/careers');
      expect(await barAfterLoad(germanVisitor.page)).toBe(0);
    });

    it('is offered, and dismissed for the page, where the browser refuses storage', async () => {
      const watched = await openPage(browser(), { locale: 'de-DE' });
      const { page } = watched;
      await page.addInitScript(() => {
        Object.defineProperty(window, 'localStorage', {
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      });
      await visit(watched, '/garlic-powder');
      await expect.poll(() => bar(page).count()).toBe(1);
      await bar(page).getByRole('button', { name: german.dismiss }).click();
      expect(await bar(page).count()).toBe(0);
    });
  });

  it('reads a German page completely with JavaScript off', async () => {
    const on = await openPage(browser());
    const off = await openPage(browser(), { javaScriptEnabled: false });
    for (const route of ['/de/garlic-powder', '/ar/contact']) {
      await visit(on, route);
      await off.page.goto(baseUrl() + route);
      // Without JavaScript a form says how to reach the company instead (in the page's language).
      await off.page.locator('main noscript').evaluateAll((notices) => notices.forEach((notice) => notice.remove()));
      const text = (page: typeof on.page) => page.locator('main').evaluate((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
      // The spec sheet's print button shows only with JavaScript (the browser's own Print serves without).
      const print = (content.ui[route.split('/')[1]] as { specs: { print: string } }).specs.print;
      const withoutNotice = (s: string) => s.replace(` ${print} `, ' ');
      expect(withoutNotice(await text(off.page)), route).toBe(withoutNotice(await text(on.page)));
      expect(await off.page.locator('html').getAttribute('lang')).toBe(route.split('/')[1]);
    }
  });
});
