/**
 * The public header, footer, theme, chat button and skip link on the built site, as a visitor
 * uses them with a mouse and with the keyboard alone: sticky header,
 * scroll progress and compacting, the Products and More dropdowns, the theme toggle (no flash,
 * persisted, following the OS while on 'system'), the admin and investor buttons, the full-screen
 * mobile menu (the menus' panels built on first use), the footer's contact channels and
 * analytics hook, the chat button and the skip link.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { KEYS } from '../../src/browser/storage/storage';
import { baseUrl, hydrated, openPage, reusedTab, useBrowser, visit, type WatchedPage } from './support/browser';
import { content, expected } from './support/site';
import { EVENT_WAIT_MS } from './support/waits';

const { site } = content;
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 800 } };

const browser = useBrowser();

/** A reused tab per set of options, a new visitor's each time (see reusedTab). */
const tabs = new Map<string, () => Promise<WatchedPage>>();

/**
 * A new visitor's page at `path`, hydrated: in the reused tab for these options, or, with an init
 * script (stored state to start from, an analytics stub), in a browser profile of its own.
 */
async function open(path: string, options: BrowserContextOptions = {}, init?: () => void): Promise<WatchedPage> {
  let watched: WatchedPage;
  if (init) {
    watched = await openPage(browser(), options);
    await watched.page.addInitScript(init);
  } else {
    const key = JSON.stringify(options);
    const tab = tabs.get(key) ?? reusedTab(browser, options);
    tabs.set(key, tab);
    watched = await tab();
  }
  await visit(watched, path);
  return watched;
}

/** What has keyboard focus: its accessible-ish name, tag, href and the dialog or panel it sits in. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      href: el?.getAttribute('href') ?? null,
      inDialog: Boolean(el?.closest('dialog, [role="dialog"]')),
      id: el?.id ?? '',
    };
  });
}

/** Presses Tab (keyboard alone) until the element named `name` has focus. */
async function tabTo(page: Page, name: string, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)).name === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}

/** Waits two animation frames, long enough for the header's scroll handler to run. */
const frames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * Turns the mouse wheel by 800 px over the page and returns window.scrollY once the page has
 * received the wheel event and drawn two frames since: a scroll the wheel starts has begun by then.
 */
async function scrollAfterWheel(page: Page): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { wheelSeen?: Promise<void> };
    w.wheelSeen = new Promise((resolve) =>
      addEventListener('wheel', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true, capture: true, passive: true }),
    );
  });
  await page.mouse.wheel(0, 800);
  return page.evaluate(async () => {
    await (window as unknown as { wheelSeen: Promise<void> }).wheelSeen;
    return window.scrollY;
  });
}

const scrollTo = async (page: Page, top: number) => {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
  await frames(page);
};

const links = (scope: ReturnType<Page['locator']>) =>
  scope.getByRole('link').evaluateAll((els) => els.map((el) => [el.textContent?.trim(), el.getAttribute('href')]));

const panelOf = async (page: Page, button: ReturnType<Page['locator']>) => page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);

/**
 * A menu's panels are built the first time a visitor reaches for one (their code loads then), so
 * the first opening can take a moment: wait for it as a visitor would.
 */
const opened = (button: ReturnType<Page['locator']>) => expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');

