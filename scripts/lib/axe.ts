/**
 * axe-core in a page of the built site, as the accessibility test and `npm run audit:a11y` run it:
 * the WCAG 2.0, 2.1 and 2.2 A and AA rules on the whole document.
 *
 * axe is added to the document the first time (a reloaded or new document gets it again) and runs
 * in the page itself. That is two to three times faster than @axe-core/playwright, which injects axe
 * on every run and then gathers the results in a blank page of its own (a new browser process) so
 * that it can combine frames from other origins; the site's pages have no frames.
 */
import axe, { type AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate((tags) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags } }), WCAG_TAGS);
}

/** One readable line per violated rule, with the elements it failed on. */
export function describeViolations(results: AxeResults): string[] {
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
