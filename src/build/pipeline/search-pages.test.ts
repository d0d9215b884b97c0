import { describe, expect, it } from 'vitest';
import { isSearchable, searchRecords, sectionOf, splitLanguage, type SearchSite } from './search-pages';
import { eachReturns, eachReturnsSame } from '../../../tests/support/each-returns';

const words = (home: string, company: string, resources: string, products: string) => ({
  shell: { home, company, resources },
  faq: { products },
  search: {} as SearchSite['ui'][string]['search'],
  language: { englishOnly: 'English' },
});

const site: SearchSite = {
  languages: ['en', 'de', 'ar'],
  navigation: {
    primary: [{ href: '/' }, { href: '/about' }, { href: '/products' }],
    products: [{ href: '/garlic-powder' }],
    company: [{ href: '/markets' }],
    resources: [{ href: '/faq' }, { href: '/blog' }, { href: '/certifications' }],
  },
  ui: {
    en: words('Home', 'Company', 'Resources', 'Products'),
    de: { ...words('Startseite', 'Unternehmen', 'Ressourcen', 'Produkte'), navigation: { '/faq': 'FAQ', '/blog': 'Blog', '/products': 'Produkte' } },
    ar: { ...words('الرئيسية', 'الشركة', 'موارد', 'المنتجات'), navigation: { '/faq': 'الأسئلة الشائعة', '/blog': 'المدونة', '/products': 'المنتجات' } },
  },
  rightToLeft: ['ar'],
  labels: { '/products': 'Products', '/faq': 'FAQ', '/blog': 'Blog' },
  faqTags: { de: { 'minimum-order-quantity': ['MOQ', 'Auftragsgröße'] } },
};

const page = (lang: string, main: string) =>
  `<!doctype html><html lang="${lang}"><head><title>t</title></head><body><header><nav>Menu words</nav></header><main id="main" tabindex="-1">${main}</main><footer>Footer</footer></body></html>`;

const crumbs = (...names: string[]) =>
  `<nav aria-label="Breadcrumb" class="breadcrumbs"><ol>${names.map((name, i) => (i === names.length - 1 ? `<li aria-current="page">${name}</li>` : `<li><a href="/x">${name}</a></li>`)).join('')}</ol></nav>`;

describe('isSearchable', () => {
  eachReturnsSame(
    'never indexes the portals, their sign-in, the not-found, search and blog list pages, in any language: %s',
    (path) => isSearchable(path, site.languages),
    ['/admin', '/admin/login', '/investors', '/investors/login', '/search', '/de/search', '/ar/search', '/404', '/de/404', '/blog', '/blog/page/2'],
    false,
  );

  eachReturnsSame(
    'indexes the public pages of every language: %s',
    (path) => isSearchable(path, site.languages),
    ['/', '/garlic-powder', '/de/faq', '/ar/', '/region/eu', '/blog/3', '/ar/certifications'],
    true,
  );
});

describe('splitLanguage', () => {
  eachReturns('reads the language from the prefix, the default language without one: %s', (path) => splitLanguage(path, site.languages), [
    ['/de/faq', { code: 'de', defaultPath: '/faq' }],
    ['/ar', { code: 'ar', defaultPath: '/' }],
    ['/design', { code: 'en', defaultPath: '/design' }],
  ]);
});

describe('sectionOf', () => {
  it("names the breadcrumb's parent", () => {
    expect(sectionOf(page('de', crumbs('Startseite', 'Produkte', 'Knoblauchpulver')), 'de', '/garlic-powder', site)).toBe('Produkte');
  });

  it.each([
    ['/certifications', 'en', crumbs('Home', 'Certifications'), 'Resources'],
    ['/about', 'ar', crumbs('الرئيسية', 'من نحن'), 'الشركة'],
    ['/', 'en', '', 'Home'],
  ])('names the menu group of a page without a parent: %s', (path, lang, main, section) => {
    expect(sectionOf(page(lang, main), lang, path, site)).toBe(section);
  });
});

