/**
 * The content as the built site serves it: every business fact in the
 * pre-rendered FAQ, each product's specification table in its pre-rendered page, no placeholder
 * text or empty section anywhere, no broken internal link, and images that keep their layout.
 *
 * Pages are read as a crawler or a visitor without JavaScript gets them: the pre-rendered HTML,
 * parsed by Chromium with JavaScript off, so nothing the client adds later is counted.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, openPage, useBrowser } from './support/browser';
import { allRoutes, content } from './support/site';

// ------------------------------------------------------------------------------------ helpers

/** What one pre-rendered page holds, read from its DOM with JavaScript disabled. */
interface PageFacts {
  /** The text of the body without scripts and styles (hidden text included, so it is stricter). */
  text: string;
  /** Every href or src in the document that points into the site (starts with one `/`). */
  hrefs: string[];
  images: { src: string | null; srcset: string | null; alt: string | null; width: string | null; height: string | null }[];
  /** h2 headings followed by no text, image, table or form before the next h2 or the end of main. */
  emptySections: string[];
  /** Same-page anchors (`#id`) of the links on the page. */
  fragments: string[];
  tables: { caption: string; rows: string[][] }[];
  ids: string[];
}

function readFacts(): PageFacts {
  const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const body = document.body.cloneNode(true) as HTMLElement;
  body.querySelectorAll('script, style, template').forEach((el) => el.remove());

  const hrefs = [...document.querySelectorAll('[href], [src]')]
    .flatMap((el) => [el.getAttribute('href'), el.getAttribute('src')])
    .filter((h): h is string => !!h && h.startsWith('/') && !h.startsWith('//'));

  const images = [...document.querySelectorAll('img')].map((img) => ({
    src: img.getAttribute('src'),
    srcset: img.getAttribute('srcset'),
    alt: img.getAttribute('alt'),
    width: img.getAttribute('width'),
    height: img.getAttribute('height'),
  }));

  // Walk main in document order: after each h2, something a reader can see must come before the next h2.
  const emptySections: string[] = [];
  const main = document.querySelector('main') ?? document.body;
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  let open: string | null = null;
  let filled = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof HTMLElement && node.tagName === 'H2') {
      if (open !== null && !filled) emptySections.push(open);
      open = clean(node.textContent);
      filled = false;
      // Skip the heading's own text.
      let last: Node = node;
      while (last.lastChild) last = last.lastChild;
      walker.currentNode = last;
      continue;
    }
    if (node instanceof Element && node.closest('script, style, template')) continue;
    if (
      node.nodeType === Node.TEXT_NODE
        ? clean(node.textContent) !== ''
        : /^(IMG|TABLE|FORM|INPUT|SELECT|TEXTAREA|SVG|IFRAME|VIDEO|PICTURE)$/i.test((node as Element).tagName)
    )
      filled = true;
  }
  if (open !== null && !filled) emptySections.push(open);

  const tables = [...document.querySelectorAll('table')].map((table) => ({
    caption: clean(table.querySelector('caption')?.textContent),
    rows: [...table.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => clean(cell.textContent))),
  }));

  const fragments = [...document.querySelectorAll('a[href^="#"]')].map((a) => decodeURIComponent(a.getAttribute('href')!.slice(1))).filter(Boolean);

  return { text: clean(body.textContent), hrefs, fragments, images, emptySections, tables, ids: [...document.querySelectorAll('[id]')].map((el) => el.id) };
}

/** En dashes and non-breaking spaces count as their plain forms, so '2–3 days' reads as '2-3 days'. */
const plain = (s: string) => s.replace(/[\u2010-\u2013]/g, '-').replace(/\u00a0/g, ' ');

// The routes read below: every pre-rendered route and the shared not-found page.
const NOT_FOUND = '/this-page-does-not-exist';
const ROUTES = [...allRoutes.map((r) => r.path), NOT_FOUND];
const builtInPostIds = new Set(content.blog.map((post) => post.meta.id));

const browser = useBrowser();
const facts = new Map<string, PageFacts>();

