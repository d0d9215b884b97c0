/**
 * Which built pages the site search indexes and what of them, as the HTML the index reads
 * (search-index.ts hands it to Pagefind). Only the copy the index gets is marked: the written pages
 * keep every byte they had (the landing pages must fit a new connection's first round trip).
 *
 * - Indexed: the public pages of every language: products, specifications, content pages, region
 *   pages, blog posts, and each FAQ answer as a result of its own (`/faq#<id>`, which opens it).
 * - Never: the admin, the investor portal and their sign-in, the not-found pages, the search
 *   pages and the blog's list pages (each post is its own result).
 * - Of a page, its `<main>` only (`data-pagefind-body`), without the breadcrumbs, forms and
 *   scripts (search-index.ts excludes them): the header, menus and footer are outside it.
 * - Each result names its section (`data-pagefind-meta`): the breadcrumb's parent (Products,
 *   Global Markets, Blog), else the menu group the page is in, and the FAQ's topic for an answer.
 * - A blog post (English only) is also indexed in every other language by its title and opening,
 *   marked as English, so a German or Arabic visitor finds it and is told it is in English (under an
 *   address of its own in that index, with the post's address as its `url`).
 */
import { wordsOf } from '@/shared/domain/search/query';
import { LRI, PDI } from '@/shared/i18n/ltr-runs';
import type { SearchUi } from '@/shared/domain/search/results-markup';

/** The site configuration and words the sections are named with. */
export interface SearchSite {
  /** The languages' codes, the default first. */
  languages: string[];
  /** The codes of the languages written right to left (their results' figures are isolated). */
  rightToLeft?: string[];
  navigation: { primary: { href: string }[]; products: { href: string }[]; company: { href: string }[]; resources: { href: string }[] };
  /** Each language's words: shell.company, shell.resources, shell.home, faq.<category>, and (other languages) navigation labels by path. */
  ui: Record<
    string,
    {
      shell: Record<string, string>;
      faq: Record<string, string>;
      search: Omit<SearchUi, 'englishOnly'>;
      language: { englishOnly: string };
      navigation?: Record<string, string>;
    }
  >;
  /** The default language's menu labels by path (content/site.yaml's). */
  labels: Record<string, string>;
  /** Each language's FAQ tags by entry id: words a buyer may search with that the answer need not use ("MOQ"). */
  faqTags?: Record<string, Record<string, string[]>>;
}

/** One record for the index: a page, or one FAQ answer. */
export interface SearchRecord {
  url: string;
  language: string;
  /** The HTML the index reads. */
  html: string;
  /** Words of its title and headings, for the vocabulary a misspelt query is corrected to. */
  headings: string[];
}

const NEVER_INDEXED = /^\/(?:admin|investors|search|404)(?:\/|$)|^\/blog(?:\/page\/\d+)?$/;

/** The path as in the default language, and the language, of a built page's path. */
export function splitLanguage(urlPath: string, languages: string[]): { code: string; defaultPath: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(urlPath);
  if (match && languages.includes(match[1]) && match[1] !== languages[0]) return { code: match[1], defaultPath: match[2] || '/' };
  return { code: languages[0], defaultPath: urlPath };
}

/** Whether a page at this path is ever a search result. */
export function isSearchable(urlPath: string, languages: string[]): boolean {
  return !NEVER_INDEXED.test(splitLanguage(urlPath, languages).defaultPath);
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;|&#34;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** A menu label of a path in a language. */
export function label(site: SearchSite, code: string, href: string): string {
  return site.ui[code]?.navigation?.[href] ?? site.labels[href] ?? href;
}

/** The section a page is shown under: the breadcrumb's parent, else its menu group. */
export function sectionOf(html: string, code: string, defaultPath: string, site: SearchSite): string {
  const crumbs = /<nav[^>]*class="breadcrumbs"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1];
  const items = crumbs ? [...crumbs.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => textOf(m[1])) : [];
  if (items.length >= 3) return items[items.length - 2];
  const words = site.ui[code]?.shell ?? site.ui[site.languages[0]].shell;
  const { navigation } = site;
  if (defaultPath === '/') return words.home;
  if (defaultPath.startsWith('/blog/')) return label(site, code, '/blog');
  if (navigation.products.some((item) => item.href === defaultPath)) return label(site, code, '/products');
  if (navigation.resources.some((item) => item.href === defaultPath)) return words.resources;
  return words.company;
}

/**
 * An experiment's copy once: the page holds every variant's text (src/browser/experiments/VariantText.tsx),
 * the visitor sees one; the index keeps the first (the control) and leaves out the others.
 */
export function firstVariantsOnly(html: string): string {
  const seen = new Map<string, string>();
  return html.replace(/<span class="ab-variant" data-experiment="([^"]*)" data-variant="([^"]*)"/g, (tag, experiment: string, variant: string) => {
    const first = seen.get(experiment) ?? variant;
    seen.set(experiment, first);
    return variant === first ? tag : `${tag} data-pagefind-ignore`;
  });
}

/**
 * A page's title (its `<h1>`) at Pagefind's highest weight, above the headings' 7: the page named
 * "Garlic Powder" comes before an FAQ answer or a post that asks or tells about garlic powder.
 */
export const TITLE_WEIGHT = 10;

function titleFirst(html: string): string {
  return html.replace(/<h1\b/, `<h1 data-pagefind-weight="${TITLE_WEIGHT}"`);
}

/**
 * What the index reads of a page: its `<main>` alone, marked as the part to index, with its
 * section, in a document of its language (the page's head, with its inlined styles, is no search
 * text and would only lengthen what the indexer is sent); null for a page without `<main>`.
 */
