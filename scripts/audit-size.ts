/**
 * JavaScript budget of the built site: for every pre-rendered route, the gzip size of the
 * JavaScript the page loads at start, no admin or investor code on a public page, and no script
 * named in the HTML ahead of the page's largest image. Run after a build: `npm run audit:size`
 * (GB_OUT_DIR picks the build, as for `build`); the browser tests run the same audit.
 *
 * "Loads at start" is what the browser fetches without the visitor doing anything: the page's
 * inline scripts, its <script src> and <link rel="modulepreload"> files, every island that
 * hydrates on its own (load, idle or visible: its chunk and the hydration chunk with react-dom),
 * and every chunk those import statically. Islands that wait for an interaction, and chunks
 * reached only through import(), load on demand and are not counted.
 * Exit code 1 when a public route is over budget or holds portal code; 2 when there is no build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { everyPage, loadContent } from '../src/build/content/load';
import { GATE_FILE } from '../src/build/credentials/gate-file';
import { CLIENT_MANIFEST, DIST_DIR } from '../src/build/pipeline/build-paths';
import { islandFile } from '../src/browser/runtime/islands/island-file';

/** Compressed JavaScript allowed at start on a public page, in bytes (1 kB = 1,000 bytes, as Vite prints sizes). */
export const BUDGETS = {
  /** Pages of copy: no form and no list. */
  content: 15_000,
  /** Pages with a form or a list (a lead form, the FAQ, the blog list). */
  interactive: 75_000,
};

/**
 * The admin dashboard's JavaScript, compressed: what /admin loads at start and the sections it
 * loads once its server answers (the sales desk and the Overview with its charts), together:
 * about 137 kB. It loads none of the public pages' interface words, which come in every language
 * (13 kB; src/ui/features/admin/PostLink.tsx), and this budget would catch them coming back.
 */
export const ADMIN_BUDGET = 140_000;
const ADMIN_ROUTE = '/admin';
const ADMIN_ON_DEMAND = ['src/ui/features/admin/BuyerDesk.tsx', 'src/ui/features/admin/OverviewSection.tsx'];

/** Islands that make their page a page "with a form or a list". */
const INTERACTIVE_ISLANDS = new Set(['ContactForm', 'SampleRequestForm', 'CareersForm', 'PartnershipForm', 'InvestmentForm', 'FaqBrowser', 'BlogList']);

function budgetFor(islands: IslandTag[]): number {
  return islands.some((island) => INTERACTIVE_ISLANDS.has(island.name)) ? BUDGETS.interactive : BUDGETS.content;
}

/** Routes of the portals: measured and shown, but the budget and the portal-code check are for public pages. */
export const isPortalRoute = (route: string) => /^\/(admin|investors)(\/|$)/.test(route);

/**
 * Code that only the admin and investor portals need, recognised by strings that exist nowhere
 * else. `required` markers must appear somewhere in the build, so a renamed label cannot make
 * this check pass silently: the audit then asks for the list to be updated.
 */
export const PORTAL_MARKERS: { what: string; pattern: RegExp; source: string; required: boolean }[] = [
  { what: "'Export CSV' (admin records)", pattern: /Export CSV/, source: 'src/ui/features/admin/RecordsSection.tsx', required: true },
  { what: "'Not reviewed yet' (admin applications)", pattern: /Not reviewed yet/, source: 'src/ui/features/admin/RecordCard.tsx', required: true },
  { what: "'Download as MDX' (admin blog)", pattern: /Download as MDX/, source: 'src/ui/features/admin/AdminPostList.tsx', required: true },
  {
    what: "'Investor documents' (investor dashboard)",
    pattern: /Investor documents/,
    source: 'src/ui/features/investors/InvestorDashboard.tsx',
    required: true,
  },
  { what: "'Invalid username or password' (sign-in)", pattern: /Invalid username or password/, source: 'src/browser/auth/verify.ts', required: true },
  { what: "'Too many failed attempts' (sign-in lockout)", pattern: /Too many failed attempts/, source: 'src/browser/auth/login-failures.ts', required: true },
  { what: 'PBKDF2 deriveBits (password check)', pattern: /deriveBits/, source: 'src/browser/auth/pbkdf2.ts', required: true },
  {
    what: 'credential hash fields (virtual:credentials)',
    pattern: /salt:\s*["'`][A-Za-z0-9+/]{16,}={0,2}["'`]\s*,\s*hash:\s*["'`][A-Za-z0-9+/]{32,}={0,2}["'`]/,
    source: 'src/build/credentials/credentials-plugin.ts',
    required: true,
  },
  { what: "the 'virtual:credentials' module id", pattern: /virtual:credentials/, source: 'src/build/credentials/credentials-plugin.ts', required: false },
];

