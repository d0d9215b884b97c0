/**
 * Vite plugin that turns `content/` into modules the app imports.
 *
 * - `virtual:content/site`: the validated site config (`SITE_URL` overrides its `url`).
 * - `virtual:content/navigation`: the site's name and the header's navigation, all the menus need
 *   (the code that builds them in the browser should not carry the whole site config).
 * - `virtual:content/ui`: the interface's words of every language, the menu labels and site texts
 *   of the languages other than the default, and which pages each has translated.
 * - `virtual:content/language-suggestions`: per language, its direction and the words of the
 *   suggestion to read a page in it (the runtime loads them only for a visitor it suggests one to).
 * - `virtual:content/faq`: every FAQ entry, in display order, by language code; and
 *   `virtual:content/faq/<code>`: one language's entries alone (its island: island-file.ts).
 * - `virtual:content/facts`: content/facts.yaml's quantities by name, for the `<Fact />` component
 *   (read at build time only: a page carries the figure, never the table).
 * - `virtual:content/credentials`: the certifications page's table of content/facts.yaml's credentials
 *   in each language, for the `<CredentialsTable />` component (pre-rendered only, never in the browser).
 * - `virtual:content/social-cards`: each language's tagline of the default link-preview card, for the head's
 *   alt text (pre-rendered only, never in the browser).
 * - `virtual:content/blog`: the metadata of every built-in post, newest first (bodies stay in
 *   their own MDX modules so the list page does not carry them).
 * - Each MDX page and post has its YAML frontmatter replaced by `export const meta = {...}`, the
 *   validated and defaulted data, so the YAML never renders as text and no second parser reads it.
 *   The replacement keeps the line count, so MDX errors still point at the right line.
 *
 * In a right-to-left language every module carries its words with their Latin figures isolated
 * (src/build/content/isolate-rtl.ts), so they read as written wherever they are shown.
 *
 * Validation runs when the build starts and again whenever a content file changes; a broken file
 * fails the build with the `file: field: expected ...` lines from the loader (in the dev server,
 * the page that needs it shows them).
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { certificationNamesIn } from './certifications.ts';
import { credentialTables } from './credentials.ts';
import { isolateRightToLeft } from './isolate-rtl.ts';
import { everyPage, loadContent, type Content } from './load.ts';
import type { UiStrings } from './translations.ts';
import { FIRST_LANGUAGE_FORM_WORD_KEYS } from '../../shared/domain/lead-form-words.ts';

/** A language's words as the browser gets them: in any but the first, without the forms only its pages show. */
function shippedStrings(strings: UiStrings, code: string, firstCode: string): UiStrings {
  if (code === firstCode || typeof strings.leadForms !== 'object') return strings;
  const leadForms = { ...strings.leadForms };
  for (const key of FIRST_LANGUAGE_FORM_WORD_KEYS) delete leadForms[key];
  return { ...strings, leadForms };
}

