/**
 * Accessibility audit of the built site: axe-core with the WCAG 2.0/2.1/2.2 A and AA tags on every
 * route, in the light and dark themes, at phone (390 px) and desktop (1280 px) widths; plus a check
 * for sideways scrolling at 360 px, the narrowest phone we design for. Prints a table of
 * violations per route, the details of each, and a total; exits 1 when anything is found.
 *
 * Run: npm run audit:a11y [-- /path ...]   (builds first when there is no build; respects
 * GB_OUT_DIR; paths limit the run to those routes)
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { runAxe, WCAG_TAGS } from './lib/axe';
import { launchChromium } from './lib/chromium';
import { THEMES, ensureBuild, loadRoute, serveBuild, siteRoutes, themeContext, type SiteRoute, type Theme } from './screenshots';

const WIDTHS = [390, 1280];
const NARROWEST = 360;

interface Finding {
  route: string;
  column: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Elements that stick out past the right edge of the viewport (none inside a scrolling box). */
function overflowingElements(page: Page): Promise<string[]> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const culprits: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const right = el.getBoundingClientRect().right;
      if (right <= width + 1) continue;
      let clipped = false;
      for (let node = el.parentElement; node && !clipped; node = node.parentElement)
        clipped = ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(node).overflowX);
      if (clipped) continue;
      const classes = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      culprits.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes} (right edge ${Math.round(right)} px)`);
      if (culprits.length === 5) break;
    }
    return culprits;
  });
}

async function auditColumn(browser: Browser, baseUrl: string, routes: SiteRoute[], theme: Theme, width: number, findings: Finding[], review: string[]) {
  const column = `${theme} ${width}`;
  const context = await themeContext(browser, theme, { width, height: 900 });
  const pages = await Promise.all([0, 1].map(() => context.newPage()));
  const queue = [...routes];
  await Promise.all(
    pages.map(async (page) => {
      for (let route = queue.shift(); route; route = queue.shift()) {
        await loadRoute(page, baseUrl + route.path, { images: false });
        const results = await runAxe(page);
        for (const v of results.violations) {
          findings.push({ route: route.path, column, rule: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) });
        }
        // Text axe could not judge (e.g. over a gradient or image): listed for a person to check.
        for (const v of results.incomplete.filter((i) => i.id === 'color-contrast')) {
          review.push(`${route.path} [${column}]: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        }
      }
    }),
  );
  await context.close();
}

async function auditOverflow(browser: Browser, baseUrl: string, routes: SiteRoute[], findings: Finding[]) {
  const context = await themeContext(browser, 'light', { width: NARROWEST, height: 800 });
  const page = await context.newPage();
  for (const route of routes) {
    await loadRoute(page, baseUrl + route.path, { images: false });
    const culprits = await overflowingElements(page);
    if (culprits.length)
      findings.push({
        route: route.path,
        column: `overflow ${NARROWEST}`,
        rule: 'horizontal-overflow',
        impact: 'serious',
        help: `Page scrolls sideways at ${NARROWEST} px`,
        targets: culprits,
      });
  }
  await context.close();
}

function printTable(routes: SiteRoute[], columns: string[], findings: Finding[]) {
  const count = (route: string, column: string) => findings.filter((f) => f.route === route && f.column === column).length;
  const first = Math.max(...routes.map((r) => r.path.length), 5);
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(first) : c.padStart(Math.max(columns[i - 1]?.length ?? 0, 5)))).join('  ');
  console.log(line(['route', ...columns]));
  for (const route of routes) console.log(line([route.path, ...columns.map((c) => String(count(route.path, c) || '·'))]));
  console.log(line(['total', ...columns.map((c) => String(findings.filter((f) => f.column === c).length))]));
}

async function main() {
  ensureBuild();
  const { baseUrl, close } = await serveBuild();
  const browser = await launchChromium();
  const only = process.argv.slice(2);
  const routes = siteRoutes().filter((r) => !only.length || only.includes(r.path));
  const findings: Finding[] = [];
  const review: string[] = [];
  const columns = [...THEMES.flatMap((theme) => WIDTHS.map((width) => `${theme} ${width}`)), `overflow ${NARROWEST}`];
  try {
    for (const theme of THEMES) for (const width of WIDTHS) await auditColumn(browser, baseUrl, routes, theme, width, findings, review);
    await auditOverflow(browser, baseUrl, routes, findings);
  } finally {
    await browser.close();
    await close();
  }

  console.log(`\nViolations per route (axe rules: ${WCAG_TAGS.join(', ')}; · = none)\n`);
  printTable(routes, columns, findings);
  if (findings.length) {
    console.log('\nDetails');
    for (const f of findings) {
      console.log(`- ${f.route} [${f.column}] ${f.rule} (${f.impact}): ${f.help}`);
      for (const target of f.targets.slice(0, 6)) console.log(`    ${target}`);
      if (f.targets.length > 6) console.log(`    … and ${f.targets.length - 6} more`);
    }
  }
  if (review.length) {
    console.log(`\nContrast axe could not compute (not violations; check these by eye): ${review.length}`);
    for (const line of review) console.log(`- ${line}`);
  }
  const pages = routes.length * (columns.length - 1);
  console.log(
    `\nTotal: ${findings.length} violation(s) over ${routes.length} routes × ${columns.length - 1} theme/width runs (${pages} axe runs) and a ${NARROWEST} px overflow check.`,
  );
  process.exitCode = findings.length ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
