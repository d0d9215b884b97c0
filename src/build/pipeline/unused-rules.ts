/**
 * Drops from a page's inlined stylesheet the rules that can match nothing on that page: a rule
 * whose every selector needs a class name that neither the page's markup nor any script the page
 * may run can put on an element. The sheets a page inlines are chosen whole (page-styles.ts), and
 * the base sheet and a feature sheet bring rules for other pages too (the breadcrumbs, a post's
 * cover, the spec sheet's facts); on the pages most visitors land on those were 0.4-0.6 kB of
 * the compressed HTML that must arrive in the first round trip.
 *
 * What a script can add is read from the scripts themselves: every word of the entry script and
 * of every chunk it loads, statically or on demand, except the chunks of islands the page does
 * not have. A class a script builds from parts (`btn-${kind}`) counts as present when a word of
 * a script ends in '-' and begins it, as does the literal text before a template's `${`. When the entry script's list of islands cannot be read,
 * every island's chunk counts. A page that names no built entry script keeps every rule.
 */

/** The class names a page's markup uses. */
function markupClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const m of html.matchAll(/\bclass="([^"]*)"/g)) for (const name of m[1].split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/** Chunk names a script imports, statically or on demand (`./x-hash.js`, as the bundler writes them, relative to /assets/). */
function importedChunks(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'`]\.\/([\w.-]+\.js)["'`]/g)].map((m) => m[1] as string);
}

/**
 * The islands' chunks as the entry's loaders name them (island name and chunk; an island with a
 * file per language, `FaqBrowser.de.tsx`, has a chunk for each), or null when none can be read.
 */
function islandChunks(code: string): [string, string][] | null {
  const found: [string, string][] = [];
  for (const m of code.matchAll(/src\/browser\/islands\/([\w-]+)(?:\.[\w-]+)?\.tsx["'`]\s*:\s*\(\)\s*=>[^`'"]*?import\(\s*["'`]\.\/([\w.-]+\.js)["'`]/g))
    found.push([m[1] as string, m[2] as string]);
  return found.length ? found : null;
}

/** Per reader of a build, the words of the scripts of each entry with each set of islands: every page of a kind shares them. */
const wordsCache = new WeakMap<(sitePath: string) => string, Map<string, Set<string>>>();

/**
 * Every word (a run of letters, digits, '_' and '-') of the scripts a page may run; null when the
 * page names no built entry script (a page of the dev server, whose scripts are the sources).
 */
export function scriptWords(html: string, readAsset: (sitePath: string) => string): Set<string> | null {
  const entry = /\bdata-entry="\/assets\/([\w.-]+\.js)"/.exec(html)?.[1] ?? /<script type="module"[^>]*\bsrc="\/assets\/([\w.-]+\.js)"/.exec(html)?.[1];
  if (!entry) return null;
  const onPage = new Set([...html.matchAll(/\bdata-island="([^"]+)"/g)].map((m) => m[1]));
  const key = `${entry} ${[...onPage].sort().join(' ')}`;
  const cache = wordsCache.get(readAsset) ?? new Map<string, Set<string>>();
  wordsCache.set(readAsset, cache);
  const cached = cache.get(key);
  if (cached) return cached;
  const words = new Set<string>();
  cache.set(key, words);
  const entryCode = readAsset(`/assets/${entry}`);
  const islands = islandChunks(entryCode);
  const skipped = new Set(islands ? islands.filter(([name]) => !onPage.has(name)).map(([, chunk]) => chunk) : []);
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const chunk = queue.pop() as string;
    if (seen.has(chunk) || skipped.has(chunk)) continue;
    seen.add(chunk);
    const code = chunk === entry ? entryCode : readAsset(`/assets/${chunk}`);
    for (const word of code.match(/[\w-]+/g) ?? []) words.add(word);
    // The literal start of a template's part (`chart-s${i + 1}`): a class begun there, marked with a '*'.
    for (const m of code.matchAll(/([\w-]+)\$\{/g)) words.add(`${m[1] as string}*`);
    queue.push(...importedChunks(code));
  }
  return words;
}

/** Whether some element of the page can have class `name`. */
function presentIn(markup: Set<string>, words: Set<string>, prefixes: string[]): (name: string) => boolean {
  return (name) => markup.has(name) || words.has(name) || prefixes.some((prefix) => name.startsWith(prefix));
}

/**
 * The class names an element needs for `selector` (one of a list) to match. Inside :not() a class
 * is needed absent, so it counts for nothing. A selector with a list inside (`:is(.a, .b)`,
 * `:has(.a, .b)`), where any one would do, counts as needing none.
 */
function neededClasses(selector: string): string[] {
  if (selector.includes(',')) return [];
  // Attribute selectors first: a value may hold a dot ([href$=".pdf"]).
  const plain = selector.replace(/\[[^\]]*\]/g, '[]').replace(/:not\([^()]*\)/g, '');
  // A :not() with parentheses inside (:not(:has(.a))) is read as needing nothing.
  if (plain.includes(':not(')) return [];
  return [...plain.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] as string);
}

