/**
 * Reads every file in `content/` and checks it against its schema (Node only: build, check, tests).
 *
 * This is the only code that parses frontmatter. It collects every problem in every file before
 * failing, so an editor sees the whole list at once, each line naming the file, the field and
 * what was expected, e.g. `content/blog/03-export-trends.mdx: date: expected YYYY-MM-DD, got "31/02/2025"`.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  BlogFrontmatter,
  FAQ_CATEGORIES,
  FaqFrontmatter,
  HomeSections,
  InvestorPortal,
  type Glossary,
  PageMeta,
  SiteConfig,
  type BlogPostMeta,
  type FaqEntry,
} from './schema.ts';
import { describe, listFiles, readFrontmatter, readYaml, validate } from './files.ts';
import { readGlossaries } from './glossary-check.ts';
import { expandDeep, expandText, factTagProblems } from './fact-placeholders.ts';
import { badgeProblems, fillCertifications } from './certifications.ts';
import { certificationCredentialProblems, credentialWordsProblems, handTypedCredentialTables } from './credentials.ts';
import { factTable, FactsFile, type FactTable } from './facts.ts';
import { DESCRIPTION_MAX, DESCRIPTION_MIN } from './snippet-limits.ts';
import { readTranslations, readUi, type LocalePage, type Translation, type UiStrings } from './translations.ts';
import { LEAD_FORM_WORD_KEYS, type LeadFormWords } from '../../shared/domain/lead-form-words.ts';

/** A page of content/pages (English) or of a translation: `path` is where it is served, null for the not-found page. */
export type PageFile = LocalePage;
export interface BlogFile {
  file: string;
  meta: BlogPostMeta;
  body: string;
}
export interface Content {
  site: SiteConfig;
  /** The pages in the default language (English). */
  pages: PageFile[];
  /** Every other language of the site: its translated pages and FAQ entries. */
  translations: Translation[];
  /** The interface's words, by language code. */
  ui: Record<string, UiStrings>;
  faq: FaqEntry[];
  blog: BlogFile[];
  /** Checked with the rest so a broken file fails the build too; only the server sends it (src/server/api/investors.ts). */
  investorPortal: InvestorPortal;
  /** Each language's glossary (content/glossary/<code>.yaml), by language code; the content check applies them. */
  glossaries: Record<string, Glossary>;
  /** content/facts.yaml: every figure the pages and FAQ answers show through `<Fact />` or `{fact:...}`. */
  facts: FactsFile;
  /** The facts' quantities by name (`garlic-powder.moq`), for the `<Fact />` component. */
  factTable: FactTable;
}

/** Every page of the site in every language: the default language's, then each translation's. */
export function everyPage({ pages, translations }: Pick<Content, 'pages' | 'translations'>): PageFile[] {
  return [...pages, ...translations.flatMap((translation) => translation.pages)];
}

/** The content file that each page's address is rendered from (a post's at `/blog/<id>`), for messages that name it. */
export function sourceFileOf({ pages, translations, blog }: Pick<Content, 'pages' | 'translations' | 'blog'>): (urlPath: string) => string | undefined {
  const files = new Map<string, string>();
  for (const page of everyPage({ pages, translations })) if (page.path !== null) files.set(page.path, page.file);
  for (const post of blog) files.set(`/blog/${post.meta.id}`, post.file);
  return (urlPath) => files.get(urlPath);
}

