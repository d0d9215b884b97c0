/**
 * Buttons written in a page's copy (ButtonLink) keep clear of the text around them and of each
 * other when they wrap, on a phone (390 px) and on a desktop (1280 px).
 */
import { describe, expect, it } from 'vitest';
import { openPage, visit, useBrowser } from './support/browser';
import { pageRoutes } from './support/site';

const browser = useBrowser();

/** Pages whose copy has buttons of its own (others are checked too, and must have none to measure). */
const WITH_BUTTONS = ['/about', '/region/eu', '/region/us', '/region/mena', '/markets', '/products'];

describe.each([390, 1280])('buttons in page copy at %i px', (width) => {
  it('stand at least 12 px from the text above and below, and 8 px from a button on the next line', async () => {
    const watched = await openPage(browser(), { viewport: { width, height: 900 } });
    const { page } = watched;
    const problems: string[] = [];
    const measured: string[] = [];
    for (const { path } of pageRoutes) {
      if (path.startsWith('/admin') || path.startsWith('/investors')) continue;
      await visit(watched, path);
      const found = await page.evaluate(() => {
        const out: string[] = [];
        const buttons = [...document.querySelectorAll<HTMLElement>('.prose-page > .btn')];
        const rows: HTMLElement[][] = [];
        for (const button of buttons) {
          const last = rows.at(-1);
          // Buttons next to each other in the copy (only white space between them) form one group.
          if (last && last.at(-1)?.nextElementSibling === button) last.push(button);
          else rows.push([button]);
        }
        for (const group of rows) {
          const rects = group.map((b) => b.getBoundingClientRect());
          const top = Math.min(...rects.map((r) => r.top));
          const bottom = Math.max(...rects.map((r) => r.bottom));
          const before = group[0].previousElementSibling;
          const after = group.at(-1)?.nextElementSibling;
          const name = group.map((b) => b.textContent).join(' + ');
          if (before) out.push(`above|${name}|${top - before.getBoundingClientRect().bottom}`);
          if (after) out.push(`below|${name}|${after.getBoundingClientRect().top - bottom}`);
          for (let i = 1; i < rects.length; i++) {
            if (rects[i].top >= rects[i - 1].bottom - 1) out.push(`stacked|${name}|${rects[i].top - rects[i - 1].bottom}`);
          }
        }
        return out;
      });
      for (const entry of found) {
        const [kind, name, gap] = entry.split('|');
        measured.push(`${path} ${kind}`);
        const min = kind === 'stacked' ? 8 : 12;
        if (Number(gap) < min) problems.push(`${path}: ${kind} "${name}": ${Math.round(Number(gap))} px (at least ${min})`);
      }
    }
    for (const path of WITH_BUTTONS)
      expect(
        measured.some((m) => m.startsWith(`${path} `)),
        `${path} was measured`,
      ).toBe(true);
    // The two pages where text follows the buttons directly.
    for (const path of ['/about', '/region/eu']) expect(measured, path).toContain(`${path} below`);
    // On a phone the pairs wrap, so the gap between stacked buttons is measured too.
    if (width === 390) expect(measured.some((m) => m.endsWith(' stacked'))).toBe(true);
    expect(problems).toEqual([]);
    expect(watched.problems).toEqual([]);
  });
});
