/**
 * A browser draws a long page while its HTML is still arriving (a phone on a slow network), so
 * what has arrived must already stand where it stands on the whole page: otherwise the page moves
 * under the reader as the rest comes in, a layout shift that no image causes and no delayed image
 * reveals. Every public page with a figure is drawn whole, then from its HTML cut just after its
 * first figure, without scripts (the layout's own doing), at a desktop's width, where figures share
 * a row: the heading, the text and the figure keep their boxes.
 */
import { beforeAll, expect, it } from 'vitest';
import { baseUrl, keepOpen, openPage, useBrowser, type WatchedPage } from './support/browser';
import { allRoutes } from './support/site';

const browser = useBrowser();
let watched: WatchedPage;
beforeAll(async () => {
  watched = keepOpen(await openPage(browser(), { viewport: { width: 1280, height: 800 }, javaScriptEnabled: false }));
});

const PUBLIC = allRoutes.map((route) => route.path).filter((path) => !/^\/(admin|investors)(\/|$)/.test(path));
const pages = await Promise.all(PUBLIC.map(async (path) => ({ path, html: await (await fetch(baseUrl() + path)).text() })));
const withFigure = pages.filter(({ html }) => html.includes('</figure>'));

/** The boxes of the page body's headings, paragraphs and figures, in document order, as `tag x,y wxh`. */
async function boxes(): Promise<string[]> {
  return watched.page.evaluate(() =>
    [...document.querySelectorAll('main :is(h1, h2, h3, p, figure):not(figure *)')].map((element) => {
      const r = element.getBoundingClientRect();
      return `${element.tagName.toLowerCase()} ${Math.round(r.x)},${Math.round(r.y + scrollY)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    }),
  );
}

it('finds the pages with figures', () => {
  expect(withFigure.map(({ path }) => path)).toEqual(expect.arrayContaining(['/gallery', '/de/gallery', '/ar/gallery', '/products']));
});

it.each(withFigure)('$path lays out the part before its second figure as the whole page does', async ({ path, html }) => {
  const { page } = watched;
  const cut = html.slice(0, html.indexOf('</figure>') + '</figure>'.length);
  await page.goto(baseUrl() + path);
  const whole = await boxes();
  // The part, written into the same address's document, so its images and links resolve as on
  // the site. Not a route that answers the page's request with it: a navigation answered that way
  // now and then never committed in a full run (in three of four runs, 180 s each), which is
  // Playwright's interception, not the page.
  await page.setContent(cut);
  const partial = await boxes();
  expect(partial.length).toBeGreaterThan(0);
  expect(partial).toEqual(whole.slice(0, partial.length));
});