/** Splits a selector list at its top-level commas (not those inside :is(), :where() or :has()). */
function selectorList(prelude: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const c = prelude[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(prelude.slice(start));
  return parts;
}

/** The index just past the block that opens at `open` (a '{'), skipping strings. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      i = close === -1 ? css.length : close;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return css.length;
}

/** At-rules whose block holds rules (and may be dropped when none of them is left). */
const GROUPING = /^@(?:media|supports|layer|container|scope|document)\b/i;

function prune(css: string, present: (name: string) => boolean): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    const semicolon = css.indexOf(';', i);
    // A statement without a block (@import, @charset, @layer a, b;) stays as it is.
    if (open === -1 || (semicolon !== -1 && semicolon < open && css.slice(i, semicolon).trim().startsWith('@'))) {
      const end = open === -1 ? css.length : semicolon + 1;
      out += css.slice(i, end);
      i = end;
      continue;
    }
    const end = blockEnd(css, open);
    const prelude = css.slice(i, open).trim();
    const block = css.slice(i, end);
    if (GROUPING.test(prelude)) {
      const inner = prune(css.slice(open + 1, end - 1), present);
      if (inner.trim()) out += `${css.slice(i, open + 1)}${inner}}`;
    } else if (prelude.startsWith('@') || selectorList(prelude).some((selector) => neededClasses(selector).every(present))) {
      out += block;
    }
    i = end;
  }
  return out;
}

/** Anything in a sheet that reads as a class name: every name a selector of it can need, and some that no selector needs (`url(x.png)`). */
const CLASS_NAME = /\.(-?[_a-zA-Z][\w-]*)/g;

/**
 * Per inlined sheet, the class names its rules can ask about, and the sheet as pruned for each
 * answer to them. What prune keeps depends only on those answers, and most pages of a kind give the
 * same (at 1,000 posts, a thousand posts' pages prune the same sheets for the same classes). Bounded
 * by the build's few sheets and their pages' kinds.
 */
const prunedSheets = new Map<string, { names: string[]; byAnswers: Map<string, string> }>();

function pruneOnce(css: string, present: (name: string) => boolean): string {
  let sheet = prunedSheets.get(css);
  if (!sheet) {
    sheet = { names: [...new Set([...css.matchAll(CLASS_NAME)].map((m) => m[1] as string))], byAnswers: new Map() };
    prunedSheets.set(css, sheet);
  }
  const answers = sheet.names.map((name) => (present(name) ? '1' : '0')).join('');
  let out = sheet.byAnswers.get(answers);
  if (out === undefined) {
    out = prune(css, present);
    sheet.byAnswers.set(answers, out);
  }
  return out;
}

/**
 * The page with each inlined stylesheet (<style>) less the rules that can match nothing on it
 * (see above). `readAsset` reads the build's scripts by their site path.
 */
export function dropUnusedRules(html: string, readAsset: (sitePath: string) => string): string {
  const words = scriptWords(html, readAsset);
  if (!words) return html;
  const prefixes = [...words]
    .filter((word) => word.length > 2 && (word.endsWith('-') || word.endsWith('*')) && !word.startsWith('-'))
    .map((word) => word.replace(/\*$/, ''));
  const present = presentIn(markupClasses(html), words, prefixes);
  return html.replace(/<style>([\s\S]*?)<\/style>/g, (_, css: string) => `<style>${pruneOnce(css, present)}</style>`);
}
