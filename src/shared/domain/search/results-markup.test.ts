import { describe, expect, it } from 'vitest';
import { FSI, LRI, PDI } from '@/shared/i18n/ltr-runs';
import { escapeMarkup } from '@/shared/escape-markup';
import { correctedHtml, countText, escapeHtml, resultsHtml, safeExcerpt, type SearchUi } from './results-markup';

const ui = { count: '{count} results', countOne: '1 result', none: 'Nothing matches “{query}”.', englishOnly: 'Englisch' } as SearchUi;

describe('resultsHtml', () => {
  it('links each title, names its section and keeps only the marks of the excerpt', () => {
    const html = resultsHtml([{ url: '/a?x="1"', title: 'A <b>', section: 'S&P', excerpt: '<mark>a</mark> <img src=x onerror=alert(1)>b' }], ui);
    expect(html).toBe(
      '<ol class="search-list"><li class="search-result"><a class="search-result-link" href="/a?x=&quot;1&quot;"><span class="search-result-title">A &lt;b&gt;</span></a>' +
        '<span class="search-result-section">S&amp;P</span><span class="search-result-excerpt"><mark>a</mark> b</span></li></ol>',
    );
  });

  it('marks a result in another language with its language and the word for it', () => {
    const html = resultsHtml([{ url: '/blog/3', title: 'Post', section: 'Blog', excerpt: 'x', lang: 'en' }], ui);
    expect(html).toContain('hreflang="en"');
    expect(html).toContain('<span class="search-result-title" lang="en" dir="auto">Post</span> <span class="search-result-lang">(Englisch)</span>');
  });

  it('is empty for no results', () => {
    expect(resultsHtml([], ui)).toBe('');
  });
});

describe('escapeHtml', () => {
  it('escapes as escapeMarkup does, of which it is a copy for the search’s script', () => {
    const text = `O'Brien & "Sons" <b>\u00a0`;
    expect(escapeHtml(text)).toBe(escapeMarkup(text));
  });
});

describe('countText and safeExcerpt', () => {
  it('says how many, or that nothing matched', () => {
    expect(countText(ui, 3, 'x')).toBe('3 results');
    expect(countText(ui, 1, 'x')).toBe('1 result');
    expect(countText(ui, 0, 'onion')).toBe('Nothing matches “onion”.');
  });

  it('drops every tag but mark, an unclosed one too', () => {
    expect(safeExcerpt('a <script>x</script><mark>b</mark> <a href')).toBe('a x<mark>b</mark> ');
  });

  it('marks the word alone, not the brackets, stops or isolates the index marked with it', () => {
    expect(safeExcerpt('والإشريكية القولونية \u2066(E. <mark>coli)\u2069</mark> غير موجودة')).toBe(
      'والإشريكية القولونية \u2066(E. <mark>coli</mark>)\u2069 غير موجودة',
    );
    expect(safeExcerpt('<mark>(Salmonella),</mark> <mark>«Halal»</mark> <mark>mesh.</mark>')).toBe(
      '(<mark>Salmonella</mark>), «<mark>Halal</mark>» <mark>mesh</mark>.',
    );
    // An escape's semicolon stays inside, and a mark of punctuation alone is left as it is.
    expect(safeExcerpt('<mark>R&amp;D</mark> <mark>A&amp;</mark> <mark>)</mark>')).toBe('<mark>R&amp;D</mark> <mark>A&amp;</mark> <mark>)</mark>');
  });
});

const arabic = {
  count: '{count} نتائج',
  countOne: 'نتيجة واحدة',
  none: 'لا نتائج لـ «{query}».',
  correctedTo: 'نتائج «{query}»:',
  englishOnly: 'بالإنجليزية',
  dir: 'rtl',
} as SearchUi;

describe('results in a right-to-left language', () => {
  it('shows a result as the index wrote it, its figures isolated there (search-pages.ts)', () => {
    const html = resultsHtml(
      [{ url: '/ar/garlic-powder', title: 'مسحوق الثوم', section: 'المنتجات', excerpt: `بمقاس ${LRI}80–<mark>120</mark> mesh${PDI}` }],
      arabic,
    );
    expect(html).toContain(`<span class="search-result-excerpt">بمقاس ${LRI}80–<mark>120</mark> mesh${PDI}</span>`);
  });

  it('lays out a result in another language in its own direction', () => {
    const html = resultsHtml([{ url: '/blog/1', title: 'Mesh 80-120', section: 'المدونة', excerpt: '80-120 mesh', lang: 'en' }], arabic);
    expect(html).toContain('<span class="search-result-title" lang="en" dir="auto">Mesh 80-120</span>');
    expect(html).toContain('<span class="search-result-excerpt" lang="en" dir="auto">80-120 mesh</span>');
  });

  it('isolates the query it repeats, in its own direction', () => {
    expect(countText(arabic, 0, 'HS code 0712')).toBe(`لا نتائج لـ «${FSI}HS code 0712${PDI}».`);
    expect(correctedHtml(arabic, 'garlic powder')).toBe(`<p class="search-corrected">نتائج «${FSI}garlic powder${PDI}»:</p>`);
    expect(correctedHtml(arabic, null)).toBe('');
  });

  it('adds nothing in a left-to-right language', () => {
    const english = { ...ui, correctedTo: 'Results for “{query}”:' };
    expect(countText(english, 0, '80-120')).toBe('Nothing matches “80-120”.');
    expect(correctedHtml(english, 'garlic')).toBe('<p class="search-corrected">Results for “garlic”:</p>');
  });
});
