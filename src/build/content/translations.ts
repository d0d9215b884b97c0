/**
 * The site in other languages: content/<code>/pages/ and content/<code>/faq/ hold translations of
 * the English files of the same name, content/ui/<code>.yaml the interface's words. Node only.
 *
 * Each translation records which version of its English source it was made from
 * (`translatedFrom`, a hash `npm run i18n:mark` writes), so a changed source shows as stale.
 * Problems that would publish a wrong page fail the build like any content error: a translation
 * with no English source, a product page whose specification rows differ from the English one, a
 * page whose components differ, a UI file with a missing or extra key. Stale and missing
 * translations are only reported (`npm run i18n:status`, and as warnings by check:content).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { prefixedPath } from '../../shared/i18n/prefix.ts';
import { describe, listFiles, readFrontmatter, readYaml, validate } from './files.ts';
import { expandDeep, expandText, factTagProblems } from './fact-placeholders.ts';
import type { FactTable } from './facts.ts';
import type { InferOutput } from 'valibot';
import { FaqFrontmatter, HomeSections, PageMeta as PageMetaSchema, type FaqEntry, type Language, type NavItem, type SiteConfig } from './schema.ts';

/** A page of one language: `path` is its address in that language, null for the not-found page. */
export interface LocalePage {
  locale: string;
  path: string | null;
  file: string;
  meta: PageMeta;
  body: string;
  /** For a translation, its English file. */
  source?: string;
  /** The default language's path of this page (its own for an English page; null for the not-found page). */
  defaultPath: string | null;
}

type PageMeta = InferOutput<typeof PageMetaSchema>;

export interface Translation {
  language: Language;
  pages: LocalePage[];
  faq: FaqEntry[];
}

/** Nested interface strings, as read from content/ui/<code>.yaml. */
export type UiStrings = { [key: string]: string | UiStrings };

/** The address of an English path in a language: /about → /de/about, / → /de. */
export function localePath(site: Pick<SiteConfig, 'languages'>, code: string, englishPath: string): string {
  return prefixedPath(site.languages[0].code, code, englishPath);
}

/** The version of an English source a translation records: the first 12 hex digits of its SHA-256. */
export function sourceHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/**
 * The components a page body places (`<ProductSpecs />`, `<Island name="ContactForm" />`), in order.
 * `<Fact />` is left out: a figure sits where the language's sentence puts it, not where the English does.
 */
