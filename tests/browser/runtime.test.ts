/**
 * The site-wide runtime on the built site: the home page A/B test
 * (no flash, no hydration mismatch, stable variant, impressions and conversions), moving between
 * pages (top of the page, prefetch, view transitions, deep links), images (lazy, reserved size, failure message), tooltips on icon-only
 * buttons (700 ms, 300 ms skip delay, keyboard, Escape), the service worker (a visited page opens
 * offline) and web vitals reported to an analytics tag only when one exists.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { assignVariant } from '../../src/shared/experiments/assign';
import { HOMEPAGE_CTA, type HomepageCtaVariant } from '../../src/shared/experiments/registry';
import { KEYS } from '../../src/browser/storage/storage';
import { baseUrl, hydrated, openPage, reusedTab, useBrowser, visit, type WatchedPage } from './support/browser';
import { signInAdmin } from './support/portal';
import { content } from './support/site';
import { EVENT_WAIT_MS } from './support/waits';

type Copy = { heading: string; button: string };
const home = content.pages.find((p) => p.path === '/')!;
const CTA = (home.meta.sections as { cta: { variants: Record<HomepageCtaVariant, Copy> } }).cta.variants;
const ATTRIBUTE = 'data-ab-homepage-cta-v1';
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 800 } };
/** For tests that intercept requests: a service worker would answer them from its cache instead. */
const NO_SW: BrowserContextOptions = { serviceWorkers: 'block' };

/** The first visitor id (in the init script's format) that the hash puts in `variant`. */
function visitorIdFor(variant: HomepageCtaVariant): string {
  for (let i = 1; ; i++) {
    const id = i.toString(16).padStart(32, '0');
    if (assignVariant(HOMEPAGE_CTA, id) === variant) return id;
  }
}

const browser = useBrowser();
/**
 * The tabs most tests here use, a new visitor's each time (see reusedTab); a test that seeds
 * storage, listens to the network or needs a service worker gets a profile of its own (fresh).
 */
const visitorTab = reusedTab(browser);
const phoneVisitorTab = reusedTab(browser, PHONE);

/** A fresh context and page; `init` runs in every document of the context before its own scripts. */
async function fresh(options: BrowserContextOptions = {}, init?: string): Promise<WatchedPage> {
  const watched = await openPage(browser(), options);
  if (init) await watched.page.context().addInitScript(init);
  return watched;
}

const seedVisitor = (id: string) => `localStorage.setItem(${JSON.stringify(KEYS.abVisitorId)}, ${JSON.stringify(id)});`;
/**
 * An array on window that keeps what was pushed to it across the pages of one tab (each page is
 * a new document), as an analytics tag's queue reaches its server whatever page comes next.
 */
const keptArray = (name: string) =>
  `window.${name} = JSON.parse(sessionStorage.getItem('test:${name}') || '[]');` +
  `window.${name}.push = function (...items) { const n = Array.prototype.push.apply(this, items); sessionStorage.setItem('test:${name}', JSON.stringify(this)); return n; };`;
const FAKE_DATA_LAYER = keptArray('dataLayer');
type Pushed = { event: string } & Record<string, unknown>;
const pushed = (page: Page, event: string) => page.evaluate((name) => (window.dataLayer ?? []).filter((e) => e.event === name), event) as Promise<Pushed[]>;
const stats = async (page: Page) => JSON.parse((await page.evaluate((key) => localStorage.getItem(key), KEYS.abConversions)) ?? '{}');
const visibleText = (page: Page, selector: string) => page.locator(selector).evaluate((el) => (el as HTMLElement).innerText.trim());

