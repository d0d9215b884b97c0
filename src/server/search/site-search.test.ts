import { describe, expect, it } from 'vitest';
import { fillSearchPage } from './site-search';

const built =
  '<main id="main"><form role="search" action="/search" method="get"><input id="search-query" type="search" name="q" class="input" placeholder="e.g."/></form>' +
  '<p role="status" class="result-count" data-search-status=""></p><div class="search-results" data-search-results=""><p class="search-note">Search needs JavaScript on this copy of the site.</p></div></main>';

describe('fillSearchPage', () => {
  it('puts the query in the box, the count in the live region and the results where the note stood', () => {
    const html = fillSearchPage(built, 'garlic "powder"', { count: '2 results', results: '<ol class="search-list"></ol>' });
    expect(html).toContain('<input id="search-query" type="search" name="q" value="garlic &quot;powder&quot;" class="input"');
    expect(html).toContain('<p role="status" class="result-count" data-search-status="">2 results</p>');
    expect(html).toContain('<div class="search-results" data-search-results=""><ol class="search-list"></ol></div>');
    expect(html).not.toContain('search-note');
  });

  // String.replace reads $` $' $& $1 in a replacement as parts of the match: a query holding them
  // would have copied the page around the search box into its value.
  it.each(["$'", '$`', '$&', '$1', "$$ $'$`"])('writes a query holding %s as it is, and the page around it once', (query) => {
    const html = fillSearchPage(built, query, { count: `Nothing matches “${query}”.`, results: `<p>${query}</p>` });
    const text = query.replaceAll('&', '&amp;');
    expect(html).toBe(
      built
        .replace('name="q"', () => `name="q" value="${text}"`)
        .replace('data-search-status=""></p>', () => `data-search-status="">Nothing matches “${text}”.</p>`)
        .replace('<p class="search-note">Search needs JavaScript on this copy of the site.</p>', () => `<p>${query}</p>`),
    );
  });

  it('writes a hostile query as text', () => {
    const html = fillSearchPage(built, '"><script>alert(1)</script>', { count: 'Nothing matches “&lt;x&gt;”.', results: '' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});