describe('public header on a wide screen', () => {
  it('is sticky and lists the primary links in order', async () => {
    const { page, problems } = await open('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    expect(await links(main)).toEqual(expected.primaryLinks);
    expect(await page.locator('header.site-header').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    await scrollTo(page, 1500);
    expect((await page.locator('header.site-header').boundingBox())?.y).toBe(0);
    expect(problems).toEqual([]);
  });

  it('shows scroll progress from 0 to 100 %, clamped, at the top, middle and bottom', async () => {
    const { page } = await open('/');
    const bar = page.locator('.scroll-progress');
    const scale = async () => Number((await bar.evaluate((el) => el.style.transform)).match(/^scaleX\(([\d.]+)\)$/)?.[1]);
    expect(await bar.evaluate((el) => el.style.transform)).toBe('scaleX(0)');
    expect((await bar.boundingBox())?.width).toBe(0);

    // Compact first: the header's height is part of the page height the middle is measured on.
    await scrollTo(page, 100);
    const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(max).toBeGreaterThan(1000);
    await scrollTo(page, Math.round(max / 2));
    await expect.poll(scale).toBeCloseTo(0.5, 2);
    expect((await bar.boundingBox())?.width).toBeCloseTo(640, -1);

    // The footer is laid out only as it nears the viewport (content-visibility), at its own height,
    // which differs from the height reserved for it when the menus hold more or fewer links: the
    // bottom is where the page ends once it has been laid out.
    await scrollTo(page, max);
    await scrollTo(page, await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight));
    await expect.poll(() => bar.evaluate((el) => el.style.transform)).toBe('scaleX(1)');
    await scrollTo(page, max + 5000);
    expect(await bar.evaluate((el) => el.style.transform)).toBe('scaleX(1)');
    expect((await bar.boundingBox())?.width).toBe(1280);

    await scrollTo(page, 0);
    await expect.poll(() => bar.evaluate((el) => el.style.transform)).toBe('scaleX(0)');
  });

  it('compacts after more than 6 px of scroll: not at 6 px, at 7 px, without moving the page', async () => {
    const { page } = await open('/');
    const header = page.locator('header.site-header');
    const fullHeight = (await header.boundingBox())!.height;
    // Where <main> starts in the document: compacting must not shift it (no CLS, no scroll jump).
    const mainTop = () => page.evaluate(() => document.getElementById('main')!.getBoundingClientRect().top + window.scrollY);
    const before = await mainTop();

    await scrollTo(page, 6);
    expect(await page.evaluate(() => window.scrollY)).toBe(6);
    await frames(page);
    expect(await header.getAttribute('data-compact')).toBeNull();

    await scrollTo(page, 7);
    await expect.poll(() => header.getAttribute('data-compact')).toBe('true');
    await expect.poll(async () => (await header.boundingBox())!.height).toBeLessThan(fullHeight);
    // Past the transition: the header has no animation left running.
    await page.waitForFunction(() => document.querySelector('header.site-header')!.getAnimations({ subtree: true }).length === 0);
    await frames(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(7);
    expect(await header.getAttribute('data-compact')).toBe('true');
    expect(await mainTop()).toBeCloseTo(before, 0);

    await scrollTo(page, 0);
    await expect.poll(() => header.getAttribute('data-compact')).toBeNull();
  });

  it('Products dropdown: 360 px wide with the products menu links, closes on an outside click', async () => {
    const { page, problems } = await open('/');
    const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Products menu' });
    const panel = await panelOf(page, button);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isHidden()).toBe(true);

    await button.click();
    await opened(button);
    expect(await panel.isVisible()).toBe(true);
    expect((await panel.boundingBox())?.width).toBe(360);
    expect(await links(panel)).toEqual(expected.productLinks);

    // The page margin, beside the open panel.
    await page.mouse.click(10, 650);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isHidden()).toBe(true);

    // Opening the other menu is an outside click for this one: one panel at a time.
    await button.click();
    await page.getByRole('button', { name: 'More', exact: true }).click();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('button', { name: 'More', exact: true }).getAttribute('aria-expanded')).toBe('true');
    expect(problems).toEqual([]);
  });

  it('More menu: 560 px wide with the Company and Resources groups', async () => {
    const { page } = await open('/');
    const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'More', exact: true });
    const panel = await panelOf(page, button);
    await button.click();
    await opened(button);
    expect((await panel.boundingBox())?.width).toBe(560);
    expect(await links(panel.getByRole('list', { name: 'Company' }))).toEqual(expected.companyLinks);
    const resources = await links(panel.getByRole('list', { name: 'Resources' }));
    expect(resources.map(([, href]) => href)).toEqual(expected.resourceHrefs);
    await page.mouse.click(10, 650);
    expect(await panel.isHidden()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
  });

  it('Products dropdown by keyboard alone: Enter and Space open, Tab walks the links, Escape closes and returns focus', async () => {
    const { page } = await open('/');
    const button = page.getByRole('button', { name: 'Products menu' });
    await tabTo(page, 'Products menu');
    await page.keyboard.press('Enter');
    await opened(button);
    const walked: (string | null)[] = [];
    for (let i = 0; i < expected.productLinks.length; i++) {
      await page.keyboard.press('Tab');
      walked.push((await focused(page)).href);
    }
    expect(walked).toEqual(expected.productLinks.map(([, href]) => href));

    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect((await focused(page)).name).toBe('Products menu');

    await page.keyboard.press('Space');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect((await focused(page)).href).toBe(expected.productLinks[1][1]);
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect((await focused(page)).name).toBe('Products menu');
  });

  it('More menu by keyboard alone: Space opens, Tab walks all its links, leaving it closes it, Escape returns focus', async () => {
    const { page } = await open('/');
    const button = page.getByRole('button', { name: 'More', exact: true });
    await tabTo(page, 'More');
    await page.keyboard.press('Space');
    await opened(button);
    const walked: (string | null)[] = [];
    for (let i = 0; i < expected.moreHrefs.length; i++) {
      await page.keyboard.press('Tab');
      walked.push((await focused(page)).href);
    }
    expect(walked).toEqual(expected.moreHrefs);
    // Tabbing past the last link leaves the menu, which closes behind the visitor: on to the search link.
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Search');
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).name).toBe('More');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect((await focused(page)).name).toBe('More');
  });

  it('dropdowns close on route change: a link chosen by keyboard lands on the main content, and Back shows them closed', async () => {
    const { page, problems } = await open('/');
    const more = page.getByRole('button', { name: 'More', exact: true });
    await tabTo(page, 'More');
    await page.keyboard.press('Enter');
    await opened(more);
    await tabTo(page, 'FAQ', 12);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/faq');
    await hydrated(page);
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
    expect(await (await panelOf(page, more)).isHidden()).toBe(true);
    // A keyboard user who chose a page from a menu starts on its content, not back in the header.
    await expect.poll(async () => (await focused(page)).id).toBe('main');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement))).toBe(true);

    const products = page.getByRole('button', { name: 'Products menu' });
    await products.click();
    await opened(products);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => products.getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
  });

  it("has an 'Investor Portal' button and 'Admin Login' when signed out", async () => {
    const { page } = await open('/about');
    const actions = page.locator('.header-actions');
    expect(await actions.getByRole('link', { name: 'Investor Portal' }).getAttribute('href')).toBe('/investors');
    expect(await actions.getByRole('link', { name: 'Admin Login' }).getAttribute('href')).toBe('/admin/login');
    expect(await actions.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);
    await actions.getByRole('link', { name: 'Admin Login' }).click();
    await page.waitForURL('**/admin/login');
    await expect.poll(() => page.getByText('Admin Portal').count()).toBe(1);
  });

  it("shows 'Admin Dashboard' (to /admin) when signed in", async () => {
    const key = KEYS.adminAuth;
    const { page, problems } = await open('/about', {}, new Function(`localStorage.setItem(${JSON.stringify(key)}, 'true')`) as () => void);
    const actions = page.locator('.header-actions');
    await expect.poll(() => actions.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(1);
    expect(await actions.getByRole('link', { name: 'Admin Dashboard' }).getAttribute('href')).toBe('/admin');
    expect(await actions.getByRole('link', { name: 'Admin Login' }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe('theme', () => {
  const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
  const bodyColour = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  it('toggles between light and dark, by mouse and keyboard, and persists the choice', async () => {
    const { page, problems } = await open('/', { colorScheme: 'light' });
    expect(await themeOf(page)).toBe('light');
    const lightBody = await bodyColour(page);
    const toggle = page.getByRole('button', { name: 'Switch to dark theme' });
    await toggle.click();
    expect(await themeOf(page)).toBe('dark');
    expect(await bodyColour(page)).not.toBe(lightBody);
    expect(await page.evaluate((key) => localStorage.getItem(key), KEYS.theme)).toBe('dark');
    expect(await page.getByRole('button', { name: 'Switch to light theme' }).count()).toBe(1);

    await visit({ page, problems }, '/about');
    expect(await themeOf(page)).toBe('dark');
    await expect.poll(() => page.getByRole('button', { name: 'Switch to light theme' }).count()).toBe(1);

    await tabTo(page, 'Switch to light theme');
    await page.keyboard.press('Enter');
    expect(await themeOf(page)).toBe('light');
    expect(await page.evaluate((key) => localStorage.getItem(key), KEYS.theme)).toBe('light');
    await page.keyboard.press('Space');
    expect(await themeOf(page)).toBe('dark');
    expect(problems).toEqual([]);
  });

  /** Records the theme when <body> first exists, at the first animation frame and at DOMContentLoaded. */
  const probe = (stored: string) =>
    new Function(`
      if (location.protocol !== 'http:') return;
      localStorage.setItem(${JSON.stringify(KEYS.theme)}, ${JSON.stringify(stored)});
      const seen = (window.themeProbe = {});
      // <html> may not exist yet when this runs: read it when needed.
      const theme = () => document.documentElement.dataset.theme;
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        seen.atBody = theme();
        seen.hydratedAtBody = document.documentElement.dataset.hydrated ?? null;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
      requestAnimationFrame(() => {
        seen.firstFrame = theme();
        seen.firstFrameBody = document.body ? getComputedStyle(document.body).backgroundColor : null;
      });
      document.addEventListener('DOMContentLoaded', () => {
        seen.atDomContentLoaded = theme();
      });
    `) as () => void;

  it.each([
    { stored: 'dark', os: 'light' as const },
    { stored: 'light', os: 'dark' as const },
  ])('applies a stored $stored theme before first paint (OS prefers $os): no flash', async ({ stored, os }) => {
    const { page, problems } = await open('/', { colorScheme: os }, probe(stored));
    const seen = await page.evaluate(() => (window as unknown as { themeProbe: Record<string, string | null> }).themeProbe);
    expect(seen.atBody).toBe(stored);
    expect(seen.hydratedAtBody).toBeNull();
    expect(seen.firstFrame).toBe(stored);
    expect(seen.atDomContentLoaded).toBe(stored);
    // The first frame already has the settled background: nothing repaints after hydration.
    expect(seen.firstFrameBody).toBe(await bodyColour(page));
    expect(await themeOf(page)).toBe(stored);
    expect(problems).toEqual([]);
  });

  it("follows prefers-color-scheme while the choice is 'system', and stops once the visitor picks", async () => {
    const { page } = await open('/', { colorScheme: 'light' });
    expect(await themeOf(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => themeOf(page)).toBe('dark');
    await expect.poll(() => page.getByRole('button', { name: 'Switch to light theme' }).count()).toBe(1);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => themeOf(page)).toBe('light');

    // A dark OS on first visit gives the dark theme from the first byte.
    await page.emulateMedia({ colorScheme: 'dark' });
    await visit({ page, problems: [] }, '/contact');
    expect(await themeOf(page)).toBe('dark');

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await themeOf(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await frames(page);
    expect(await themeOf(page)).toBe('light');
  });
});

describe('mobile menu (below 1280 px)', () => {
  const menuButton = (page: Page) => page.getByRole('button', { name: 'Open menu' });
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Site menu' });
  const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

  it('replaces the desktop navigation below 1280 px', async () => {
    const { page } = await open('/', { viewport: { width: 1279, height: 800 } });
    expect(await menuButton(page).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.locator('.header-actions').getByRole('link', { name: 'Investor Portal' }).isVisible()).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => menuButton(page).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
  });

  it('opens full screen, locks page scroll, and takes focus', async () => {
    const { page, problems } = await open('/', PHONE);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    await menuButton(page).click();
    await opened(menuButton(page));
    // A modal dialog: the page behind it is inert to pointer, keyboard and assistive technology.
    expect(await dialog(page).evaluate((el) => el.matches(':modal'))).toBe(true);
    expect(await dialog(page).boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 800 });
    expect(await bodyOverflow(page)).toBe('hidden');
    expect((await focused(page)).inDialog).toBe(true);

    await page.mouse.move(200, 700);
    expect(await scrollAfterWheel(page)).toBe(0);

    await dialog(page).getByRole('button', { name: 'Close menu' }).click();
    expect(await dialog(page).isHidden()).toBe(true);
    expect(await bodyOverflow(page)).not.toBe('hidden');
    expect((await focused(page)).name).toBe('Open menu');
    // The same wheel with the menu closed scrolls the page by the time it is measured.
    expect(await scrollAfterWheel(page)).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('by keyboard alone: Enter opens, Tab and Shift+Tab stay inside and wrap, Escape closes and returns focus', async () => {
    const { page } = await open('/', PHONE);
    await tabTo(page, 'Open menu');
    await page.keyboard.press('Enter');
    await opened(menuButton(page));
    expect(await dialog(page).isVisible()).toBe(true);
    const first = await focused(page);
    expect(first).toMatchObject({ name: 'Close menu', inDialog: true });

    // Shift+Tab from the first item wraps to the last (the last language's link); Tab from there wraps to the first.
    const lastLanguage = content.site.languages.at(-1);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toMatchObject({ name: lastLanguage?.name, href: `/${lastLanguage?.code}`, inDialog: true });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ name: 'Close menu', inDialog: true });

    // A full lap of Tab never leaves the menu and comes back to the start.
    const lap: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      expect(now.inDialog).toBe(true);
      if (now.name === 'Close menu') break;
      lap.push(now.name);
    }
    expect(lap).toEqual(expected.mobileLap);

    await page.keyboard.press('Escape');
    expect(await dialog(page).isHidden()).toBe(true);
    // The dialog's close event, which resets the button, comes in a task of its own.
    await expect.poll(() => menuButton(page).getAttribute('aria-expanded')).toBe('false');
    expect((await focused(page)).name).toBe('Open menu');
    expect(await bodyOverflow(page)).not.toBe('hidden');
  });

  it("has a collapsible 'More' list with the Company and Resources links", async () => {
    const { page } = await open('/', PHONE);
    await menuButton(page).click();
    const more = dialog(page).getByRole('button', { name: 'More' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await dialog(page).getByRole('link', { name: expected.companyLinks[0][0] }).isVisible()).toBe(false);

    await more.focus();
    await page.keyboard.press('Enter');
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(await links(dialog(page).getByRole('list', { name: 'Company' }))).toEqual(expected.companyLinks);
    expect((await links(dialog(page).getByRole('list', { name: 'Resources' }))).map(([, href]) => href)).toEqual(expected.resourceHrefs);
    // Opened, its links join the Tab cycle.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ name: expected.companyLinks[0][0], inDialog: true });

    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await dialog(page).getByRole('link', { name: expected.companyLinks[0][0] }).isVisible()).toBe(false);
  });

  it("closes on route change and shows 'Investor Portal', 'Login' / 'Admin'", async () => {
    const { page, problems } = await open('/', PHONE);
    await menuButton(page).click();
    expect(await dialog(page).getByRole('link', { name: 'Investor Portal' }).getAttribute('href')).toBe('/investors');
    expect(await dialog(page).getByRole('link', { name: 'Login', exact: true }).getAttribute('href')).toBe('/admin/login');
    await dialog(page).getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL('**/about');
    await expect.poll(() => dialog(page).isHidden()).toBe(true);
    expect(await bodyOverflow(page)).not.toBe('hidden');
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    // Back restores the previous page with its menu closed, too.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => dialog(page).isHidden()).toBe(true);
    expect(await bodyOverflow(page)).not.toBe('hidden');
    expect(problems).toEqual([]);

    const signedIn = await open('/', PHONE, new Function(`localStorage.setItem(${JSON.stringify(KEYS.adminAuth)}, 'true')`) as () => void);
    await menuButton(signedIn.page).click();
    await expect.poll(() => dialog(signedIn.page).getByRole('link', { name: 'Admin', exact: true }).getAttribute('href')).toBe('/admin');
    expect(await dialog(signedIn.page).getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
  });

  it('closes when the window widens to the desktop layout', async () => {
    const { page } = await open('/', PHONE);
    await menuButton(page).click();
    await opened(menuButton(page));
    expect(await bodyOverflow(page)).toBe('hidden');
    await page.setViewportSize({ width: 1366, height: 800 });
    // The desktop stylesheet hides the panel at once; the script closes the dialog when the media
    // query changes, and gives the page its scroll and the button its state back.
    await expect.poll(() => dialog(page).isHidden()).toBe(true);
    // (The button is hidden at this width, so it is found by its attribute, not its role.)
    await expect.poll(() => page.locator('button[data-menu-open]').getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => bodyOverflow(page)).not.toBe('hidden');
    expect(await page.evaluate(() => document.querySelector<HTMLDialogElement>('dialog.mobile-panel')?.open)).toBe(false);
  });
});

describe('header menus, built on first use', () => {
  const MENU_CODE = /\/assets\/menu-panels-[\w-]+\.js$/;
  const menuButton = (page: Page) => page.getByRole('button', { name: 'Open menu' });
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Site menu' });

  it("are not in the page's HTML; their code loads once a visitor reaches for a menu, not before", async () => {
    const html = await (await fetch(baseUrl() + '/about')).text();
    expect(html).toMatch(/data-menu-panel="products"/);
    expect(html).not.toMatch(/dropdown-link|mobile-list/);
    const watched = await openPage(browser());
    const { page } = watched;
    const loaded: string[] = [];
    page.on('request', (request) => MENU_CODE.test(request.url()) && loaded.push(request.url()));
    await visit(watched, '/about');
    await page.waitForLoadState('networkidle');
    expect(loaded).toEqual([]);
    expect(await page.locator('[data-menu-panel]').evaluateAll((panels) => panels.map((panel) => panel.childElementCount))).toEqual([0, 0, 0]);
    // The pointer over the header is enough: by the time the click lands the panels are there.
    await page.getByRole('link', { name: 'Contact', exact: true }).first().hover();
    await expect.poll(() => loaded.length).toBe(1);
    await expect.poll(() => page.locator('[data-menu-panel="more"] a').count()).toBe(expected.moreHrefs.length);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'More', exact: true }).click();
    expect(await nav.getByRole('link', { name: expected.companyLinks[0][0] }).isVisible()).toBe(true);
    expect(loaded).toHaveLength(1);
    expect(watched.problems).toEqual([]);
    await page.context().close();
  });

  it('a tap that comes before their code has arrived opens the menu when it does', async () => {
    const watched = await openPage(browser(), PHONE);
    const { page } = watched;
    // The menus' code is held back until the tap has been made.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    await page.route(MENU_CODE, async (route) => {
      requested = true;
      await held;
      await route.continue();
    });
    await visit(watched, '/blog/1');
    await menuButton(page).click();
    await expect.poll(() => requested).toBe(true);
    expect(await dialog(page).isVisible()).toBe(false);
    release();
    await expect.poll(() => dialog(page).isVisible(), { timeout: EVENT_WAIT_MS }).toBe(true);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
    expect((await focused(page)).inDialog).toBe(true);
    // The current page is marked in the menu built for it.
    await dialog(page).getByRole('button', { name: 'More' }).click();
    expect(await dialog(page).getByRole('link', { name: 'Blog' }).getAttribute('aria-current')).toBe('page');
    expect(watched.problems).toEqual([]);
    await page.context().close();
  });

  it("when their code cannot be loaded, the menu takes the visitor to the footer's links, every time, and the next page tries again", async () => {
    const watched = await openPage(browser(), PHONE);
    const { page } = watched;
    await page.route(MENU_CODE, (route) => route.abort('internetdisconnected'));
    await visit(watched, '/about');
    await menuButton(page).click();
    const quickLinks = page.getByRole('navigation', { name: 'Quick links' });
    await expect.poll(() => quickLinks.evaluate((nav) => nav === document.activeElement)).toBe(true);
    expect(await quickLinks.evaluate((nav) => nav.getBoundingClientRect().top)).toBeLessThan(800);
    expect(await dialog(page).count()).toBe(0);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');

    // A second tap on this page does the same; on the next page, with the network back, the menu opens.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await menuButton(page).click();
    await expect.poll(() => quickLinks.evaluate((nav) => nav.getBoundingClientRect().top < 800)).toBe(true);
    expect(await dialog(page).count()).toBe(0);
    await page.unroute(MENU_CODE);
    await visit(watched, '/contact');
    await menuButton(page).click();
    await expect.poll(() => dialog(page).isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('footer', () => {
  const footer = (page: Page) => page.getByRole('contentinfo');

  it('has the brand block, quick links, products, contact channels, copyright and legal links', async () => {
    const { page } = await open('/about');
    const foot = footer(page);
    expect(await foot.getByRole('link', { name: site.name, exact: true }).getAttribute('href')).toBe('/');
    expect(await foot.textContent()).toContain(site.description.trim().slice(0, 60));

    const quick = (await links(foot.getByRole('navigation', { name: 'Quick links' }))).map(([, href]) => href);
    expect(quick).toEqual(expected.footerQuickHrefs);
    expect(await links(foot.getByRole('navigation', { name: 'Products' }))).toEqual(expected.footerProductLinks);

    expect(await foot.locator('a[href^="mailto:"]').getAttribute('href')).toBe(`mailto:${site.contact.email}`);
    const tel = await foot.locator('a[href^="tel:"]').getAttribute('href');
    expect(tel).toMatch(/^tel:\+91\d{10}$/);

    const whatsapp = foot.getByRole('link', { name: /^WhatsApp/ });
    const waHref = new URL((await whatsapp.getAttribute('href'))!);
    expect(waHref.origin).toBe('https://wa.me');
    expect(waHref.pathname).toMatch(/^\/91\d+$/);
    expect(waHref.searchParams.get('text')).toBe(site.contact.whatsappMessage);
    expect(await whatsapp.getAttribute('target')).toBe('_blank');
    expect(await whatsapp.getAttribute('rel')).toContain('noopener');

    for (const [name, host] of [
      ['LinkedIn', 'www.linkedin.com'],
      ['Instagram', 'www.instagram.com'],
    ]) {
      const link = foot.getByRole('link', { name: new RegExp(`^${name}`) });
      expect(new URL((await link.getAttribute('href'))!).host).toBe(host);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
    }

    expect(await foot.textContent()).toContain(site.copyright);
    expect(await foot.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(await foot.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
  });

  /** Keeps new tabs from opening while still letting the page's own click handlers run. */
  function stayOnPage(extra = '') {
    return new Function(`
      ${extra}
      window.addEventListener('click', (event) => {
        if (event.target instanceof Element && event.target.closest('a[target="_blank"]')) event.preventDefault();
      }, true);
    `) as () => void;
  }

  async function clickChannels(page: Page) {
    const foot = footer(page);
    await foot.getByRole('link', { name: /^LinkedIn/ }).click();
    await foot.getByRole('link', { name: /^Instagram/ }).click();
    // By keyboard too: Enter on a focused link is a click.
    await foot.getByRole('link', { name: /^WhatsApp/ }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.chat-button').click();
  }

  it('reports social and WhatsApp clicks to a dataLayer when the page has one', async () => {
    const { page, problems } = await open('/about', {}, stayOnPage('window.dataLayer = [];'));
    await clickChannels(page);
    const events = await page.evaluate(() =>
      (window as unknown as { dataLayer: { event: string }[] }).dataLayer.filter((e) => /^(social|whatsapp)_click$/.test(e.event)),
    );
    expect(events).toEqual([
      { event: 'social_click', network: 'linkedin' },
      { event: 'social_click', network: 'instagram' },
      { event: 'whatsapp_click', location: 'footer' },
      { event: 'whatsapp_click', location: 'chat_button' },
    ]);
    expect(problems).toEqual([]);
  });

  it('reports them to gtag when the page has it', async () => {
    const { page } = await open('/about', {}, stayOnPage('window.gtagCalls = []; window.gtag = (...args) => window.gtagCalls.push(args);'));
    await clickChannels(page);
    const calls = await page.evaluate(() =>
      (window as unknown as { gtagCalls: unknown[][] }).gtagCalls.filter((c) => /^(social|whatsapp)_click$/.test(String(c[1]))),
    );
    expect(calls).toEqual([
      ['event', 'social_click', { network: 'linkedin' }],
      ['event', 'social_click', { network: 'instagram' }],
      ['event', 'whatsapp_click', { location: 'footer' }],
      ['event', 'whatsapp_click', { location: 'chat_button' }],
    ]);
  });

  it('without an analytics hook, the clicks throw nothing and create nothing', async () => {
    const { page, problems } = await open('/about', {}, stayOnPage());
    await clickChannels(page);
    expect(await page.evaluate(() => ({ dataLayer: 'dataLayer' in window, gtag: 'gtag' in window }))).toEqual({ dataLayer: false, gtag: false });
    expect(problems).toEqual([]);
  });
});

describe('floating chat button', () => {
  it('opens WhatsApp with the prefilled greeting in a new tab, without an opener', async () => {
    const { page, problems } = await open('/contact');
    await page.context().route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }));
    const chat = page.getByRole('link', { name: /^Chat with us on WhatsApp/ });
    expect(await chat.getAttribute('target')).toBe('_blank');
    expect(await chat.getAttribute('rel')).toContain('noopener');
    const href = new URL((await chat.getAttribute('href'))!);
    expect(href.origin).toBe('https://wa.me');
    expect(href.pathname).toMatch(/^\/91\d+$/);
    expect(href.searchParams.get('text')).toBe(site.contact.chatGreeting);
    expect(await chat.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');

    await chat.focus();
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).searchParams.get('text')).toBe(site.contact.chatGreeting);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(page.url()).toMatch(/\/contact$/);
    expect(problems).toEqual([]);
  });

  it('is on public pages only, not under /admin', async () => {
    const watched = await openPage(browser());
    for (const [path, count] of [
      ['/', 1],
      ['/blog', 1],
      ['/admin/login', 0],
      ['/admin', 0],
    ] as const) {
      await visit(watched, path);
      expect(await watched.page.getByRole('link', { name: /^Chat with us on WhatsApp/ }).count(), path).toBe(count);
    }
  });
});

describe('skip link', () => {
  it.each([
    ['/', {}],
    ['/contact', PHONE],
  ] as const)('is the first Tab stop on %s and moves focus to the main content', async (path, options) => {
    const { page, problems } = await open(path, options);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', name: 'Skip to content', href: '#main' });
    const box = await page.getByRole('link', { name: 'Skip to content' }).boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);

    await page.keyboard.press('Enter');
    expect((await focused(page)).id).toBe('main');
    expect(new URL(page.url()).hash).toBe('');
    // The next Tab continues inside the page content, past the whole header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement))).toBe(true);
    expect(problems).toEqual([]);
  });

  it('works without JavaScript too', async () => {
    const { page } = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto(`${baseUrl()}/about`);
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Skip to content');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement))).toBe(true);
  });
});