const MODULES = {
  // SITE_URL at build time overrides the configured URL (staging, production domains).
  'virtual:content/site': (c: Content) => ({ ...c.site, url: (process.env.SITE_URL || c.site.url).replace(/\/+$/, '') }),
  'virtual:content/navigation': (c: Content) => ({
    siteName: c.site.name,
    primary: c.site.navigation.primary,
    products: c.site.navigation.products,
    company: c.site.navigation.company,
    resources: c.site.navigation.resources,
    // Each language's menu words, labels (by link) and translated pages: the panels are built in the page's language.
    languages: Object.fromEntries(
      c.site.languages.map(({ code }) => {
        const { navigation: labels, shell } = c.ui[code] as { navigation?: Record<string, string>; shell: Record<string, string> };
        const translation = c.translations.find((t) => t.language.code === code);
        const translated = translation ? translatedPaths(translation) : null;
        const words = Object.fromEntries(['more', 'company', 'resources', 'closeMenu', 'investorPortal', 'login', 'admin'].map((key) => [key, shell[key]]));
        return [code, { labels: labels ?? {}, translated, words }];
      }),
    ),
  }),
  'virtual:content/ui': (c: Content) => ({
    strings: Object.fromEntries(
      Object.entries(c.ui).map(([code, { navigation: _n, site: _s, stats: _f, certifications: _c, credentials: _r, socialCard: _p, ...strings }]) => [
        code,
        shippedStrings(strings, code, c.site.languages[0].code),
      ]),
    ),
    navigation: Object.fromEntries(Object.entries(c.ui).flatMap(([code, strings]) => (strings.navigation ? [[code, strings.navigation]] : []))),
    siteTexts: Object.fromEntries(Object.entries(c.ui).flatMap(([code, strings]) => (strings.site ? [[code, strings.site]] : []))),
    stats: Object.fromEntries(Object.entries(c.ui).flatMap(([code, strings]) => (strings.stats ? [[code, strings.stats]] : []))),
    badges: Object.fromEntries(Object.entries(c.ui).map(([code, strings]) => [code, certificationNamesIn(c.site.badges, strings)])),
    translated: Object.fromEntries(c.translations.map((t) => [t.language.code, translatedPaths(t)])),
  }),
  'virtual:content/language-suggestions': (c: Content) =>
    Object.fromEntries(
      c.site.languages.map(({ code, dir }) => {
        const { suggestion, suggestionAction, dismiss } = (c.ui[code] as { language: Record<string, string> }).language;
        return [code, { dir, suggestion, action: suggestionAction, dismiss }];
      }),
    ),
  'virtual:content/faq': faqByLanguage,
  'virtual:content/facts': (c: Content) => c.factTable,
  'virtual:content/credentials': (c: Content) => credentialTables(c.facts, c.ui, c.site.languages[0].code),
  // The tagline alone: a product card's label is drawn into its picture by the build, never shown by the page.
  'virtual:content/social-cards': (c: Content) =>
    Object.fromEntries(Object.entries(c.ui).map(([code, { socialCard }]) => [code, { tagline: typeof socialCard === 'object' ? socialCard.tagline : undefined }])),
  'virtual:content/blog': (c: Content) => c.blog.map((p) => ({ ...p.meta, file: path.basename(p.file) })),
} as const;
export type ModuleId = keyof typeof MODULES;

function faqByLanguage(c: Content): Record<string, Content['faq']> {
  return { [c.site.languages[0].code]: c.faq, ...Object.fromEntries(c.translations.map((t) => [t.language.code, t.faq])) };
}

/** Generated modules with one module per language beside them, `<id>/<code>`, holding that language's part alone. */
const BY_LANGUAGE: Partial<Record<ModuleId, (c: Content) => Record<string, unknown>>> = { 'virtual:content/faq': faqByLanguage };

/**
 * Whether a module id (as a module graph holds it: resolved, or as the module runner's URL) is the
 * generated module `key` that `modulesReading` names, or one language's part of it.
 */
export function isGeneratedModule(id: string, key: ModuleId): boolean {
  return id.endsWith(key) || (key in BY_LANGUAGE && /\/[\w-]+$/.test(id) && id.slice(0, id.lastIndexOf('/')).endsWith(key));
}

/** The module a generated id names and its code (a language's part: that language's data, or an error naming the known languages). */
function generated(id: string, c: Content): string | undefined {
  if (id in MODULES) return `export default ${JSON.stringify(MODULES[id as ModuleId](c))};`;
  const slash = id.lastIndexOf('/');
  const parts = BY_LANGUAGE[id.slice(0, slash) as ModuleId]?.(c);
  if (!parts) return undefined;
  const code = id.slice(slash + 1);
  if (!(code in parts)) throw new Error(`${id}: no such language; the site's languages are ${Object.keys(parts).join(', ')}`);
  return `export default ${JSON.stringify(parts[code])};`;
}

const isGeneratedId = (id: string) => id in MODULES || Object.keys(BY_LANGUAGE).some((key) => id.startsWith(`${key}/`));

/** The default language's paths of the pages a language has translated. */
function translatedPaths(translation: Content['translations'][number]): string[] {
  return translation.pages.flatMap((page) => (page.path === null || page.defaultPath === null ? [] : [page.defaultPath]));
}

type PageWithAlternates = { page: Content['pages'][number]; alternates: { code: string; path: string }[] };
const alternatesOf = new WeakMap<Content, PageWithAlternates[]>();

/**
 * Every page of every language, with the addresses of its versions (for the head's alternates and
 * the language switcher); worked out once per load of the content, not for every page compiled.
 */
function pagesWithAlternates(c: Content): PageWithAlternates[] {
  const known = alternatesOf.get(c);
  if (known) return known;
  const all = everyPage(c);
  const order = c.site.languages.map((l) => l.code);
  const versions = new Map<string, { code: string; path: string }[]>();
  for (const page of all) {
    if (page.path === null || page.defaultPath === null) continue;
    versions.set(page.defaultPath, [...(versions.get(page.defaultPath) ?? []), { code: page.locale, path: page.path }]);
  }
  for (const list of versions.values()) list.sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code));
  const pages = all.map((page) => ({ page, alternates: page.defaultPath === null ? [] : (versions.get(page.defaultPath) ?? []) }));
  alternatesOf.set(c, pages);
  return pages;
}
const RESOLVED = '\0';

