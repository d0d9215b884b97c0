/**
 * The order a page inlines the feature sheets in decides nothing: each sheet keeps its rules in a
 * cascade layer whose order the base sheet declares (src/ui/styles/base/site.css), and the sheets
 * of one layer never compete for the same property of an element. Each page is served as built,
 * except that its inlined stylesheet is made again from the build's sheets, once in the feature
 * list's order and once the other way round; every element's computed style (and its ::before's
 * and ::after's) must be the same. The pages are those that inline the most sheets: the home page
 * (cards, components, home), the blog (cards and its own, a featured post), a form, a product's
 * spec sheet, the FAQ, an Arabic page (its language's sheets) and the signed-in admin (tables,
 * fields, the dashboard's).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLIENT_MANIFEST, DIST_DIR } from '../../src/build/pipeline/build-paths';
import { readClientManifest } from '../../src/build/pipeline/client-manifest';
import { assetReader, pageSheets } from '../../src/build/pipeline/finish-page';
import { sheetsForPage, type Sheet } from '../../src/build/pipeline/page-styles';
import { baseUrl, openPage, useBrowser } from './support/browser';
import { dashboardLists, signInAdmin } from './support/portal';

const manifest = readClientManifest(CLIENT_MANIFEST);
const read = assetReader(DIST_DIR);
const { features } = pageSheets(manifest, read);
const baseHref = manifest['index.html']?.css?.[0];

/** The built page at `route` with its inlined stylesheet made again: the base sheet, then the feature sheets it needs in `order`. */
function restyled(route: string, order: Sheet[]): string {
  if (!baseHref) throw new Error('The client build names no base stylesheet for index.html');
  const html = fs.readFileSync(path.join(DIST_DIR, route, 'index.html'), 'utf8');
  const css = [read(`/${baseHref}`), ...sheetsForPage(html, order).map((sheet) => sheet.css)].join('');
  expect(html).toContain('<style>');
  return html.replace(/<style>[\s\S]*?<\/style>/, () => `<style>${css}</style>`);
}

/** Every element's computed style, and its ::before's and ::after's, one line each, named by its place in the document. */
function computedStyles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')].flatMap((element, index) =>
      ['', '::before', '::after'].map((pseudo) => {
        const style = getComputedStyle(element, pseudo || null);
        // Sorted: custom properties are listed in the order the sheets declared them.
        const values = Array.from(style, (name) => `${name}:${style.getPropertyValue(name)}`).sort();
        return `${index} ${element.tagName.toLowerCase()}.${String(element.className)}${pseudo} ${values.join(';')}`;
      }),
    ),
  );
}

/** The lines of `after` that differ from `before`'s, each with the properties that differ. */
function differences(before: string[], after: string[]): string[] {
  expect(after.length).toBe(before.length);
  return before.flatMap((line, i) => {
    if (line === after[i]) return [];
    const [head] = line.split(' ', 2);
    const was = new Set(line.split(';'));
    return [
      `${head} ${(after[i] as string)
        .split(';')
        .filter((part) => !was.has(part))
        .join(';')
        .slice(0, 300)}`,
    ];
  });
}

const browser = useBrowser();

/** The page's computed styles with the feature sheets in `order`; scripts off, so nothing but the stylesheet differs between two visits. */
async function stylesOf(route: string, order: Sheet[]): Promise<string[]> {
  const { page, problems } = await openPage(browser(), { javaScriptEnabled: false });
  const url = `${baseUrl()}${route}`;
  await page.route(url, (request) => request.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: restyled(route, order) }));
  await page.goto(url, { waitUntil: 'load' });
  expect(problems).toEqual([]);
  return computedStyles(page);
}

describe('the feature sheets, inlined in either order', () => {
  it('are more than one to a layer, so their order could matter', () => {
    expect(features.length).toBeGreaterThan(1);
    expect(baseHref).toBeTruthy();
  });

  it.each(['/', '/blog', '/contact', '/garlic-powder', '/faq', '/ar/'])('give %s the same computed style everywhere', async (route) => {
    const inOrder = await stylesOf(route, features);
    const reversed = await stylesOf(route, [...features].reverse());
    expect(differences(inOrder, reversed)).toEqual([]);
  });

  it('give the signed-in admin dashboard the same computed style everywhere', async () => {
    const dashboard = async (order: Sheet[]) => {
      const { page } = await openPage(browser());
      await page.route(
        (url) => url.pathname === '/admin',
        (request) => request.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: restyled('admin', order) }),
      );
      await signInAdmin(page);
      await dashboardLists(page);
      return computedStyles(page);
    };
    const inOrder = await dashboard(features);
    const reversed = await dashboard([...features].reverse());
    expect(differences(inOrder, reversed)).toEqual([]);
  });
});
