/**
 * The site search's results as HTML, the same in the browser (the search page and the header's
 * search box) and on the server (the search page's answer without JavaScript): a count, then each
 * result's title as a link, its section and an excerpt with the matched words marked.
 *
 * A right-to-left language's results arrive with their figures isolated ("80–120 mesh" between
 * Unicode's isolates: the build puts them in the index, src/build/pipeline/search-pages.ts); here
 * the query the words repeat is isolated, and a result in another language keeps its direction.
 */
import { FSI, PDI } from '@/shared/i18n/ltr-runs';

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
  /** How the language is written; right to left, the query its words repeat is isolated. */
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

/**
 * escapeMarkup (src/shared/escape-markup.ts) written again, on purpose: the menus and the islands
 * import that module too, so the search's script importing it would make it a file of its own,
 * one more request on /search, whose script is near its budget. The tests hold the two the same.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * What the index marks with a word but is not part of it: the brackets, quotation marks and stops
 * around it, and the isolates of a right-to-left page's figures (it marks "coli)⁩" in "⁦(E. coli)⁩").
 * A semicolon stays: it may end one of the excerpt's escapes ("&amp;").
 */
const MARK_EDGES = /<mark>([([«‘“\u2066-\u2068]*)([^<]*?)([)\]»’”.,:!?،؛؟\u2069]*)<\/mark>/g;

/**
 * An excerpt as the index writes it (its text HTML-escaped, the matches in `<mark>`), with every
 * tag but `<mark>` taken out, so an index built from hostile text cannot add markup, and each mark
 * around the word alone.
 */
export function safeExcerpt(excerpt: string): string {
  return excerpt
    .replace(/<(?!\/?mark>)[^>]*>?/g, '')
    .replace(MARK_EDGES, (all, before: string, word: string, after: string) => (word ? `${before}<mark>${word}</mark>${after}` : all));
}

function fillIn(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
}

/** The visitor's words inside a right-to-left sentence: laid out in their own direction, so "HS code" or "80-120" keeps its order. */
const quoted = (ui: SearchUi, query: string) => (ui.dir === 'rtl' ? FSI + query + PDI : query);

/** "3 results", "1 result", or what says that nothing matched. */
export function countText(ui: SearchUi, count: number, query: string): string {
  if (count === 0) return fillIn(ui.none, { query: quoted(ui, query) });
  return count === 1 ? ui.countOne : fillIn(ui.count, { count });
}

/** The line that says which query was answered instead of a misspelt one (nothing when none was). */
export function correctedHtml(ui: SearchUi, corrected: string | null | undefined): string {
  return corrected ? `<p class="search-corrected">${escapeHtml(fillIn(ui.correctedTo, { query: quoted(ui, corrected) }))}</p>` : '';
}

/** The results list (an empty string for none: the count says so). */
export function resultsHtml(hits: readonly SearchHit[], ui: SearchUi): string {
  if (!hits.length) return '';
  const items = hits.map((hit) => {
    // A page in another language (an English post on an Arabic page) is laid out in its own direction.
    const lang = hit.lang ? ` lang="${escapeHtml(hit.lang)}" dir="auto"` : '';
    const other = hit.lang ? ` <span class="search-result-lang">(${escapeHtml(ui.englishOnly)})</span>` : '';
    return (
      `<li class="search-result"><a class="search-result-link" href="${escapeHtml(hit.url)}"${hit.lang ? ` hreflang="${escapeHtml(hit.lang)}"` : ''}>` +
      `<span class="search-result-title"${lang}>${escapeHtml(hit.title)}</span>${other}</a>` +
      `<span class="search-result-section">${escapeHtml(hit.section)}</span>` +
      `<span class="search-result-excerpt"${lang}>${safeExcerpt(hit.excerpt)}</span></li>`
    );
  });
  return `<ol class="search-list">${items.join('')}</ol>`;
}