function components(body: string): string[] {
  return [...body.matchAll(/<([A-Z]\w*)(?:\s+name="([^"]+)")?/g)].filter(([, tag]) => tag !== 'Fact').map(([, tag, name]) => (name ? `${tag} ${name}` : tag));
}

/** What must be the same in a page and its translation for the translation to be published. */
function structureProblems(rel: string, english: LocalePage, meta: PageMeta, body: string): string[] {
  const problems: string[] = [];
  const ours = english.meta.product?.specifications ?? [];
  const theirs = meta.product?.specifications ?? [];
  if (ours.length !== theirs.length || ours.some((group, i) => group.rows.length !== theirs[i]?.rows.length)) {
    const shape = (groups: typeof ours) => `[${groups.map((g) => g.rows.length).join(', ')}]`;
    problems.push(`${rel}: product.specifications: expected the groups and rows of ${english.file} ${shape(ours)}, got ${shape(theirs)}`);
  }
  const expected = components(english.body);
  const got = components(body);
  if (expected.join('|') !== got.join('|')) problems.push(`${rel}: content: expected the components of ${english.file} (${expected.join(', ') || 'none'}), got ${got.join(', ') || 'none'}`);
  const englishItems = (english.meta.sections as { products?: { items?: unknown[] } } | undefined)?.products?.items?.length;
  const items = (meta.sections as { products?: { items?: unknown[] } } | undefined)?.products?.items?.length;
  if (englishItems !== items) problems.push(`${rel}: sections.products.items: expected ${englishItems} products as in ${english.file}, got ${items}`);
  return problems;
}

function readLocalePages(root: string, site: SiteConfig, language: Language, english: LocalePage[], facts: FactTable, problems: string[]): LocalePage[] {
  const dir = path.join(root, 'content', language.code, 'pages');
  const bySource = new Map(english.map((page) => [path.relative('content/pages', page.file), page]));
  const titles = new Map<string, string>();
  const pages: LocalePage[] = [];
  for (const abs of listFiles(dir, /\.mdx$/)) {
    const rel = path.relative(root, abs);
    const source = bySource.get(path.relative(dir, abs));
    if (!source) {
      // An English page that failed its own check is reported as such; its translations wait for it.
      const sourceFile = path.join('content/pages', path.relative(dir, abs));
      if (!fs.existsSync(path.join(root, sourceFile))) problems.push(`${rel}: file: expected a translation of an English page, but ${sourceFile} does not exist`);
      continue;
    }
    const parsed = readFrontmatter(abs, rel, problems);
    if (!parsed) continue;
    problems.push(...factTagProblems(parsed.body, facts, rel));
    const meta = validate(PageMetaSchema, expandDeep(parsed.data, language.code, facts, rel, problems), rel, problems);
    if (!meta) continue;
    if (source.path === '/') validate(HomeSections, meta.sections, `${rel}: sections`, problems);
    problems.push(...structureProblems(rel, source, meta, parsed.body));
    const other = titles.get(meta.title);
    if (other) problems.push(`${rel}: title: "${meta.title}" is already the title of ${other}; titles must be unique`);
    titles.set(meta.title, rel);
    pages.push({
      locale: language.code,
      path: source.path === null ? null : localePath(site, language.code, source.path),
      defaultPath: source.path,
      file: rel,
      meta,
      // {fact:...} in a component's text attribute becomes the figure, as in English pages (load.ts).
      body: expandText(parsed.body, language.code, facts, `${rel}: content`, problems),
      source: source.file,
    });
  }
  return pages;
}

function readLocaleFaq(root: string, language: Language, english: FaqEntry[], facts: FactTable, problems: string[]): FaqEntry[] {
  const byId = new Map(english.map((entry) => [entry.id, entry]));
  const entries: FaqEntry[] = [];
  for (const abs of listFiles(path.join(root, 'content', language.code, 'faq'), /\.md$/)) {
    const rel = path.relative(root, abs);
    const parsed = readFrontmatter(abs, rel, problems);
    if (!parsed) continue;
    const meta = validate(FaqFrontmatter, expandDeep(parsed.data, language.code, facts, rel, problems), rel, problems);
    if (!meta) continue;
    const source = byId.get(meta.id);
    if (`${meta.id}.md` !== path.basename(abs)) problems.push(`${rel}: id: expected "${path.basename(abs, '.md')}" to match the file name, got "${meta.id}"`);
    if (!source) {
      if (!fs.existsSync(path.join(root, 'content/faq', `${meta.id}.md`))) problems.push(`${rel}: id: expected the id of an English entry in content/faq/, got "${meta.id}"`);
      continue;
    }
    if (meta.category !== source.category) problems.push(`${rel}: category: expected "${source.category}" as in content/faq/${source.id}.md, got "${meta.category}"`);
    const answer = expandText(parsed.body.trim(), language.code, facts, `${rel}: answer`, problems);
    if (!answer) problems.push(`${rel}: answer: expected the answer as the text below the frontmatter, got nothing`);
    entries.push({ ...meta, order: source.order, answer });
  }
  // The English order, so every language lists the questions alike.
  const order = english.map((entry) => entry.id);
  return entries.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}

/** Every key path of a UI file (`shell.more`), with its placeholders. */
function keyPaths(strings: UiStrings, prefix = ''): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, value] of Object.entries(strings)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(at, [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
    else for (const [inner, placeholders] of keyPaths(value, at)) out.set(inner, placeholders);
  }
  return out;
}

/** The texts of content/site.yaml each other language translates in its UI file's `site` map. */
export const TRANSLATED_SITE_TEXTS = ['description', 'serviceType', 'hours', 'copyright', 'whatsappMessage', 'chatGreeting', 'place'] as const;
export type SiteTextKey = (typeof TRANSLATED_SITE_TEXTS)[number];

function navigationHrefs(site: SiteConfig): string[] {
  return [...new Set(Object.values(site.navigation).flatMap((items: NavItem[]) => items.map((item) => item.href)))];
}

function readUiFile(root: string, code: string, problems: string[]): UiStrings | null {
  const rel = `content/ui/${code}.yaml`;
  const value = readYaml(root, rel, problems, "file is missing: every language in content/site.yaml needs its interface's words");
  if (value === undefined) return null;
  if (!value || typeof value !== 'object') {
    problems.push(`${rel}: file: expected keys with the interface's words, got ${describe(value)}`);
    return null;
  }
  return value as UiStrings;
}

/** The interface's words of every language, checked key by key against the default language's file. */
/**
 * Each language's interface words, with the figures of content/facts.yaml written in as `{fact:...}`
 * (a form's next steps, a field's hint) already replaced in that language, like the pages'.
 */
