/**
 * Which stylesheets a page inlines. Stylesheets live by role under src/ui/styles/: `base/` is the
 * sheet every page inlines (site.css and what it imports), `pages/` the feature sheets, `script/`
 * the sheets the browser runtime adds with what only script shows (the menus' panels, tooltips),
 * `print/` the print sheet every page links for print only. Every page gets the base sheet; a
 * feature sheet joins only the pages whose HTML has elements its selectors can match (judged by
 * class names), so a page of copy does not carry the admin's or the forms' rules in its first
 * round trip. The feature sheets' cascade order is their folder's: each file's name begins with its
 * two-digit place, and a page inlines them in the order of their sorted paths (FEATURE_SHEETS).
 * Islands that show something after hydration that their static HTML does not have name the
 * sheets they need in ISLAND_SHEETS, and a language's own sheet (its typeface) joins the pages in
 * that language (LANGUAGE_SHEETS).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The base sheet (src/ui/styles/base/site.css and what it imports): inlined by every page, first.
 * Built as an input of its own, never imported by a script: a sheet a script imports becomes a
 * dependency of every chunk that imports from that script's chunk, and Vite's loader would then
 * link it when such a chunk loads (a second copy, after the page's sheets, winning over them).
 */
export const BASE_SHEET = 'src/ui/styles/base/site.css';

/**
 * The print sheet (src/ui/styles/print/): linked by every page with media="print", never inlined, so
 * the first round trip carries only what the screen shows.
 */
export const PRINT_SHEET = 'src/ui/styles/print/print.css';

/**
 * The footer's sheet (src/ui/styles/base/footer.css): linked in <body> just before the footer, never
 * inlined, since the footer is below every page's first screen.
 */
export const FOOTER_SHEET = 'src/ui/styles/base/footer.css';

/** The feature sheets' folder, from the project root. */
export const FEATURE_FOLDER = 'src/ui/styles/pages';

/**
 * The feature sheets of the project at `root`: every .css file below src/ui/styles/pages/, as the
 * client build's manifest names them, in cascade order, which is their paths' sorted order (by
 * character code, the same on every machine, whatever order the file system lists them in). Each
 * name begins with its two-digit place (`01-tables.css`, `08-admin/01-sign-in.css`), so a new sheet
 * takes its place by its name, with no list to edit.
 */
export function featureSheets(root: string): string[] {
  return fs
    .readdirSync(path.join(root, FEATURE_FOLDER), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => `${FEATURE_FOLDER}/${file.split(path.sep).join('/')}`)
    .sort();
}

/**
 * This project's feature sheets (src/ui/styles/pages/ and its 08-admin/ folder, which splits the
 * portals' rules by feature so a page carries only those of what it shows): a page inlines them in
 * this order, after the base sheet. The project root is found from this file's own place, not the
 * working directory, so the server finds its sheets wherever it is started from.
 */
export const FEATURE_SHEETS = featureSheets(fileURLToPath(new URL('../../..', import.meta.url)));

/** Sheets an island needs for what it renders after hydration only. */
export const ISLAND_SHEETS: Record<string, string[]> = {
  // The not-found page shows a post added in this browser (its tables too) in its place.
  NotFoundOrStoredPost: ['src/ui/styles/pages/06-blog.css', 'src/ui/styles/pages/01-tables.css'],
  // The dashboard is filled once hydrated, from this browser's storage or the server: its
  // sections (the desk, the Overview, the team, the posts and their covers) and the experiment
  // table. Both dashboards are the guarded pages: their hiding rules (00-guarded) come with them.
  AdminDashboard: [
    'src/ui/styles/pages/01-tables.css',
    ...['00-guarded', '02-confirm', '03-dashboard', '04-desk', '07-posts', '08-team', '09-overview', '10-roles', '11-post-cover'].map(
      (name) => `src/ui/styles/pages/08-admin/${name}.css`,
    ),
  ],
  // The investor documents (cards) and the portal's bar arrive from the server after hydration; the pre-render has a status in their place.
  InvestorDashboard: ['src/ui/styles/pages/02-cards.css', 'src/ui/styles/pages/08-admin/00-guarded.css', 'src/ui/styles/pages/08-admin/05-investors.css'],
};

/**
 * Sheets a page inlines for its language (<html lang>): what a right-to-left page draws the other
 * way, and the Arabic face, join the Arabic pages only.
 */
export const LANGUAGE_SHEETS: Record<string, string[]> = {
  ar: ['src/ui/styles/pages/11-right-to-left.css', 'src/ui/styles/pages/12-arabic.css'],
};

/**
 * For each selector of a stylesheet (comma-separated parts count apart), the class names an
 * element needs for it to match; classes inside :not() are left out, since their absence matches.
 * Selectors without a class (elements, attributes) are left out: they say nothing of a feature.
 */
export function selectorClasses(css: string): string[][] {
  const stripped = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(["'])(?:\\.|(?!\1).)*\1/g, '""');
  const selectors: string[][] = [];
  // Selectors are what stands before a '{' (declarations and at-rule preludes hold no '.name').
  for (const block of stripped.matchAll(/([^{};]*)\{/g)) {
    if (block[1].trim().startsWith('@')) continue;
    for (const selector of block[1].split(',')) {
      const classes = [...selector.replace(/:not\([^)]*\)/g, '').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]);
      if (classes.length) selectors.push(classes);
    }
  }
  return selectors;
}

/** The class names used in a page's markup. */
export function classesInHtml(html: string): Set<string> {
  const classes = new Set<string>();
  for (const m of html.matchAll(/\bclass="([^"]*)"/g)) for (const name of m[1].split(/\s+/)) if (name) classes.add(name);
  return classes;
}

export interface Sheet {
  /** The source file, e.g. src/ui/styles/pages/05-forms.css. */
  source: string;
  css: string;
  /** selectorClasses(css), read once for every page the sheet is weighed for. */
  selectors: string[][];
}

export function sheet(source: string, css: string): Sheet {
  return { source, css, selectors: selectorClasses(css) };
}

const LANGUAGE_ONLY = new Set(Object.values(LANGUAGE_SHEETS).flat());

/**
 * The feature sheets (in the order given) a page needs: those with a selector whose classes the
 * page's markup all uses, those its islands ask for, and its language's (a language's sheet joins
 * no other page, whatever classes it names).
 */
export function sheetsForPage(html: string, features: Sheet[]): Sheet[] {
  const used = classesInHtml(html);
  const islands = [...html.matchAll(/data-island="([^"]+)"/g)].flatMap((m) => ISLAND_SHEETS[m[1]] ?? []);
  const language = LANGUAGE_SHEETS[/<html\b[^>]*\blang="([^"]+)"/.exec(html)?.[1] ?? ''] ?? [];
  return features.filter((feature) =>
    LANGUAGE_ONLY.has(feature.source)
      ? language.includes(feature.source)
      : islands.includes(feature.source) || feature.selectors.some((classes) => classes.every((name) => used.has(name))),
  );
}