// ------------------------------------------------------------------------------------ reading the build

/** The JavaScript a page's HTML names: external files (site paths) and inline script bodies. */
export function scriptsInHtml(html: string): { files: string[]; inline: string[] } {
  const files: string[] = [];
  const inline: string[] = [];
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const match of withoutComments.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1];
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    // JSON-LD, import maps and templates are data, not code the page runs.
    if (type && !['module', 'text/javascript', 'application/javascript'].includes(type)) continue;
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(attrs)?.[1];
    if (src) files.push(src);
    else if (match[2].trim()) inline.push(match[2]);
    // The entry loader's inline code starts the file it names once the page has painted.
    const entry = /\bdata-entry\s*=\s*["']([^"']+)["']/i.exec(attrs)?.[1];
    if (entry) files.push(entry);
  }
  for (const match of withoutComments.matchAll(/<link\b([^>]*)>/gi)) {
    if (!/\brel\s*=\s*["']?modulepreload\b/i.test(match[1])) continue;
    const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(match[1])?.[1];
    if (href) files.push(href);
  }
  return { files, inline };
}

interface IslandTag {
  name: string;
  hydrate: string;
}

/** The islands a page holds, in document order. */
function islandsInHtml(html: string): IslandTag[] {
  return [...html.matchAll(/<gb-island\b([^>]*)>/g)].flatMap((m) => {
    const name = /data-island="([^"]+)"/.exec(m[1])?.[1];
    return name ? [{ name, hydrate: /data-hydrate="([^"]+)"/.exec(m[1])?.[1] ?? 'load' }] : [];
  });
}

/**
 * Runtime pieces the entry script loads on demand when the page's markup has them, without the
 * visitor doing anything: they count as loaded at start on those pages.
 */
const MARKUP_CHUNKS = [
  { attribute: 'data-experiment-impression', source: 'src/browser/runtime/experiments.ts' },
  { attribute: 'data-admin-logout', source: 'src/browser/runtime/admin-logout.ts' },
  { attribute: 'data-search-form', source: 'src/browser/runtime/search/search-page.ts' },
];

/** Islands that load without the visitor doing anything. */
const hydratesAtStart = (island: IslandTag) => island.hydrate !== 'interaction';

/**
 * Scripts the HTML names before its first high-priority image (the largest paint): each would be
 * fetched ahead of that image. Empty when the page has no such image or names its scripts after it.
 */
function scriptsBeforeLcpImage(html: string): string[] {
  const image = html.search(/<img\b[^>]*fetchpriority="high"/i);
  if (image < 0) return [];
  return scriptsInHtml(html.slice(0, image)).files;
}