export function contentPlugin(): Plugin {
  let root = process.cwd();
  let command: 'build' | 'serve' = 'build';
  let content: Content | null = null;
  // The app's content: right-to-left languages' words with their figures isolated (isolate-rtl.ts).
  const load = () => (content ??= isolateRightToLeft(loadContent(root)));

  return {
    name: 'garlic-content',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      command = config.command;
    },
    buildStart() {
      content = null;
      // A build fails at once; the dev server starts anyway and shows the problem on the page
      // that needs the content (src/build/pipeline/dev-server.ts), until the file is fixed.
      if (command === 'build') load();
      this.addWatchFile(path.join(root, 'content'));
    },
    resolveId(id) {
      return isGeneratedId(id) ? RESOLVED + id : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED) || !isGeneratedId(id.slice(1))) return;
      return generated(id.slice(1), load());
    },
    transform(code, id) {
      if (!id.endsWith('.mdx')) return;
      const rel = path.relative(root, id.split('?')[0]);
      const page = pagesWithAlternates(load()).find(({ page: p }) => p.file === rel);
      const entry = page?.page ?? load().blog.find((p) => p.file === rel);
      if (!entry) return;
      const meta = page ? { ...page.page.meta, path: page.page.path, locale: page.page.locale, alternates: page.alternates } : entry.meta;
      const frontmatterLines = code.split('\n').length - entry.body.split('\n').length;
      const head = [`export const meta = ${JSON.stringify(meta)};`, ...Array(Math.max(frontmatterLines - 1, 0)).fill('')];
      return { code: `${head.join('\n')}\n${entry.body}`, map: null };
    },
    // Every environment, for a new, changed or deleted file alike.
    hotUpdate({ file, type }) {
      const rel = path.relative(root, file);
      if (rel.startsWith('..') || !rel.startsWith('content')) return;
      content = null;
      const keys = modulesReading(rel, type);
      for (const mod of this.environment.moduleGraph.idToModuleMap.values()) {
        if (mod.id && keys.some((key) => isGeneratedModule(mod.id as string, key))) this.environment.moduleGraph.invalidateModule(mod);
      }
      if (recompilesEveryPage(rel)) {
        for (const mod of this.environment.moduleGraph.idToModuleMap.values()) if (mod.file?.endsWith('.mdx')) this.environment.moduleGraph.invalidateModule(mod);
      }
    },
  };
}

/**
 * Whether a save of this content file changes every page's and post's compiled module: their
 * frontmatter (title, description, a product's specification table) carries the figures of
 * content/facts.yaml, expanded when the module is compiled.
 */
export const recompilesEveryPage = (rel: string): boolean => rel.split(path.sep).join('/') === 'content/facts.yaml';

/**
 * The generated modules that read a content file (its path from the project root), so a save
 * recompiles those alone: a page's own text is in its MDX module, which Vite recompiles itself.
 * A new or deleted page changes which pages each language has translated.
 */
export function modulesReading(rel: string, type: 'create' | 'update' | 'delete'): ModuleId[] {
  const file = rel.split(path.sep).join('/');
  if (file === 'content/site.yaml') return ['virtual:content/site', 'virtual:content/navigation', 'virtual:content/ui', 'virtual:content/language-suggestions'];
  if (file.startsWith('content/ui/')) return ['virtual:content/ui', 'virtual:content/language-suggestions', 'virtual:content/credentials', 'virtual:content/social-cards'];
  if (/^content\/([a-z]{2}\/)?faq\//.test(file)) return ['virtual:content/faq'];
  if (file.startsWith('content/blog/')) return ['virtual:content/blog'];
  // FAQ answers, the interface's words, the site configuration's texts and the posts' frontmatter
  // carry the figures expanded at load; page frontmatter does too, and is recompiled with its page.
  if (file === 'content/facts.yaml') return ['virtual:content/facts', 'virtual:content/faq', 'virtual:content/ui', 'virtual:content/site', 'virtual:content/blog', 'virtual:content/credentials'];
  if (/^content\/[a-z]{2}\/pages\//.test(file) && type !== 'update') return ['virtual:content/ui'];
  return [];
}