function indexedCopy(html: string, section: string, language: string, extraMeta = '', weight: number | null = null): string | null {
  const main = /<main\b([^>]*)>([\s\S]*)<\/main>/.exec(html);
  if (!main) return null;
  const text = firstVariantsOnly(main[2]);
  const body = weight === null ? titleFirst(text) : `<div data-pagefind-weight="${weight}">${text}</div>`;
  return (
    `<!doctype html><html lang="${language}"><body><main${main[1]} data-pagefind-body>` +
    `<span data-pagefind-meta="section:${escapeAttribute(section)}"></span>${extraMeta}${body}</main></body></html>`
  );
}

/**
 * A post's words count half as much as a page's (Pagefind's weight 0.5): the pages are the site's
 * reference on a product or a question, and a post that names the product as often as its page
 * should come after it.
 */
export const POST_WEIGHT = 0.5;

function headingWords(html: string): string[] {
  return [...html.matchAll(/<(h[1-3]|summary)\b[^>]*>([\s\S]*?)<\/\1>/g)].flatMap((m) => wordsOf(textOf(m[2])));
}

const FAQ_ENTRY = /<details\b[^>]*\bid="([^"]+)"[^>]*class="faq-item"[^>]*><summary>([\s\S]*?)<\/summary><div class="faq-answer">([\s\S]*?)<\/div><\/details>/g;

/** Each FAQ answer of the FAQ page as a page of its own: its question as the title, its topic as the section. */
function faqRecords(html: string, code: string, urlPath: string, site: SearchSite): SearchRecord[] {
  const faqLabel = label(site, code, '/faq');
  const topics = site.ui[code]?.faq ?? {};
  const records: SearchRecord[] = [];
  // The topic of an answer is the <h2> of the section it stands in (faq-category-<topic>).
  const sections = html.split(/(?=<section\b[^>]*aria-labelledby="faq-category-)/);
  for (const part of sections) {
    const topic = /aria-labelledby="faq-category-([a-z]+)"/.exec(part)?.[1];
    for (const [, id, question, answer] of part.matchAll(FAQ_ENTRY)) {
      const tags = site.faqTags?.[code]?.[id] ?? [];
      const body = answer.replace(/<p class="faq-link">[\s\S]*?<\/p>/g, '') + (tags.length ? `<p>${tags.map(escapeAttribute).join(', ')}</p>` : '');
      const section = topic && topics[topic] ? `${faqLabel} · ${topics[topic]}` : faqLabel;
      records.push({
        url: `${urlPath}#${id}`,
        language: code,
        html: `<!doctype html><html lang="${code}"><head><title>${question}</title></head><body><main data-pagefind-body><span data-pagefind-meta="section:${escapeAttribute(section)}"></span><h1>${question}</h1>${body}</main></body></html>`,
        headings: wordsOf(textOf(question)),
      });
    }
  }
  return records;
}

/**
 * A right-to-left page's isolated runs as text: the page wraps each Latin run its sentence could
 * reorder in `<bdi dir="ltr">`, which the index drops with every tag, so the index's copy has
 * Unicode's isolates there instead, and a result's title and excerpt show "80–120 mesh" and
 * "2–3" in their order, as the page does.
 */
export function isolatesAsText(html: string): string {
  return html.replace(/<bdi dir="ltr">([\s\S]*?)<\/bdi>/g, `${LRI}$1${PDI}`);
}

/**
 * What the index gets of a built page: nothing for a page that is never a result; else the page,
 * each FAQ answer of the FAQ page apart (the page itself keeps its introduction), and a blog post
 * once more in every other language, marked English.
 */
export function searchRecords(urlPath: string, page: string, site: SearchSite): SearchRecord[] {
  if (!isSearchable(urlPath, site.languages)) return [];
  const { code, defaultPath } = splitLanguage(urlPath, site.languages);
  const html = site.rightToLeft?.includes(code) ? isolatesAsText(page) : page;
  const section = sectionOf(html, code, defaultPath, site);
  if (defaultPath === '/faq') {
    const answers = faqRecords(html, code, urlPath, site);
    const introduction = indexedCopy(html.replace(/<details\b[^>]*class="faq-item"[\s\S]*?<\/details>/g, ''), section, code);
    return [...(introduction ? [{ url: urlPath, language: code, html: introduction, headings: wordsOf(label(site, code, '/faq')) }] : []), ...answers];
  }
  const isPost = /^\/blog\/[^/]+$/.test(defaultPath);
  const copy = indexedCopy(html, section, code, '', isPost ? POST_WEIGHT : null);
  if (!copy) return [];
  const records: SearchRecord[] = [{ url: urlPath, language: code, html: copy, headings: headingWords(copy) }];
  if (isPost && code === site.languages[0]) {
    // In another language's index, the post's title and opening only: what a visitor searching in
    // that language may match in English, for a fraction of the indexer's work on the whole post.
    const main = /<main\b([^>]*)>/.exec(html)?.[0] ?? '<main>';
    const title = /<h1\b[^>]*>[\s\S]*?<\/h1>/.exec(html)?.[0] ?? '';
    const opening = [...html.matchAll(/<p\b[^>]*>[\s\S]*?<\/p>/g)]
      .slice(0, 3)
      .map((m) => m[0])
      .join('');
    for (const other of site.languages.slice(1)) {
      // An address of its own in the index (Pagefind keeps one page per address), and the post's own as its `url`.
      const marked = indexedCopy(
        `${main}${title}${opening}</main>`,
        label(site, other, '/blog'),
        other,
        `<span data-pagefind-meta="lang:${code}"></span><span data-pagefind-meta="url:${urlPath}"></span>`,
        POST_WEIGHT,
      );
      if (marked) records.push({ url: `/${other}${urlPath}`, language: other, html: marked, headings: [] });
    }
  }
  return records;
}