export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Content check failed (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n  ${problems.join('\n  ')}`);
    this.name = 'ContentError';
  }
}

/** The not-found page's file name: vite-plugin-pages reads `[...all]` as the catch-all route. */
const NOT_FOUND_FILE = '[...all].mdx';

/**
 * content/site.yaml, validated. Its texts write a fact as `{fact:company.enquiryResponse:words}` as
 * the interface's words do; `facts` expands them in the site's first language (without it, as
 * for the build's own settings, which read the languages alone, the placeholders stay).
 */
export function readSiteConfig(root: string, problems: string[], facts?: FactTable): SiteConfig | null {
  const rel = 'content/site.yaml';
  const data = readYaml(root, rel, problems);
  if (data === undefined) return null;
  const first = (data as { languages?: { code?: unknown }[] } | null)?.languages?.[0]?.code;
  const expanded = facts ? expandDeep(data, typeof first === 'string' ? first : 'en', facts, rel, problems) : data;
  return validate(SiteConfig, expanded, rel, problems);
}

/** The site configuration alone, with its facts, for the server at start; throws a `ContentError` naming the file and field. */
export function loadSiteConfig(root = process.cwd()): SiteConfig {
  const problems: string[] = [];
  const { site } = readSiteWithFacts(root, problems);
  if (problems.length || !site) throw new ContentError(problems);
  return site;
}

/** content/site.yaml with content/facts.yaml's figures written in, and the facts' table. */
function readSiteWithFacts(root: string, problems: string[]): { site: SiteConfig | null; table: FactTable } {
  const facts = readFacts(root, problems);
  const table = facts ? factTable(facts) : {};
  return { site: readSiteConfig(root, problems, table), table };
}

/**
 * The lead forms' words of one language (content/ui/<code>.yaml, `leadForms`, its figures filled in),
 * or null with a problem for each word missing, so the content check names the file and the key.
 */
export function leadFormWordsOf(ui: Record<string, UiStrings>, code: string, problems: string[]): LeadFormWords | null {
  const section = ui[code]?.leadForms;
  const words = section && typeof section === 'object' ? section : {};
  const missing = LEAD_FORM_WORD_KEYS.filter((key) => typeof words[key] !== 'string');
  for (const key of missing) problems.push(`content/ui/${code}.yaml: leadForms.${key}: required: the lead forms' words include it`);
  return missing.length ? null : (words as LeadFormWords);
}

/**
 * The lead forms' words in the site's first language with content/facts.yaml's figures filled in,
 * for the server at start (its validation messages, the sales team's e-mail); throws a
 * `ContentError` naming the file and field, as loadSiteConfig does.
 */
export function loadLeadFormWords(root = process.cwd()): LeadFormWords {
  const problems: string[] = [];
  const { site, table } = readSiteWithFacts(root, problems);
  const code = site?.languages[0].code ?? 'en';
  const words = site ? leadFormWordsOf(readUi(root, site, table, problems), code, problems) : null;
  if (problems.length || !words) throw new ContentError(problems);
  return words;
}

export const FACTS_FILE = 'content/facts.yaml';

/** content/facts.yaml, validated: a wrong value fails the build as `content/facts.yaml: products.garlic-powder.moq.value: ...`. */
export function readFacts(root: string, problems: string[]): FactsFile | null {
  const data = readYaml(root, FACTS_FILE, problems);
  return data === undefined ? null : validate(FactsFile, data, FACTS_FILE, problems);
}

/** `content/pages/region/eu.mdx` → `/region/eu`; `index.mdx` files take their folder's path. */
export function pagePath(relToPages: string): string | null {
  if (path.basename(relToPages) === NOT_FOUND_FILE) return null;
  const route = relToPages.replace(/\\/g, '/').replace(/\.mdx$/, '').replace(/(^|\/)index$/, '');
  return `/${route}`;
}

function readPages(root: string, locale: string, facts: FactTable, problems: string[]): PageFile[] {
  const dir = path.join(root, 'content/pages');
  const pages: PageFile[] = [];
  const titles = new Map<string, string>();
  for (const abs of listFiles(dir, /\.mdx$/)) {
    const rel = path.relative(root, abs);
    const parsed = readFrontmatter(abs, rel, problems);
    if (!parsed) continue;
    problems.push(...factTagProblems(parsed.body, facts, rel));
    const meta = validate(PageMeta, expandDeep(parsed.data, locale, facts, rel, problems), rel, problems);
    if (!meta) continue;
    const route = pagePath(path.relative(dir, abs));
    if (route === '/') validate(HomeSections, meta.sections, `${rel}: sections`, problems);
    const other = titles.get(meta.title);
    if (other) problems.push(`${rel}: title: "${meta.title}" is already the title of ${other}; titles must be unique`);
    titles.set(meta.title, rel);
    // A component's text attribute cannot hold <Fact />: it writes {fact:...}, which becomes the figure here.
    const body = expandText(parsed.body, locale, facts, `${rel}: content`, problems);
    pages.push({ locale, path: route, defaultPath: route, file: rel, meta, body });
  }
  if (!pages.length) problems.push('content/pages: no pages found');
  return pages;
}