beforeAll(async () => {
  const { page } = await openPage(browser(), { javaScriptEnabled: false });
  for (const path of ROUTES) {
    const response = await page.goto(baseUrl() + path, { waitUntil: 'domcontentloaded' });
    expect(response?.status(), path).toBe(path === NOT_FOUND ? 404 : 200);
    facts.set(path, await page.evaluate(readFacts));
  }
  await page.context().close();
});

const factsOf = (path: string) => {
  const found = facts.get(path);
  if (!found) throw new Error(`${path} was not read`);
  return found;
};

// ------------------------------------------------------------------------------------ FAQ

/**
 * The company's published business facts (sample sizes, minimum orders, discounts, shelf life,
 * transit times, terms), each with the words that say what the figure is about, so a figure
 * that appears in another context does not count. `.{0,N}?` keeps the pair within one sentence or so.
 */
const SEED_FACTS: { fact: string; pattern: RegExp }[] = [
  { fact: 'samples processed in 2-3 business days', pattern: /sample.{0,80}?2-3 business days/i },
  { fact: 'samples of 50-100 g', pattern: /sample.{0,80}?50-100 g\b/i },
  { fact: 'MOQ 1 metric ton for dehydrated products', pattern: /1 metric ton for dehydrated products/i },
  { fact: 'MOQ 100 kg for oils and extracts', pattern: /100 kg for oils and extracts/i },
  { fact: 'MOQ 10,000 units for capsules/tablets', pattern: /10,000 units for capsules\/tablets/i },
  { fact: 'discount 5-10% above 5 MT', pattern: /5-10%.{0,20}?above 5 MT/i },
  { fact: 'discount 10-15% above 10 MT', pattern: /10-15%.{0,20}?above 10 MT/i },
  { fact: 'discount 15-20% above 20 MT', pattern: /15-20%.{0,20}?above 20 MT/i },
  { fact: 'custom pricing at 50+ MT', pattern: /custom pricing.{0,20}?50\+ MT/i },
  { fact: 'quotes valid 15-30 days', pattern: /(quot\w+).{0,60}?valid.{0,40}?15-30 days/i },
  { fact: 'custom formulation lead time 4-6 weeks', pattern: /formulation.{0,80}?4-6 weeks/i },
  { fact: 'shelf life 24 months for dehydrated products', pattern: /24 months for dehydrated products/i },
  { fact: 'shelf life 36 months for oil, extracts and capsules', pattern: /36 months for oil, extracts and capsules/i },
  { fact: 'sea freight 15-25 days', pattern: /sea freight.{0,20}?15-25 days/i },
  { fact: 'air freight 3-7 days', pattern: /air freight.{0,20}?3-7 days/i },
  { fact: 'courier 2-5 days', pattern: /courier.{0,20}?2-5 days/i },
  { fact: 'complaints acknowledged within 24 hours', pattern: /complaint.{0,60}?acknowledged within 24 hours/i },
  { fact: 'quality records kept 3+ years', pattern: /records.{0,100}?3\+ years/i },
  { fact: 'Incoterms EXW, FOB, CFR, CIF, CPT, CIP, DAP, and DDP in select regions', pattern: /EXW, FOB, CFR, CIF, CPT, CIP, DAP,? and DDP in select regions/ },
  { fact: 'payment by T/T', pattern: /payment methods.{0,40}?T\/T/i },
  { fact: 'payment by L/C', pattern: /payment methods.{0,60}?L\/C/i },
  { fact: 'payment by cash against documents', pattern: /payment methods.{0,80}?cash against documents/i },
  { fact: 'PayPal for small orders', pattern: /PayPal for small orders/ },
  { fact: 'cryptocurrency for select customers', pattern: /cryptocurrency for select customers/i },
  { fact: 'open account 30-60 days', pattern: /open account 30-60 days/i },
  { fact: 'L/C 30-90 days', pattern: /L\/C 30-90 days/ },
  { fact: 'powder mesh 80-120', pattern: /powder.{0,80}?(mesh 80-120|80-120 mesh)/i },
  { fact: 'powder moisture under 5%', pattern: /powder.{0,120}?moisture under 5%/i },
];

