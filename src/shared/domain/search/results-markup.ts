/**
 * The site search's results as HTML, the same in the browser (the search page and the header's
 * search box) and on the server (the search page's answer without JavaScript): a count, then each
 * result's title as a link, its section and an excerpt with the matched words marked.
 */

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

/** "3 results", "1 result", or what says that nothing matched. */
export function countText(ui: SearchUi, count: number, query: string): string {
  if (count === 0) return fillIn(ui.none, { query });
  return count === 1 ? ui.countOne : fillIn(ui.count, { count });
}

/** The results list (an empty string for none: the count says so). */
export function resultsHtml(hits: readonly SearchHit[], ui: SearchUi): string {
  if (!hits.length) return '';
  const items = hits.map((hit) => {
    const lang = hit.lang ? ` lang="${escapeHtml(hit.lang)}"` : '';
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