describe('A/B test homepage-cta-v1', () => {
  it.each(['control', 'punchy'] as const)('puts the %s variant on <html> before any app script runs and shows only its copy', async (variant) => {
    const { page } = await fresh({}, seedVisitor(visitorIdFor(variant)));
    // With the app's JavaScript blocked, only the inline init script can have set the attribute.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(baseUrl() + '/', { waitUntil: 'load' });
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(await page.getAttribute('html', ATTRIBUTE)).toBe(variant);
    const other = variant === 'control' ? 'punchy' : 'control';
    expect(await page.getByRole('heading', { name: CTA[variant].heading }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: CTA[other].heading }).count()).toBe(0);
    const band = page.locator('.cta-band');
    expect(await band.getByRole('link', { name: CTA[variant].button, exact: true }).isVisible()).toBe(true);
    expect(await band.getByRole('link', { name: CTA[other].button, exact: true }).count()).toBe(0);
  });

  it('shows the control when scripts are off (no attribute), from the same HTML', async () => {
    const { page } = await fresh({ javaScriptEnabled: false });
    await page.goto(baseUrl() + '/', { waitUntil: 'load' });
    expect(await page.getAttribute('html', ATTRIBUTE)).toBeNull();
    expect(await visibleText(page, '#cta-heading')).toBe(CTA.control.heading);
  });

  it('gives a new visitor a random id and the same variant on every visit, with no hydration warning', async () => {
    const watched = await visitorTab();
    const { page } = watched;
    await visit(watched, '/');
    const id = await page.evaluate((key) => localStorage.getItem(key), KEYS.abVisitorId);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const variant = assignVariant(HOMEPAGE_CTA, id!) as HomepageCtaVariant;
    expect(await page.getAttribute('html', ATTRIBUTE)).toBe(variant);
    expect(await visibleText(page, '#cta-heading')).toBe(CTA[variant].heading);
    for (let i = 0; i < 2; i++) {
      await visit(watched, '/');
      expect(await page.evaluate((key) => localStorage.getItem(key), KEYS.abVisitorId)).toBe(id);
      expect(await page.getAttribute('html', ATTRIBUTE)).toBe(variant);
      expect(await visibleText(page, '#cta-heading')).toBe(CTA[variant].heading);
    }
    expect(watched.problems).toEqual([]);
  });

  it('records one impression per session, sent to the analytics hook', async () => {
    const variant = 'punchy';
    const watched = await fresh({}, seedVisitor(visitorIdFor(variant)) + FAKE_DATA_LAYER);
    const { page } = watched;
    await visit(watched, '/');
    await expect.poll(() => pushed(page, 'ab_impression')).toEqual([{ event: 'ab_impression', experiment_id: 'homepage-cta-v1', variant }]);
    // Another page and back to the home page, then a reload: still the one impression.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL('**/about');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The page records its impression, if at all, before its runtime marks it hydrated (right
    // away once the page has loaded, else at its load event, which visit() also waits for).
    await hydrated(page);
    expect(await pushed(page, 'ab_impression')).toHaveLength(1);
    await visit(watched, '/');
    expect(await pushed(page, 'ab_impression')).toHaveLength(1);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), KEYS.abImpression('homepage-cta-v1'))).toBe(variant);
    expect((await stats(page))['homepage-cta-v1'][variant].impressions).toBe(1);
    // A new tab is a new session (same browser storage): a second impression.
    const tab = await page.context().newPage();
    await tab.goto(baseUrl() + '/');
    await expect.poll(() => pushed(tab, 'ab_impression')).toHaveLength(1);
    expect((await stats(tab))['homepage-cta-v1'][variant].impressions).toBe(2);
    expect(watched.problems).toEqual([]);
  });

  it('records a conversion when the call to action is clicked', async () => {
    const variant = 'control';
    const watched = await fresh({}, seedVisitor(visitorIdFor(variant)) + FAKE_DATA_LAYER);
    const { page } = watched;
    await visit(watched, '/');
    await page.locator('.cta-band').getByRole('link', { name: CTA[variant].button, exact: true }).click();
    await page.waitForURL('**/contact');
    expect(await pushed(page, 'ab_conversion')).toEqual([{ event: 'ab_conversion', experiment_id: 'homepage-cta-v1', variant }]);
    expect((await stats(page))['homepage-cta-v1'][variant]).toEqual({ impressions: 1, conversions: 1 });
    expect(watched.problems).toEqual([]);
  });

  it('calls the analytics hook only when the page has one (gtag first, else dataLayer)', async () => {
    const none = await fresh({}, seedVisitor(visitorIdFor('punchy')));
    await visit(none, '/');
    await none.page.locator('.cta-band').getByRole('link', { name: CTA.punchy.button, exact: true }).click();
    await none.page.waitForURL('**/contact');
    expect(await none.page.evaluate(() => [typeof window.gtag, typeof window.dataLayer])).toEqual(['undefined', 'undefined']);
    // Counted in the browser all the same.
    expect((await stats(none.page))['homepage-cta-v1'].punchy).toEqual({ impressions: 1, conversions: 1 });

    const tagged = await fresh({}, seedVisitor(visitorIdFor('punchy')) + keptArray('calls') + 'window.gtag = (...args) => window.calls.push(args);');
    await visit(tagged, '/');
    await tagged.page.locator('.cta-band').getByRole('link', { name: CTA.punchy.button, exact: true }).click();
    await tagged.page.waitForURL('**/contact');
    const calls = await tagged.page.evaluate(() => (window as unknown as { calls: unknown[][] }).calls.filter((c) => String(c[1]).startsWith('ab_')));
    expect(calls).toEqual([
      ['event', 'ab_impression', { experiment_id: 'homepage-cta-v1', variant: 'punchy' }],
      ['event', 'ab_conversion', { experiment_id: 'homepage-cta-v1', variant: 'punchy' }],
    ]);
  });

  it("lists the experiment and this browser's counts in the admin dashboard", async () => {
    const watched = await fresh({}, seedVisitor(visitorIdFor('punchy')));
    const { page } = watched;
    await visit(watched, '/');
    await page.locator('.cta-band').getByRole('link', { name: CTA.punchy.button, exact: true }).click();
    await page.waitForURL('**/contact');
    await signInAdmin(page);
    const section = page.getByRole('region', { name: 'A/B experiments' });
    await section.waitFor();
    const text = await section.innerText();
    expect(text).toContain('homepage-cta-v1');
    expect(text).toContain('control, punchy');
    expect(text).toContain('100 % of visitors');
    const row = (name: string) =>
      section
        .getByRole('row', { name: new RegExp(`^${name}\\b`) })
        .locator('td')
        .allInnerTexts();
    expect(await row('punchy')).toEqual(['1', '1', '100.0 %']);
    expect(await row('control')).toEqual(['0', '0', '–']);
  });
});