describe('the pre-rendered FAQ page', () => {
  it.each(SEED_FACTS)('states $fact', ({ pattern }) => {
    expect(plain(factsOf('/faq').text)).toMatch(pattern);
  });

  it('holds every entry, questions and answers', () => {
    const text = plain(factsOf('/faq').text);
    expect(content.faq.length).toBeGreaterThan(0);
    const missing = content.faq.filter(
      (entry) => !text.includes(plain(entry.question)) || !text.includes(plain(entry.answer.split(/\s+/).slice(0, 12).join(' '))),
    );
    expect(missing.map((entry) => entry.id)).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------ products

const products = content.pages.filter((p) => p.meta.product && p.path);
const DEHYDRATED = ['/garlic-powder', '/garlic-granules', '/garlic-flakes'];
/** What each product's table must say, beyond matching its content file. */
const REQUIRED_ROWS: Record<string, { parameter: RegExp; value: RegExp }[]> = {
  '/garlic-powder': [
    { parameter: /particle size|mesh/i, value: /80-120 mesh/ },
    { parameter: /^moisture$/i, value: /under 5%/i },
  ],
  '/garlic-granules': [{ parameter: /particle size|mesh/i, value: /8-16 mesh/ }],
  '/garlic-flakes': [{ parameter: /size/i, value: /5-8 mm/ }],
  '/garlic-oil': [{ parameter: /diallyl/i, value: /%/ }],
  '/aged-garlic-extract': [{ parameter: /S-allyl-cysteine/i, value: /%|mg/ }],
};
const DEHYDRATED_ROWS = [
  /^total ash$|^ash$/i,
  /^acid-insoluble ash$/i,
  /^colou?r$/i,
  /^aroma$/i,
  /^total plate count$/i,
  /^yeast and mould$/i,
  /^coliforms$/i,
  /^E\. coli$/i,
  /^Salmonella$/i,
];

describe('product pages', () => {
  it('are the five product routes', () => {
    expect(products.map((p) => p.path).sort()).toEqual(['/aged-garlic-extract', '/garlic-flakes', '/garlic-granules', '/garlic-oil', '/garlic-powder']);
  });

  it.each(products.map((p) => ({ path: p.path as string, product: p.meta.product! })))(
    '$path holds every specification group of its content file as a captioned table',
    ({ path, product }) => {
      const tables = factsOf(path).tables;
      for (const group of product.specifications) {
        const table = tables.find((t) => plain(t.caption).includes(plain(group.group)));
        expect(table, `${path}: no table captioned "${group.group}" (captions: ${tables.map((t) => t.caption).join(', ')})`).toBeDefined();
        for (const row of group.rows) {
          expect(
            table!.rows.some((cells) => cells[0] === row.parameter.trim() && cells[1] === row.value.trim()),
            `${path}: "${group.group}" lacks the row ${row.parameter}: ${row.value}`,
          ).toBe(true);
        }
      }
    },
  );

  it.each(Object.entries(REQUIRED_ROWS))('%s states its defining specification', (path, required) => {
    const rows = factsOf(path).tables.flatMap((t) => t.rows.map((cells) => cells.map(plain)));
    for (const { parameter, value } of required) {
      expect(
        rows.some(([name, spec]) => parameter.test(name ?? '') && value.test(spec ?? '')),
        `${path}: no row ${parameter} with ${value}`,
      ).toBe(true);
    }
  });

  it.each(DEHYDRATED)('%s lists ash, colour, aroma and the microbiology rows', (path) => {
    const names = factsOf(path).tables.flatMap((t) => t.rows.map((cells) => cells[0] ?? ''));
    const missing = DEHYDRATED_ROWS.filter((row) => !names.some((name) => row.test(name)));
    expect(missing.map(String)).toEqual([]);
    expect(factsOf(path).tables.some((t) => /microbiolog/i.test(t.caption))).toBe(true);
  });

  it.each(products.map((p) => ({ path: p.path as string, product: p.meta.product! })))(
    '$path states its MOQ, shelf life, storage and packaging',
    ({ path, product }) => {
      const text = plain(factsOf(path).text);
      for (const value of [product.moq, product.shelfLife, product.storage, ...product.packaging]) expect(text).toContain(plain(value.trim()));
      expect(text).toMatch(DEHYDRATED.includes(path) ? /24 months/ : /36 months/);
      expect(text).toMatch(DEHYDRATED.includes(path) ? /1 metric ton/ : /100 kg/);
    },
  );
});

// ------------------------------------------------------------------------------------ every page

/** Placeholder wording an editor or a template left behind. */
const PLACEHOLDERS = [
  /lorem ipsum/i,
  /\bTODO\b/,
  /\bTBD\b/,
  /\bFIXME\b/,
  /coming soon/i,
  /\[insert/i,
  /\{\{[^}]*\}\}/,
  /\bundefined\b/,
  /\bNaN\b/,
  /\[object Object\]/,
];

describe('every pre-rendered page', () => {
  it.each(ROUTES)('%s holds no placeholder text', (path) => {
    const text = factsOf(path).text;
    const found = PLACEHOLDERS.flatMap((pattern) => {
      const match = pattern.exec(text);
      return match ? [`${pattern}: …${text.slice(Math.max(0, match.index - 40), match.index + 40)}…`] : [];
    });
    expect(found).toEqual([]);
  });

  it.each(ROUTES)('%s has no empty section (an h2 with nothing under it)', (path) => {
    expect(factsOf(path).emptySections).toEqual([]);
  });

  it.each(ROUTES)('%s: every image has alt, width and height', (path) => {
    const bad = factsOf(path).images.filter(
      (img) => img.alt === null || !/^[1-9]\d*$/.test(img.width ?? '') || !/^[1-9]\d*$/.test(img.height ?? '') || !img.src,
    );
    expect(bad).toEqual([]);
  });

  it('every image a page shows has meaningful alt text or is marked decorative', () => {
    // Alt text that is a file name or a generic word tells a screen-reader user nothing.
    const poor = [...facts].flatMap(([path, page]) =>
      page.images
        .filter((img) => img.alt && (/\.(svg|png|jpe?g|webp)$/i.test(img.alt) || /^(image|picture|photo|img)$/i.test(img.alt.trim())))
        .map((img) => `${path}: ${img.src} alt="${img.alt}"`),
    );
    expect(poor).toEqual([]);
  });

  it('every internal link, image and asset answers 200', async () => {
    // Site URL → pages that link to it, so a failure names where to fix it.
    const linkedFrom = new Map<string, Set<string>>();
    for (const [path, page] of facts) {
      const srcsets = page.images.flatMap((img) => (img.srcset ?? '').split(',').map((part) => part.trim().split(/\s+/)[0]));
      for (const href of [...page.hrefs, ...srcsets.filter((s) => s?.startsWith('/'))]) {
        if (!linkedFrom.has(href)) linkedFrom.set(href, new Set());
        linkedFrom.get(href)!.add(path);
      }
    }
    expect(linkedFrom.size).toBeGreaterThan(50);

    const broken: string[] = [];
    const targets = new Map<string, Promise<{ status: number; html: string }>>();
    const load = (target: string) => {
      if (!targets.has(target))
        targets.set(
          target,
          fetch(baseUrl() + target).then(async (r) => ({
            status: r.status,
            html: (r.headers.get('content-type') ?? '').includes('html') ? await r.text() : '',
          })),
        );
      return targets.get(target)!;
    };
    await Promise.all(
      [...linkedFrom].map(async ([href, from]) => {
        const url = new URL(href, 'http://site.invalid');
        const post = /^\/blog\/(\d+)\/?$/.exec(url.pathname);
        // A stored post (added in the admin) only exists in that visitor's browser; no pre-rendered page links to one, but the pattern is allowed.
        if (post && !builtInPostIds.has(Number(post[1]))) return;
        const { status, html } = await load(url.pathname + url.search);
        if (status !== 200) broken.push(`${href} → ${status} (linked from ${[...from].join(', ')})`);
        else if (url.hash && html) {
          const id = decodeURIComponent(url.hash.slice(1));
          if (!html.includes(`id="${id}"`)) broken.push(`${href} → no element with id "${id}" (linked from ${[...from].join(', ')})`);
        }
      }),
    );
    expect(broken.sort()).toEqual([]);
  });

  it('same-page anchors point at an element on the page', () => {
    const broken = [...facts].flatMap(([path, page]) => page.fragments.filter((id) => !page.ids.includes(id)).map((id) => `${path}: #${id}`));
    expect(broken).toEqual([]);
  });
});