export function readUi(root: string, site: SiteConfig, facts: FactTable, problems: string[]): Record<string, UiStrings> {
  const [base, ...others] = site.languages;
  const ui: Record<string, UiStrings> = {};
  const readWithFacts = (code: string) => {
    const strings = readUiFile(root, code, problems);
    return strings && expandDeep(strings, code, facts, `content/ui/${code}.yaml`, problems);
  };
  const english = readWithFacts(base.code);
  if (!english) return ui;
  ui[base.code] = english;
  const { credentials: _englishCredentials, ...englishWords } = english;
  const expected = keyPaths(englishWords);
  for (const language of others) {
    const rel = `content/ui/${language.code}.yaml`;
    const strings = readWithFacts(language.code);
    if (!strings) continue;
    // `certifications` and `credentials` name content/facts.yaml's; the loader checks them against the data (certifications.ts, credentials.ts).
    const { navigation, site: siteTexts, stats, certifications: _certifications, credentials: _credentials, ...rest } = strings as UiStrings & { navigation?: UiStrings; site?: UiStrings; stats?: UiStrings; certifications?: UiStrings; credentials?: UiStrings };
    const got = keyPaths(rest);
    for (const [key, placeholders] of expected) {
      if (!got.has(key)) problems.push(`${rel}: ${key}: required key is missing (${base.code}.yaml has it)`);
      else if (got.get(key)?.join() !== placeholders.join()) problems.push(`${rel}: ${key}: expected the placeholders {${placeholders.join('}, {')}}, got {${got.get(key)?.join('}, {')}}`);
    }
    for (const key of got.keys()) if (!expected.has(key)) problems.push(`${rel}: ${key}: unknown key; remove it or check its spelling (${base.code}.yaml has no such key)`);
    for (const href of navigationHrefs(site))
      if (typeof navigation?.[href] !== 'string') problems.push(`${rel}: navigation.${href}: required: the label of the menu link to ${href}`);
    for (const { label } of site.stats) if (typeof stats?.[label] !== 'string') problems.push(`${rel}: stats.${label}: required: the label of content/site.yaml's figure "${label}" in this language`);
    for (const key of TRANSLATED_SITE_TEXTS) if (typeof siteTexts?.[key] !== 'string') problems.push(`${rel}: site.${key}: required: content/site.yaml's ${key} in this language`);
    ui[language.code] = strings;
  }
  return ui;
}

export function readTranslations(root: string, site: SiteConfig, english: { pages: LocalePage[]; faq: FaqEntry[] }, facts: FactTable, problems: string[]): Translation[] {
  const known = new Set(site.languages.map((l) => l.code));
  for (const entry of fs.existsSync(path.join(root, 'content')) ? fs.readdirSync(path.join(root, 'content'), { withFileTypes: true }) : []) {
    const holdsTranslations = ['pages', 'faq'].some((sub) => fs.existsSync(path.join(root, 'content', entry.name, sub)));
    if (entry.isDirectory() && holdsTranslations && !known.has(entry.name))
      problems.push(`content/${entry.name}: folder: "${entry.name}" is not a language of content/site.yaml (languages: ${[...known].join(', ')})`);
  }
  return site.languages.slice(1).map((language) => ({
    language,
    pages: readLocalePages(root, site, language, english.pages, facts, problems),
    faq: readLocaleFaq(root, language, english.faq, facts, problems),
  }));
}

export type TranslationState = 'translated' | 'stale' | 'missing';

export interface TranslationReport {
  locale: string;
  /** The English file. */
  source: string;
  /** The translation's file (where it is, or would be). */
  file: string;
  state: TranslationState;
}

/**
 * Every English page and FAQ entry that is to be translated (pages marked `englishOnly` are not),
 * per language: translated (its recorded version is the source's), stale, or missing.
 */
export function translationReport(root: string, english: { pages: LocalePage[] }, translations: Translation[]): TranslationReport[] {
  const read = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');
  const reports: TranslationReport[] = [];
  const faqFiles = listFiles(path.join(root, 'content/faq'), /\.md$/).map((abs) => path.relative(root, abs));
  for (const { language, pages, faq } of translations) {
    const translatedPages = new Map(pages.map((page) => [page.source, page]));
    for (const page of english.pages) {
      if (page.meta.englishOnly) continue;
      const file = path.join('content', language.code, path.relative('content', page.file));
      const translation = translatedPages.get(page.file);
      const state = !translation ? 'missing' : translation.meta.translatedFrom === sourceHash(read(page.file)) ? 'translated' : 'stale';
      reports.push({ locale: language.code, source: page.file, file, state });
    }
    const translatedFaq = new Map(faq.map((entry) => [entry.id, entry]));
    for (const source of faqFiles) {
      const id = path.basename(source, '.md');
      const file = path.join('content', language.code, 'faq', `${id}.md`);
      const translation = translatedFaq.get(id);
      const state = !translation ? 'missing' : translation.translatedFrom === sourceHash(read(source)) ? 'translated' : 'stale';
      reports.push({ locale: language.code, source, file, state });
    }
  }
  return reports;
}