describe('moving between pages', () => {
  it('starts the next page at its top, as an ordinary navigation', async () => {
    const watched = await visitorTab();
    const { page } = watched;
    await visit(watched, '/');
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy', exact: true }).click();
    await page.waitForURL('**/privacy-policy');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(watched.problems).toEqual([]);
  });

  it('prefetches same-site pages on intent, never the portals', async () => {
    // The rules are added by the runtime: the page's first round trip carries none of them.
    expect(await (await fetch(baseUrl() + '/')).text()).not.toContain('speculationrules');
    const watched = await visitorTab();
    await visit(watched, '/');
    const rules = JSON.parse((await watched.page.locator('script[type="speculationrules"]').textContent()) ?? '{}') as {
      prefetch: { source: string; where: unknown; eagerness: string }[];
    };
    expect(rules.prefetch).toHaveLength(1);
    expect(rules.prefetch[0]).toMatchObject({ source: 'document', eagerness: 'moderate' });
    // Each link's href through the rule's predicate, as the browser reads it (URL patterns against
    // the page's address): the pages are prefetched, the portals and other sites are not.
    const hrefs = [
      '/',
      '/about',
      '/blog/1',
      '/faq#x',
      '/admin',
      '/admin/login',
      '/admin/',
      '/investors',
      '/investors/',
      '/investors/login',
      'https://example.com/',
    ];
    const prefetched = await watched.page.evaluate(
      ({ where, candidates }) => {
        type Predicate = { and?: Predicate[]; or?: Predicate[]; not?: Predicate; href_matches?: string | string[] };
        const known = new Set(['and', 'or', 'not', 'href_matches']);
        const holds = (p: Predicate, url: string): boolean => {
          const unknown = Object.keys(p).filter((key) => !known.has(key));
          if (unknown.length) throw new Error(`Unknown predicate ${unknown.join(', ')}`);
          if (p.and) return p.and.every((q) => holds(q, url));
          if (p.or) return p.or.some((q) => holds(q, url));
          if (p.not) return !holds(p.not, url);
          const patterns = ([] as string[]).concat(p.href_matches ?? []);
          return patterns.some((pattern) => new URLPattern(pattern, document.baseURI).test(url));
        };
        return candidates.filter((href) => holds(where as Predicate, new URL(href, document.baseURI).href));
      },
      { where: rules.prefetch[0].where, candidates: hrefs },
    );
    expect(prefetched).toEqual(['/', '/about', '/blog/1', '/faq#x']);
  });

  it('cross-fades between pages with a view transition, except under prefers-reduced-motion', async () => {
    // Each page records whether it was revealed through a view transition.
    const recordReveal = `addEventListener('pagereveal', (event) => { window.gbRevealedWithTransition = event.viewTransition !== null; });`;
    const navigateByLink = async (reducedMotion: 'reduce' | 'no-preference') => {
      const watched = await fresh({ reducedMotion }, recordReveal);
      const { page } = watched;
      await visit(watched, '/');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
      await page.waitForURL((url) => url.pathname === '/about');
      await hydrated(page);
      expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      expect(watched.problems).toEqual([]);
      return page.evaluate(() => (window as unknown as { gbRevealedWithTransition?: boolean }).gbRevealedWithTransition);
    };
    expect(await navigateByLink('no-preference')).toBe(true);
    expect(await navigateByLink('reduce')).toBe(false);
  });

  it('leaves #hash deep links where the browser put them: an FAQ answer opens in view', async () => {
    const watched = await visitorTab();
    const { page } = watched;
    const entry = content.faq[20];
    await visit(watched, `/faq#${entry.id}`);
    const answer = page.locator(`details[id="${entry.id}"]`);
    await expect.poll(() => answer.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    await expect.poll(() => answer.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200);
    expect(watched.problems).toEqual([]);
  });
});

describe('images', () => {
  it('arrive with the page when they are the largest paint, else load lazily, and reserve their size', async () => {
    const watched = await visitorTab();
    const { page } = watched;
    const requested: string[] = [];
    page.on('request', (request) => request.resourceType() === 'image' && requested.push(new URL(request.url()).pathname));
    await visit(watched, '/');
    // The hero is drawn inline: it needs no request of its own.
    const hero = page.locator('main .hero svg.hero-image');
    expect(await hero.getAttribute('role')).toBe('img');
    expect(await hero.getAttribute('aria-label')).toMatch(/garlic/i);
    expect(requested.filter((path) => path.startsWith('/images/hero/'))).toEqual([]);
    const images = await page.locator('main img').evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({
        loading: img.loading,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        priority: img.fetchPriority,
      })),
    );
    expect(images.length).toBeGreaterThan(2);
    for (const image of images) expect(image).toMatchObject({ loading: 'lazy', priority: 'auto' });
    for (const image of images) expect(Number(image.width) * Number(image.height)).toBeGreaterThan(0);
    // Images not yet loaded (below the fold) are not mistaken for failed ones.
    expect(await page.getByText('Failed to load image').count()).toBe(0);
    await page.locator('.product-card img').last().scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        page
          .locator('.product-card img')
          .last()
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(watched.problems).toEqual([]);
  });

  it("show 'Failed to load image' when one fails, before or after hydration", async () => {
    const { page, ...rest } = await fresh(NO_SW);
    await page.route(/\/images\/products\/garlic-(powder|flakes)\.svg$/, (route) => route.abort());
    await visit({ page, ...rest }, '/');
    // The first card's image loads with the page and can fail before the runtime has started; the
    // third card's loads, and fails, once it is scrolled near.
    const powder = page.locator('.product-card').filter({ hasText: 'Garlic Powder' }).locator('.img-failed');
    await expect.poll(() => powder.innerText()).toBe('Failed to load image');
    // A decorative image's box (alt="") is hidden from assistive technology, as the image was.
    expect(await powder.getAttribute('aria-hidden')).toBe('true');
    expect(await powder.getAttribute('role')).toBeNull();
    const card = page.locator('.product-card').filter({ hasText: 'Garlic Flakes' });
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => card.getByText('Failed to load image').count()).toBe(1);
    // Its box keeps the image's size: no layout shift.
    const box = await card.locator('.img-failed').boundingBox();
    expect(box!.width / box!.height).toBeCloseTo(800 / 600, 1);
    expect(await page.locator('.product-card img').count()).toBe(3);

    // An image with a text alternative keeps it as its box's name.
    await page.route(/\/images\/products\/garlic-minced\.svg$/, (route) => route.abort());
    await visit({ page, ...rest }, '/products');
    const minced = page.locator('main .img-failed').first();
    await expect.poll(() => minced.innerText()).toBe('Failed to load image');
    expect(await minced.getAttribute('role')).toBe('img');
    expect(await minced.getAttribute('aria-label')).toMatch(/minced garlic/i);
  });
});