function readFaq(root: string, locale: string, facts: FactTable, problems: string[]): FaqEntry[] {
  const entries: FaqEntry[] = [];
  for (const abs of listFiles(path.join(root, 'content/faq'), /\.md$/)) {
    const rel = path.relative(root, abs);
    const parsed = readFrontmatter(abs, rel, problems);
    if (!parsed) continue;
    const meta = validate(FaqFrontmatter, expandDeep(parsed.data, locale, facts, rel, problems), rel, problems);
    if (!meta) continue;
    const answer = expandText(parsed.body.trim(), locale, facts, `${rel}: answer`, problems);
    if (!answer) problems.push(`${rel}: answer: expected the answer as the text below the frontmatter, got nothing`);
    if (`${meta.id}.md` !== path.basename(abs)) problems.push(`${rel}: id: expected "${path.basename(abs, '.md')}" to match the file name, got "${meta.id}"`);
    entries.push({ ...meta, answer });
  }
  const order = (c: string) => FAQ_CATEGORIES.indexOf(c as (typeof FAQ_CATEGORIES)[number]);
  return entries.sort((a, b) => order(a.category) - order(b.category) || (a.order ?? 99) - (b.order ?? 99) || a.id.localeCompare(b.id));
}

/** Without a `description`, the excerpt is the post's meta description, so it must fit as one. */
function postDescriptionProblem(meta: BlogPostMeta): string | null {
  if (meta.description !== undefined) return null;
  const { length } = meta.excerpt;
  if (length > DESCRIPTION_MAX) {
    return `description: required when the excerpt is longer than ${DESCRIPTION_MAX} characters (it has ${length}); write a description of ${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} characters for search results, got nothing`;
  }
  if (length < DESCRIPTION_MIN) {
    return `excerpt: expected at least ${DESCRIPTION_MIN} characters, as it is the post's description in search results (or add a description of ${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} characters), got ${describe(meta.excerpt)}`;
  }
  return null;
}

/** The posts, newest first; their frontmatter writes a fact as `{fact:...}` and their text as `<Fact />`, as pages do. */
function readBlog(root: string, locale: string, facts: FactTable, problems: string[]): BlogFile[] {
  const posts: BlogFile[] = [];
  const byId = new Map<number, string>();
  for (const abs of listFiles(path.join(root, 'content/blog'), /\.mdx$/)) {
    const rel = path.relative(root, abs);
    const name = path.basename(abs);
    const prefix = /^(\d+)-[a-z0-9]+(?:-[a-z0-9]+)*\.mdx$/.exec(name);
    if (!prefix) {
      problems.push(`${rel}: file name: expected <id>-<slug>.mdx such as 03-export-trends.mdx, got "${name}"`);
      continue;
    }
    const parsed = readFrontmatter(abs, rel, problems);
    if (!parsed) continue;
    problems.push(...factTagProblems(parsed.body, facts, rel));
    const meta = validate(BlogFrontmatter, expandDeep(parsed.data, locale, facts, rel, problems), rel, problems);
    if (!meta) continue;
    if (Number(prefix[1]) !== meta.id) problems.push(`${rel}: id: expected ${Number(prefix[1])} to match the file name, got ${meta.id}`);
    const clash = byId.get(meta.id);
    if (clash) problems.push(`${rel}: id: ${meta.id} is already used by ${clash}; every post needs its own id`);
    byId.set(meta.id, rel);
    if (!parsed.body.trim()) problems.push(`${rel}: content: expected the post's text below the frontmatter, got nothing`);
    const descriptionProblem = postDescriptionProblem(meta);
    if (descriptionProblem) problems.push(`${rel}: ${descriptionProblem}`);
    // As in a page: a component's text attribute writes {fact:...}, which becomes the figure here.
    posts.push({ file: rel, meta, body: expandText(parsed.body, locale, facts, `${rel}: content`, problems) });
  }
  // Newest first; the id breaks ties so the order never depends on the file system.
  return posts.sort((a, b) => b.meta.date.localeCompare(a.meta.date) || b.meta.id - a.meta.id);
}