describe('searchRecords', () => {
  it("marks the page's <main> as what to index, its title above its headings, and names its section, leaving the page itself as it was", () => {
    const html = page('en', `${crumbs('Home', 'Products', 'Garlic Powder')}<h1>Garlic Powder</h1><p>Fine powder.</p>`);
    const before = html;
    const [record, ...rest] = searchRecords('/garlic-powder', html, site);
    expect(rest).toEqual([]);
    expect(record.url).toBe('/garlic-powder');
    expect(record.language).toBe('en');
    expect(record.html).toBe(
      `<!doctype html><html lang="en"><body><main id="main" tabindex="-1" data-pagefind-body><span data-pagefind-meta="section:Products"></span>${crumbs('Home', 'Products', 'Garlic Powder')}<h1 data-pagefind-weight="10">Garlic Powder</h1><p>Fine powder.</p></main></body></html>`,
    );
    expect(record.headings).toEqual(['garlic', 'powder']);
    expect(html).toBe(before);
  });

  it('gives the index a right-to-left page’s isolated runs as Unicode’s isolates, which its text keeps where it drops the tags', () => {
    const html = page('ar', '<h1>مسحوق الثوم</h1><p>بمقاس <bdi dir="ltr">80–120 mesh</bdi> خلال <bdi dir="ltr">2-3</bdi> أيام</p>');
    const [record] = searchRecords('/ar/garlic-powder', html, site);
    expect(record.html).toContain('<p>بمقاس \u206680–120 mesh\u2069 خلال \u20662-3\u2069 أيام</p>');
    const [english] = searchRecords('/garlic-powder', page('en', '<h1>Garlic</h1><p><bdi dir="ltr">80-120</bdi> mesh</p>'), site);
    expect(english.html).toContain('<p><bdi dir="ltr">80-120</bdi> mesh</p>');
  });

  it("keeps an experiment's first variant (the control) and leaves the others out", () => {
    const html = page(
      'en',
      '<h1>Home</h1><p><span class="ab-variant" data-experiment="cta" data-variant="control">Ready?</span><span class="ab-variant" data-experiment="cta" data-variant="punchy">Scale faster</span></p>',
    );
    const [record] = searchRecords('/', html, site);
    expect(record.html).toContain('<span class="ab-variant" data-experiment="cta" data-variant="control">Ready?</span>');
    expect(record.html).toContain('<span class="ab-variant" data-experiment="cta" data-variant="punchy" data-pagefind-ignore>Scale faster</span>');
  });

  it('gives nothing for a page that is never a result', () => {
    expect(searchRecords('/admin', page('en', '<h1>Admin</h1>'), site)).toEqual([]);
  });

  it('makes each FAQ answer a result of its own that opens it, under its topic, with its tags, and keeps the introduction', () => {
    const faq = page(
      'de',
      `${crumbs('Startseite', 'FAQ')}<h1>Häufige Fragen</h1><p>Einleitung.</p><section aria-labelledby="faq-category-products"><h2 id="faq-category-products">Produkte</h2>` +
        `<details id="minimum-order-quantity" class="faq-item"><summary>Wie hoch ist Ihre Mindestabnahmemenge?</summary><div class="faq-answer"><p>Unsere Mindestabnahmemenge beträgt 1 t.</p><p class="faq-link"><a href="#minimum-order-quantity">Link zu dieser Antwort</a></p></div></details></section>`,
    );
    const records = searchRecords('/de/faq', faq, site);
    expect(records.map((r) => r.url)).toEqual(['/de/faq', '/de/faq#minimum-order-quantity']);
    expect(records[0].html).not.toContain('Mindestabnahmemenge');
    const answer = records[1];
    expect(answer.language).toBe('de');
    expect(answer.html).toContain('<html lang="de">');
    expect(answer.html).toContain('data-pagefind-meta="section:FAQ · Produkte"');
    expect(answer.html).toContain('<h1>Wie hoch ist Ihre Mindestabnahmemenge?</h1><p>Unsere Mindestabnahmemenge beträgt 1 t.</p><p>MOQ, Auftragsgröße</p>');
    expect(answer.html).not.toContain('Link zu dieser Antwort');
  });

  it('indexes an English post in every other language too, marked English', () => {
    const records = searchRecords(
      '/blog/3',
      page('en', `${crumbs('Home', 'Blog', 'A post')}<h1>A post</h1><p>One.</p><p>Two.</p><p>Three.</p><p>Four: the body goes on.</p>`),
      site,
    );
    expect(records.map((r) => [r.url, r.language])).toEqual([
      ['/blog/3', 'en'],
      ['/de/blog/3', 'de'],
      ['/ar/blog/3', 'ar'],
    ]);
    expect(records[1].html).toContain('data-pagefind-meta="url:/blog/3"');
    // In the other languages, the title and the opening only.
    expect(records[1].html).toContain('<h1>A post</h1><p>One.</p><p>Two.</p><p>Three.</p>');
    expect(records[1].html).not.toContain('Four');
    expect(records[0].html).toContain('Four');
    expect(records[0].html).not.toContain('lang:en');
    expect(records[1].html).toContain('<html lang="de">');
    expect(records[1].html).toContain('data-pagefind-meta="lang:en"');
    expect(records[2].html).toContain('data-pagefind-meta="section:المدونة"');
  });
});