/**
 * Specifiers of a chunk's static imports and re-exports (`import{a}from"./x.js"`, `import"./y.js"`,
 * `export*from"./z.js"`); `import("./w.js")` is a dynamic import and is left out.
 */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:^|[^.\w$])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`]([^"'`]+)["'`]/g)) found.add(m[1]);
  for (const m of code.matchAll(/(?:^|[^.\w$])export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*["'`]([^"'`]+)["'`]/g)) found.add(m[1]);
  return [...found];
}

interface PageJs {
  route: string;
  budget: number;
  /** Site paths of the files, in the order found, each once. */
  files: string[];
  inlineBytes: number;
  rawBytes: number;
  gzipBytes: number;
  /** Files named in the HTML or imported that are not in the build. */
  missing: string[];
}

const gzipSize = (data: Buffer | string) => zlib.gzipSync(data, { level: 9 }).length;

/** Reads and measures files once, however many pages load them. */
/** Vite's client manifest: source module → its chunk. */
type ClientManifest = Record<string, { file: string }>;

export class BuildReader {
  private readonly cache = new Map<string, { code: string; raw: number; gzip: number } | null>();
  constructor(
    readonly dist: string,
    readonly manifest: ClientManifest = {},
  ) {}

  /** The site path of the chunk built from `source`. */
  chunkOf(source: string): string {
    const chunk = this.manifest[source];
    if (!chunk) throw new Error(`${source} is not in the client manifest of ${this.dist}: cannot measure what loads it`);
    return `/${chunk.file}`;
  }

  /** The chunks an island needs to hydrate on a page in language `code`: its file's (island-file.ts) and the one that hydrates (react-dom). */
  islandFiles(name: string, code: string): string[] {
    const sources = Object.fromEntries(Object.keys(this.manifest).map((source) => [`/${source}`, true]));
    return [islandFile(name, code, sources).slice(1), 'src/browser/runtime/islands/mount.tsx'].map((source) => this.chunkOf(source));
  }

  /** `/assets/x.js` → its code and sizes; null when the build has no such file. */
  file(sitePath: string) {
    if (!this.cache.has(sitePath)) {
      const abs = path.join(this.dist, decodeURIComponent(sitePath.split(/[?#]/)[0]));
      const entry = abs.startsWith(this.dist) && fs.existsSync(abs) ? fs.readFileSync(abs) : null;
      this.cache.set(sitePath, entry && { code: entry.toString('utf8'), raw: entry.length, gzip: gzipSize(entry) });
    }
    return this.cache.get(sitePath) ?? null;
  }

  /** Every file a page loads at start: the files its HTML names, then their static imports, transitively. */
  pageJs(route: string, html: string): PageJs {
    const { files: named, inline } = scriptsInHtml(html);
    const files: string[] = [];
    const missing: string[] = [];
    const islands = islandsInHtml(html).filter(hydratesAtStart);
    const onDemand = MARKUP_CHUNKS.filter((c) => html.includes(` ${c.attribute}`)).map((c) => this.chunkOf(c.source));
    const language = /<html\b[^>]*\blang="([^"]*)"/.exec(html)?.[1] ?? '';
    const queue = [
      ...named.filter((f) => f.startsWith('/') && !f.startsWith('//')),
      ...islands.flatMap((i) => this.islandFiles(i.name, language)),
      ...onDemand,
    ];
    const external = named.filter((f) => !queue.includes(f));
    missing.push(...external.map((f) => `${f} (not served by the site, so not measured)`));
    this.collect(queue, files, missing);
    const inlineBytes = inline.reduce((sum, code) => sum + gzipSize(code), 0);
    const sizes = files.map((f) => this.file(f) as { raw: number; gzip: number });
    return {
      route,
      budget: budgetFor(islandsInHtml(html)),
      files,
      inlineBytes,
      rawBytes: sizes.reduce((sum, s) => sum + s.raw, 0) + inline.reduce((sum, code) => sum + Buffer.byteLength(code), 0),
      gzipBytes: sizes.reduce((sum, s) => sum + s.gzip, 0) + inlineBytes,
      missing,
    };
  }

  /** Adds to `files` each file of `queue` and, transitively, what it imports statically (each once); what the build lacks goes to `missing`. */
  collect(queue: string[], files: string[], missing: string[]): void {
    while (queue.length) {
      const file = queue.shift() as string;
      if (files.includes(file)) continue;
      const entry = this.file(file);
      if (!entry) {
        missing.push(file);
        continue;
      }
      files.push(file);
      for (const spec of staticImports(entry.code)) {
        if (/^(https?:)?\/\//.test(spec) || !/^\.{0,2}\//.test(spec)) continue;
        queue.push(spec.startsWith('/') ? spec : path.posix.join(path.posix.dirname(file), spec));
      }
    }
  }

  /** Compressed bytes of the files. */
  gzipBytes(files: string[]): number {
    return files.reduce((sum, f) => sum + (this.file(f)?.gzip ?? 0), 0);
  }

  code(files: string[]): { file: string; code: string }[] {
    return files.map((file) => ({ file, code: this.file(file)?.code ?? '' }));
  }
}

/** The pre-rendered HTML files: every page and post route in every language, and the not-found pages. */
export function routeFiles(dist: string, root = process.cwd()): { route: string; file: string }[] {
  const { pages, blog, translations, site } = loadContent(root);
  const allPages = everyPage({ pages, translations });
  // The search page of each language (src/ui/pages/search.tsx and its translations) is a route of code, not of content.
  const searchPages = site.languages.map((language, index) => (index === 0 ? '/search' : `/${language.code}/search`));
  const routes = [...allPages.flatMap((p) => (p.path ? [p.path] : [])), ...blog.map((p) => `/blog/${p.meta.id}`), ...searchPages];
  const languageNotFound = translations.filter((t) => t.pages.some((p) => p.path === null)).map((t) => t.language.code);
  return [
    ...routes.map((route) => ({ route, file: path.join(dist, route === '/' ? '' : route.slice(1), 'index.html') })),
    { route: '(not found)', file: path.join(dist, '404.html') },
    ...languageNotFound.map((code) => ({ route: `(not found, ${code})`, file: path.join(dist, code, '404.html') })),
  ];
}

// ------------------------------------------------------------------------------------ report

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')).join('\n');
}

interface AdminJs {
  /** At start, as the page's row says. */
  startBytes: number;
  /** The desk and the Overview, without what the start already loaded. */
  onDemandBytes: number;
  onDemandFiles: string[];
  totalBytes: number;
}

interface AuditResult {
  pages: PageJs[];
  /** Null when the build has no /admin page. */
  admin: AdminJs | null;
  failures: string[];
  warnings: string[];
}

function readManifest(manifestFile: string): ClientManifest {
  return fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : {};
}

export function audit(dist: string, manifestFile: string, root = process.cwd()): AuditResult {
  const reader = new BuildReader(dist, readManifest(manifestFile));
  const failures: string[] = [];
  const warnings: string[] = [];
  const pages: PageJs[] = [];
  for (const { route, file } of routeFiles(dist, root)) {
    if (!fs.existsSync(file)) {
      failures.push(`${route}: no pre-rendered page at ${path.relative(process.cwd(), file)}`);
      continue;
    }
    const html = fs.readFileSync(file, 'utf8');
    const page = reader.pageJs(route, html);
    pages.push(page);
    for (const m of page.missing) failures.push(`${route}: loads ${m}, which is not in the build`);
    if (!isPortalRoute(route) && page.gzipBytes > page.budget)
      failures.push(`${route}: ${kB(page.gzipBytes)} of compressed JavaScript at start, over its ${kB(page.budget)} budget`);
    const early = scriptsBeforeLcpImage(html);
    if (early.length) failures.push(`${route}: ${early.join(', ')} named ahead of the largest image, so fetched before it`);
  }

  // Portal code on public pages, reported per file (one shared chunk would otherwise repeat on every route).
  const publicPages = pages.filter((p) => !isPortalRoute(p.route));
  const byFile = new Map<string, { routes: string[]; found: Set<string> }>();
  for (const page of publicPages) {
    for (const { file, code } of reader.code(page.files)) {
      for (const marker of PORTAL_MARKERS) {
        if (!marker.pattern.test(code)) continue;
        const entry = byFile.get(file) ?? { routes: [], found: new Set<string>() };
        if (!entry.routes.includes(page.route)) entry.routes.push(page.route);
        entry.found.add(`${marker.what}, from ${marker.source}`);
        byFile.set(file, entry);
      }
    }
  }
  for (const [file, { routes, found }] of byFile) {
    const where = routes.length === publicPages.length ? `all ${routes.length} public routes` : `${routes.length} public route(s): ${routes.join(', ')}`;
    failures.push(`${file}, loaded at start by ${where}, holds admin or investor code:\n      ${[...found].join('\n      ')}`);
  }

  // The markers must still describe the build, or the check above proves nothing: its scripts,
  // the gate's pairs among them (a file of their own, outside assets/).
  const assets = path.join(dist, 'assets');
  const scripts = [
    ...(fs.existsSync(assets)
      ? fs
          .readdirSync(assets)
          .filter((f) => f.endsWith('.js'))
          .map((f) => path.join(assets, f))
      : []),
    path.join(dist, GATE_FILE),
  ];
  const allCode = scripts.filter((file) => fs.existsSync(file)).map((file) => fs.readFileSync(file, 'utf8'));
  for (const marker of PORTAL_MARKERS.filter((m) => m.required)) {
    if (!allCode.some((code) => marker.pattern.test(code)))
      failures.push(`marker ${marker.what} is in no file of the build: ${marker.source} changed; update PORTAL_MARKERS in scripts/audit-size.ts`);
  }
  if (!pages.length) warnings.push('no pages measured');

  let admin: AdminJs | null = null;
  const adminPage = pages.find((p) => p.route === ADMIN_ROUTE);
  if (adminPage) {
    const loaded = [...adminPage.files];
    const missing: string[] = [];
    reader.collect(
      ADMIN_ON_DEMAND.map((source) => reader.chunkOf(source)),
      loaded,
      missing,
    );
    const onDemandFiles = loaded.slice(adminPage.files.length);
    const onDemandBytes = reader.gzipBytes(onDemandFiles);
    admin = { startBytes: adminPage.gzipBytes, onDemandBytes, onDemandFiles, totalBytes: adminPage.gzipBytes + onDemandBytes };
    for (const m of missing) failures.push(`${ADMIN_ROUTE}: its sections load ${m}, which is not in the build`);
    if (admin.totalBytes > ADMIN_BUDGET)
      failures.push(`${ADMIN_ROUTE}: ${kB(admin.totalBytes)} of compressed JavaScript with the desk and the Overview, over its ${kB(ADMIN_BUDGET)} budget`);
  }
  return { pages, admin, failures, warnings };
}

function main() {
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html'))) {
    console.error(`No build found in ${DIST_DIR}. Run \`npm run build\` first (with the same GB_OUT_DIR).`);
    process.exit(2);
  }
  const { pages, admin, failures, warnings } = audit(DIST_DIR, CLIENT_MANIFEST);
  const rows = [
    ['route', 'files', 'raw', 'gzip', 'budget', ''],
    ...pages.map((p) => [
      p.route,
      String(p.files.length),
      kB(p.rawBytes),
      kB(p.gzipBytes),
      kB(p.budget),
      isPortalRoute(p.route) ? 'portal' : p.gzipBytes > p.budget ? 'OVER' : 'ok',
    ]),
  ];
  console.log(`JavaScript loaded at start, per route (${path.relative(process.cwd(), DIST_DIR) || DIST_DIR}; gzip level 9; 1 kB = 1,000 bytes)\n`);
  console.log(table(rows));

  const publicPages = pages.filter((p) => !isPortalRoute(p.route));
  const heaviest = publicPages.reduce<PageJs | null>((max, p) => (!max || p.gzipBytes > max.gzipBytes ? p : max), null);
  if (heaviest) {
    const reader = new BuildReader(DIST_DIR);
    console.log(`\nMax on a public route: ${kB(heaviest.gzipBytes)} (${heaviest.route}); its budget ${kB(heaviest.budget)}.`);
    console.log(`Files of ${heaviest.route}:`);
    const fileRows = heaviest.files.map((f) => [`  ${f}`, kB(reader.file(f)?.gzip ?? 0)]).sort((a, b) => parseFloat(b[1]) - parseFloat(a[1]));
    if (heaviest.inlineBytes) fileRows.push(['  (inline scripts)', kB(heaviest.inlineBytes)]);
    console.log(table(fileRows));
  }
  if (admin) {
    console.log(
      `\nThe admin (${ADMIN_ROUTE}): ${kB(admin.startBytes)} at start + ${kB(admin.onDemandBytes)} for the desk and the Overview (${admin.onDemandFiles.length} files) = ${kB(admin.totalBytes)}; its budget ${kB(ADMIN_BUDGET)}.`,
    );
  }
  for (const w of warnings) console.warn(`warning: ${w}`);
  if (failures.length) {
    console.error(`\nFAILED (${failures.length}):\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nOK: every public route is within budget and loads no admin or investor code.');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