export const INVESTOR_PORTAL_FILE = 'content/investors/portal.md';

/**
 * The investor portal's copy. `routes`, when given, are the site's paths, and every document must
 * link to one of them (the server, which reads this file alone at start, leaves that to the content check).
 */
function readInvestorPortal(root: string, problems: string[], routes?: Set<string>): InvestorPortal | null {
  const rel = INVESTOR_PORTAL_FILE;
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) {
    problems.push(`${rel}: file is missing`);
    return null;
  }
  const parsed = readFrontmatter(abs, rel, problems);
  if (!parsed) return null;
  // Text below the frontmatter would never be shown; say so rather than let an editor wonder.
  if (parsed.body.trim()) problems.push(`${rel}: content: expected nothing below the frontmatter (the portal shows only its fields), got ${describe(parsed.body.trim())}`);
  const portal = validate(InvestorPortal, parsed.data, rel, problems);
  if (portal && routes) {
    portal.documents.items.forEach((document, index) => {
      const target = document.href.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');
      if (!routes.has(target)) problems.push(`${rel}: documents.items.${index}.href: expected a page of this site, got ${describe(document.href)}`);
    });
  }
  return portal;
}

/** The investor portal's copy alone, for the server at start; throws a `ContentError` naming the file and field. */
export function loadInvestorPortal(root = process.cwd()): InvestorPortal {
  const problems: string[] = [];
  const portal = readInvestorPortal(root, problems);
  if (problems.length || !portal) throw new ContentError(problems);
  return portal;
}

/** Loads and validates all content; throws a `ContentError` listing every problem found. */
export function loadContent(root = process.cwd()): Content {
  const problems: string[] = [];
  const facts = readFacts(root, problems);
  const table = facts ? factTable(facts) : {};
  const site = readSiteConfig(root, problems, table);
  const locale = site?.languages[0].code ?? 'en';
  const pages = readPages(root, locale, table, problems);
  const faq = readFaq(root, locale, table, problems);
  const blog = readBlog(root, locale, table, problems);
  const translations = site ? readTranslations(root, site, { pages, faq }, table, problems) : [];
  const ui = site ? readUi(root, site, table, problems) : {};
  if (site) leadFormWordsOf(ui, locale, problems);
  if (facts) problems.push(...fillCertifications(everyPage({ pages, translations }), facts, ui, locale));
  if (facts && site) problems.push(...badgeProblems(site.badges, facts));
  if (facts) {
    problems.push(...certificationCredentialProblems(facts));
    if (site) problems.push(...credentialWordsProblems(facts, ui, locale));
    problems.push(...handTypedCredentialTables(everyPage({ pages, translations }), facts, ui, root));
  }
  const routes = new Set([...pages.flatMap((page) => (page.path === null ? [] : [page.path])), ...blog.map((post) => `/blog/${post.meta.id}`)]);
  const investorPortal = readInvestorPortal(root, problems, routes);
  const glossaries = site ? readGlossaries(root, site, problems) : {};
  if (problems.length || !site || !investorPortal || !facts) throw new ContentError(problems);
  return { site, pages, translations, ui, faq, blog, investorPortal, glossaries, facts, factTable: table };
}

/** The content check's report (the `file: field: …` lines) when content/ has a problem, else null. */
export function contentProblems(root = process.cwd()): string | null {
  try {
    loadContent(root);
    return null;
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  }
}
