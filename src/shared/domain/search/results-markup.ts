/**
 * The site search's results as HTML, the same in the browser (the search page and the header's
 * search box) and on the server (the search page's answer without JavaScript): a count, then each
 * result's title as a link, its section and an excerpt with the matched words marked.
 *
 * In a right-to-left language the figures in a result ("80–120 mesh", "+971 4 1234567") are
 * isolated as everywhere else on the site (src/shared/i18n/ltr-runs.ts): the index keeps a page's
 * text without the markup that isolated them on the page, so they are isolated again here.
 */
import { FSI, PDI, isolateLtrRuns } from '@/shared/i18n/ltr-runs';

/** The search's words in one language (content/ui/<code>.yaml `search`, and `language.englishOnly`). */
export interface SearchUi {
  open: string;
  title: string;
  label: string;
  placeholder: string;
  submit: string;
  close: string;
  results: string;
  count: string;
  countOne: string;
  none: string;
  correctedTo: string;
  searching: string;
  allResults: string;
  failed: string;
  needsScript: string;
  englishOnly: string;
  /** How the language is written; right to left, figures in the results and the echoed query are isolated. */
  dir?: 'ltr' | 'rtl';
}

/** One result, as the index gives it. */
export interface SearchHit {
  url: string;
  title: string;
  section: string;
  /** The excerpt with `<mark>` around the matched words (any other markup is dropped). */
  excerpt: string;
  /** The language the page is written in, where it differs from the search's. */
  lang?: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * An excerpt as the index writes it (its text HTML-escaped, the matches in `<mark>`), with every
 * tag but `<mark>` taken out, so an index built from hostile text cannot add markup.
 */
export function safeExcerpt(excerpt: string): string {
  return excerpt.replace(/<(?!\/?mark>)[^>]*>?/g, '');
}

function fillIn(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
}

const rightToLeft = (ui: SearchUi) => ui.dir === 'rtl';

/** The visitor's words inside a right-to-left sentence: laid out in their own direction, so "HS code" or "80-120" keeps its order. */
const quoted = (ui: SearchUi, query: string) => (rightToLeft(ui) ? FSI + query + PDI : query);

/** "3 results", "1 result", or what says that nothing matched. */
export function countText(ui: SearchUi, count: number, query: string): string {
  if (count === 0) return fillIn(ui.none, { query: quoted(ui, query) });
  return count === 1 ? ui.countOne : fillIn(ui.count, { count });
}

/** The line that says which query was answered instead of a misspelt one (nothing when none was). */
export function correctedHtml(ui: SearchUi, corrected: string | null | undefined): string {
  return corrected ? `<p class="search-corrected">${escapeHtml(fillIn(ui.correctedTo, { query: quoted(ui, corrected) }))}</p>` : '';
}

const ENTITY = /&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeHtml(text: string): string {
  return text.replace(ENTITY, (entity, decimal?: string, hex?: string, name?: string) => {
    if (name) return NAMED[name.toLowerCase()];
    const code = decimal ? Number(decimal) : parseInt(hex ?? '', 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/**
 * An excerpt (text and `<mark>` only, as safeExcerpt leaves it) with its figures isolated. A figure
 * is found in the text as read, across the marks ("80–<mark>120</mark> mesh" is one figure), and
 * its isolates go around it whole; the marks stay where they were.
 */
export function isolateExcerpt(excerpt: string): string {
  const parts = excerpt.split(/(<\/?mark>)/);
  let text = '';
  const marks: { at: number; tag: string }[] = [];
  parts.forEach((part, i) => {
    if (i % 2) marks.push({ at: text.length, tag: part });
    else text += unescapeHtml(part);
  });
  const isolated = isolateLtrRuns(text);
  let html = '';
  let read = 0;
  let mark = 0;
  const marksUpTo = (at: number) => {
    for (; mark < marks.length && marks[mark].at <= at; mark++) html += marks[mark].tag;
  };
  // isolateLtrRuns only adds isolates: every other character is the text's next one.
  for (const char of isolated) {
    if (text.startsWith(char, read)) {
      marksUpTo(read);
      html += escapeHtml(char);
      read += char.length;
    } else html += char;
  }
  marksUpTo(text.length);
  return html;
}

/** The results list (an empty string for none: the count says so). */
export function resultsHtml(hits: readonly SearchHit[], ui: SearchUi): string {
  if (!hits.length) return '';
  const items = hits.map((hit) => {
    // A page in another language (an English post) is laid out in its own direction; a page in
    // the search's right-to-left language gets its figures isolated.
    const lang = hit.lang ? ` lang="${escapeHtml(hit.lang)}" dir="auto"` : '';
    const isolate = rightToLeft(ui) && !hit.lang;
    const text = (plain: string) => escapeHtml(isolate ? isolateLtrRuns(plain) : plain);
    const other = hit.lang ? ` <span class="search-result-lang">(${escapeHtml(ui.englishOnly)})</span>` : '';
    const excerpt = safeExcerpt(hit.excerpt);
    return (
      `<li class="search-result"><a class="search-result-link" href="${escapeHtml(hit.url)}"${hit.lang ? ` hreflang="${escapeHtml(hit.lang)}"` : ''}>` +
      `<span class="search-result-title"${lang}>${text(hit.title)}</span>${other}</a>` +
      `<span class="search-result-section">${text(hit.section)}</span>` +
      `<span class="search-result-excerpt"${lang}>${isolate ? isolateExcerpt(excerpt) : excerpt}</span></li>`
    );
  });
  return `<ol class="search-list">${items.join('')}</ol>`;
}