describe('tooltips on icon-only buttons', () => {
  const THEME = 'header button[aria-label^="Switch"]';
  /** Presses Tab (keyboard alone) until the element matching `selector` has focus. */
  async function tabTo(page: Page, selector: string) {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
    }
    throw new Error(`Tab never reached ${selector}`);
  }
  type Logged = { kind: 'open' | 'close' | 'enter' | 'timer'; id: string; at: number; after?: number };
  /**
   * Watches every tooltip: when it opened and closed, and when the pointer entered its button. At
   * each entry it also starts the baseline, timers of 350 and 700 ms of its own: on a busy machine
   * the page's timers run late by about as much as these, so the tooltip's delays are measured
   * against them rather than against the clock alone.
   */
  async function instrument(page: Page) {
    await page.evaluate(() => {
      const w = window as unknown as { log: Logged[] };
      w.log = [];
      for (const tip of document.querySelectorAll<HTMLElement>('[role="tooltip"]')) {
        new MutationObserver(() => w.log.push({ kind: tip.hidden ? 'close' : 'open', id: tip.id, at: performance.now() })).observe(tip, {
          attributes: true,
          attributeFilter: ['hidden'],
        });
        const button = document.querySelector(`[aria-describedby~="${CSS.escape(tip.id)}"]`)!;
        // Capture: logged (and the timers started) before the page's own listener can open the tooltip in the same event.
        button.addEventListener(
          'pointerenter',
          () => {
            w.log.push({ kind: 'enter', id: tip.id, at: performance.now() });
            for (const after of [350, 700]) setTimeout(() => w.log.push({ kind: 'timer', id: tip.id, after, at: performance.now() }), after);
          },
          { capture: true },
        );
      }
    });
  }
  const log = (page: Page) => page.evaluate(() => (window as unknown as { log: Logged[] }).log);
  const tipOf = async (page: Page, button: string) => (await page.locator(button).getAttribute('aria-describedby'))!;
  async function hover(page: Page, selector: string) {
    const box = (await page.locator(selector).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  }
  /**
   * The last opening of `id`'s tooltip, with the pointer's entry into its button before it and the
   * baseline timers started at that entry (waited for, so both have run).
   */
  async function opening(page: Page, id: string) {
    await expect.poll(async () => (await log(page)).filter((e) => e.id === id && e.kind === 'open').length).toBeGreaterThan(0);
    const opened = (await log(page)).filter((e) => e.id === id).findLast((e) => e.kind === 'open')!;
    const entered = (await log(page)).filter((e) => e.id === id).findLast((e) => e.kind === 'enter' && e.at <= opened.at)!;
    const timer = async (after: number) => {
      await expect.poll(async () => (await log(page)).some((e) => e.id === id && e.kind === 'timer' && e.after === after && e.at >= entered.at)).toBe(true);
      return (await log(page)).find((e) => e.id === id && e.kind === 'timer' && e.after === after && e.at >= entered.at)!.at;
    };
    return { opened: opened.at, entered: entered.at, t350: await timer(350), t700: await timer(700) };
  }
  /** Opened after the full delay: not before 700 ms, and within a quarter second of a 700 ms timer started with it. */
  function expectFullDelay({ opened, entered, t700 }: Awaited<ReturnType<typeof opening>>) {
    expect(opened - entered).toBeGreaterThanOrEqual(690);
    expect(opened - t700).toBeLessThan(250);
  }
  /** Opened at once: before a 350 ms timer started with it had run, so well before the 700 ms delay. */
  function expectAtOnce({ opened, t350 }: Awaited<ReturnType<typeof opening>>) {
    expect(opened).toBeLessThan(t350);
  }
  const isOpen = (page: Page, id: string) => page.locator(`[id="${id}"]`).isVisible();
  const clearLog = (page: Page) => page.evaluate(() => ((window as unknown as { log: unknown[] }).log.length = 0));

  it('open after 700 ms of hover; the next opens at once within the 300 ms skip delay', async () => {
    const watched = await visitorTab();
    const { page } = watched;
    await visit(watched, '/');
    await instrument(page);
    const theme = THEME;
    const themeTip = await tipOf(page, theme);
    const chatTip = await tipOf(page, '.chat-button');

    await hover(page, theme);
    expectFullDelay(await opening(page, themeTip));
    expect(await page.locator(`[id="${themeTip}"]`).innerText()).toMatch(/^Switch to (dark|light) theme$/);

    // Straight to the chat button: opens at once.
    await hover(page, '.chat-button');
    expectAtOnce(await opening(page, chatTip));
    expect(await isOpen(page, themeTip)).toBe(false);
    expect(await page.getByRole('tooltip', { name: 'Chat with us on WhatsApp' }).isVisible()).toBe(true);

    // Off the button (it closes after a 100 ms grace), then, as soon as it has closed, onto another
    // within the 300 ms skip delay: at once again. A busy machine can take longer than that to move
    // the pointer; an entry after the skip delay must then wait the full 700 ms, and is tried again.
    const themeBox = (await page.locator(theme).boundingBox())!;
    let skipped: Awaited<ReturnType<typeof opening>> | undefined;
    for (let attempt = 0; attempt < 5 && !skipped; attempt++) {
      const open = attempt === 0 ? chatTip : themeTip;
      await clearLog(page);
      await page.mouse.move(640, 450);
      await page.waitForFunction((id) => document.getElementById(id)!.hidden, open, { polling: 'raf' });
      await page.mouse.move(themeBox.x + themeBox.width / 2, themeBox.y + themeBox.height / 2);
      const next = await opening(page, themeTip);
      const closed = (await log(page)).find((e) => e.id === open && e.kind === 'close')!.at;
      expect(next.entered).toBeGreaterThan(closed); // the skip delay made it immediate, not a tooltip still open
      if (next.entered - closed < 300) skipped = next;
      else expectFullDelay(next);
    }
    expect(skipped, 'the pointer reached the next button within 300 ms of the last tooltip closing').toBeDefined();
    expectAtOnce(skipped!);

    // After the skip delay has run out (300 ms since the last tooltip closed, by the page's clock), the full 700 ms again.
    await page.mouse.move(640, 450);
    await expect.poll(() => isOpen(page, themeTip)).toBe(false);
    const lastClosed = (await log(page)).findLast((e) => e.id === themeTip && e.kind === 'close')!.at;
    await page.waitForFunction((since) => performance.now() - since > 350, lastClosed, { polling: 'raf' });
    await clearLog(page);
    await hover(page, theme);
    expectFullDelay(await opening(page, themeTip));
    expect(watched.problems).toEqual([]);
  });

  it('open at once on keyboard focus, describe their button, and close on Escape', async () => {
    const watched = await visitorTab();
    const { page } = watched;
    await visit(watched, '/');
    await tabTo(page, THEME);
    const button = page.locator(THEME);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    const tooltip = page.getByRole('tooltip');
    await expect.poll(() => tooltip.count()).toBe(1);
    const id = await tooltip.getAttribute('id');
    expect((await button.getAttribute('aria-describedby'))?.split(' ')).toContain(id);
    expect(await tooltip.innerText()).toBe(await button.getAttribute('aria-label'));
    // Placed just below its button, inside the viewport.
    const [b, t] = [(await button.boundingBox())!, (await tooltip.boundingBox())!];
    expect(t.y).toBeGreaterThan(b.y + b.height);
    expect(t.y - (b.y + b.height)).toBeLessThan(20);
    expect(t.x + t.width).toBeLessThanOrEqual(1280);
    await page.keyboard.press('Escape');
    await expect.poll(() => tooltip.count()).toBe(0);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(watched.problems).toEqual([]);
  });

  it('cover the mobile menu button and the chat button', async () => {
    const watched = await phoneVisitorTab();
    const { page } = watched;
    await visit(watched, '/');
    await tabTo(page, '.menu-button');
    await expect.poll(() => page.getByRole('tooltip', { name: 'Open menu' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);

    const chat = page.locator('.chat-button');
    const id = (await chat.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${id}"]`).getAttribute('role')).toBe('tooltip');
    await hover(page, '.chat-button');
    await expect.poll(() => page.getByRole('tooltip', { name: 'Chat with us on WhatsApp' }).isVisible()).toBe(true);
    // Above the floating button, inside the phone's viewport.
    const [b, t] = [(await chat.boundingBox())!, (await page.getByRole('tooltip').boundingBox())!];
    expect(t.y + t.height).toBeLessThanOrEqual(b.y);
    expect(t.x).toBeGreaterThanOrEqual(0);
    expect(t.x + t.width).toBeLessThanOrEqual(390);
    expect(watched.problems).toEqual([]);
  });
});

describe('service worker', () => {
  /** Waits until the worker has installed (precached what every page needs) and controls the page. */
  async function controlled(page: Page) {
    await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, { timeout: EVENT_WAIT_MS });
  }
  const h1 = (page: Page) => page.locator('h1').first().innerText();

  it('opens pages visited before while offline', async () => {
    const watched = await fresh({ serviceWorkers: 'allow' });
    const { page } = watched;
    await visit(watched, '/');
    await controlled(page);
    await visit(watched, '/about');
    const aboutHeading = await h1(page);
    await visit(watched, '/products');
    const productsHeading = await h1(page);

    await page.context().setOffline(true);
    // Really offline: a file that is not precached cannot be fetched.
    expect(
      await page.evaluate(() =>
        fetch('/sitemap.xml').then(
          () => 'online',
          () => 'offline',
        ),
      ),
    ).toBe('offline');
    await visit(watched, '/about');
    expect(await h1(page)).toBe(aboutHeading);
    // The header menus' code, never loaded by these pages, was precached: the menus open offline.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'More', exact: true }).click();
    await expect.poll(() => nav.getByRole('link', { name: 'Global Markets' }).isVisible()).toBe(true);
    await page.reload();
    await hydrated(page);
    expect(await h1(page)).toBe(aboutHeading);
    await visit(watched, '/products');
    expect(await h1(page)).toBe(productsHeading);
    // The same page with a trailing slash, and an unknown page (the not-found page).
    await visit(watched, '/about/');
    expect(await h1(page)).toBe(aboutHeading);
    await visit(watched, '/blog/999');
    expect(await h1(page)).toBe('Page not found');
    expect(watched.problems.filter((p) => !p.startsWith('HTTP'))).toEqual([]);
  });

  it('is one script that the Content-Security-Policy allows as it is', async () => {
    const response = await fetch(baseUrl() + '/sw.js');
    expect(response.status).toBe(200);
    const script = await response.text();
    // Pages are cached as they are visited, not precached (tests/browser/service-worker.test.ts).
    expect(script).toContain('"/404.html"');
    expect(script).not.toContain('about/index.html');
    expect(script).not.toMatch(/\beval\(|new Function\(|importScripts\(/);
    const csp = (await fetch(baseUrl() + '/')).headers.get('content-security-policy')!;
    // No worker-src or child-src: a worker from the site's origin is allowed through script-src 'self'.
    expect(csp).not.toMatch(/worker-src|child-src/);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'))!;
    // 'wasm-unsafe-eval' (the search's WebAssembly) compiles no JavaScript; 'unsafe-eval' would.
    expect(scriptSrc).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
  });

  it('ignores a failed registration', async () => {
    // Service workers allowed, so the page really registers one and the browser asks for sw.js.
    const watched = await fresh({ serviceWorkers: 'allow' });
    const { page } = watched;
    let answered = 0;
    await page.context().route('**/sw.js', async (route) => {
      await route.fulfill({ status: 503, body: 'unavailable' });
      answered++;
    });
    // Chromium reports the failed registration on the console once it has rejected register()'s promise.
    const failed = page.waitForEvent('console', { predicate: (message) => /register a ServiceWorker|fetching the script/i.test(message.text()) });
    await visit(watched, '/');
    await failed;
    expect(answered).toBeGreaterThan(0);
    // Past the task in which an unhandled rejection of that promise would be reported.
    await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    // Chromium itself logs the failed fetch of the worker script on the console; the site adds
    // nothing to it, and above all no uncaught error (an unhandled rejection of register()).
    expect(watched.problems.filter((p) => !(p.startsWith('error: ') && /\/sw\.js|fetching the script/i.test(p)))).toEqual([]);
    expect(await page.locator('h1').first().isVisible()).toBe(true);
  });
});

describe('web vitals', () => {
  /** Ends the page's measurement as leaving it would (the library reports on visibility change). */
  async function hide(page: Page) {
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
  }
  /** JS files the page loaded that hold the web-vitals library. */
  async function vitalsChunks(urls: string[]) {
    const bodies = await Promise.all(urls.map(async (url) => ((await (await fetch(url)).text()).includes('largest-contentful-paint') ? url : null)));
    return bodies.filter(Boolean);
  }

  it('reports LCP, CLS, INP, FCP and TTFB to a dataLayer when the page has one', async () => {
    const watched = await fresh(NO_SW, FAKE_DATA_LAYER);
    const { page } = watched;
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await visit(watched, '/');
    await expect.poll(() => pushed(page, 'web_vitals').then((e) => e.map((m) => m.metric_name))).toEqual(expect.arrayContaining(['FCP', 'TTFB']));
    await page.locator('.hero-tagline').click(); // an interaction: INP has something to measure
    // The browser records the interaction, then reports its timing after the next paint: two frames on.
    await page.waitForFunction(() => performance.getEntriesByType('first-input').length > 0);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await hide(page);
    await expect.poll(async () => new Set((await pushed(page, 'web_vitals')).map((m) => m.metric_name))).toEqual(new Set(['LCP', 'CLS', 'INP', 'FCP', 'TTFB']));
    for (const metric of await pushed(page, 'web_vitals')) {
      expect(metric).toMatchObject({
        metric_value: expect.any(Number),
        metric_id: expect.any(String),
        metric_rating: expect.stringMatching(/good|needs-improvement|poor/),
      });
    }
    expect(await vitalsChunks(scripts)).toHaveLength(1);
    expect(watched.problems).toEqual([]);
  });

  it('does not even load the library without an analytics tag', async () => {
    const watched = await fresh(NO_SW);
    const { page } = watched;
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await visit(watched, '/');
    // The library would be asked for in a task after the load event: past that task, then until
    // the network has been idle.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    await page.waitForLoadState('networkidle');
    await hide(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(await vitalsChunks(scripts)).toEqual([]);
    expect(await page.evaluate(() => [typeof window.gtag, typeof window.dataLayer])).toEqual(['undefined', 'undefined']);
  });
});
