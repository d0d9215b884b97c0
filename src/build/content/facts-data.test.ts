/**
 * Facts as data: every figure a buyer acts on comes from content/facts.yaml, in every language.
 * No page or FAQ answer types one by hand, none shows a fact with another figure, the data is
 * validated field by field, and each language writes the figures its own way. CONTENT_ROOT runs
 * the content checks over another copy of the site (e.g. an older one, to see them fail).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUpFixtures, contentFixture, problemsOf } from '../../../tests/support/content-fixture';
import { certificationsOf } from './certifications.ts';
import { contradictions, handTypedFacts, renderFacts, statedContradictions } from './fact-check.ts';
import { formatQuantity } from './fact-format.ts';
import { FACT_PHRASES } from './fact-phrases.ts';
import { FACT_WORDS, FACTS_WITHOUT_WORDS } from './fact-subjects.ts';
import { listFiles } from './files.ts';
import { everyPage, loadContent, readFacts } from './load.ts';
import { factTable } from './facts.ts';
import { modulesReading } from './vite-plugin.ts';

const ROOT = process.env.CONTENT_ROOT ?? process.cwd();
const LANGUAGES = ['en', 'de', 'ar'] as const;

function tableAt(root: string) {
  const problems: string[] = [];
  const facts = readFacts(root, problems);
  expect(problems).toEqual([]);
  return factTable(facts!);
}

/**
 * Every page, FAQ file and blog post of a language, its interface words and, for the default
 * language, the site configuration's texts, by their paths from the root.
 */
function sources(root: string, code: string): string[] {
  const base = path.join(root, 'content', code === 'en' ? '' : code);
  return [...listFiles(path.join(base, 'pages'), /\.mdx$/), ...listFiles(path.join(base, 'faq'), /\.md$/), ...listFiles(path.join(base, 'blog'), /\.mdx$/)]
    .map((abs) => path.relative(root, abs))
    .concat(`content/ui/${code}.yaml`, code === 'en' ? ['content/site.yaml'] : []);
}

function factProblems(root: string): string[] {
  const table = tableAt(root);
  return LANGUAGES.flatMap((code) =>
    sources(root, code).flatMap((file) => {
      const source = fs.readFileSync(path.join(root, file), 'utf8');
      return [...handTypedFacts(file, source, code, table), ...contradictions(file, source, code, table, FACT_PHRASES), ...statedContradictions(file, source, code, table)];
    }),
  );
}

afterAll(cleanUpFixtures);

describe('facts in the pages, FAQ answers and interface words', () => {
  it('no page, FAQ answer or interface text, in any language, types a fact by hand or shows one with another figure', () => {
    expect(factProblems(ROOT)).toEqual([]);
  });

  it('a fact re-typed by hand in a page fails the check, naming the file, the line and the fact', () => {
    const dir = contentFixture('content/pages/garlic-powder.mdx', (text) => text.replace('The minimum order is <Fact name="garlic-powder.moq" form="long" />', 'The minimum order is 1 metric ton'));
    const problems = factProblems(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^content\/pages\/garlic-powder\.mdx:\d+: "1 metric ton" is typed by hand; it is garlic-powder\.moq, .*write <Fact name="garlic-powder\.moq" \/>/);
  });

  it('a response time typed in words fails the check too', () => {
    const dir = contentFixture('content/de/pages/markets.mdx', (text) => text.replace('innerhalb <Fact name="company.enquiryResponse" form="words" />', 'innerhalb eines Werktags'));
    expect(factProblems(dir)).toEqual([expect.stringMatching(/^content\/de\/pages\/markets\.mdx:\d+: "eines Werktags" is typed by hand; it is company\.enquiryResponse/)]);
  });

  it('a fact typed by hand in a German FAQ answer or an Arabic title fails the check too', () => {
    const german = contentFixture('content/de/faq/shelf-life-and-storage.md', (text) => text.replace('{fact:garlic-powder.shelfLife}', '24 Monate'));
    expect(factProblems(german).join('\n')).toMatch(/content\/de\/faq\/shelf-life-and-storage\.md:\d+: "24 Monate" is typed by hand; it is garlic-powder\.shelfLife/);
    const arabic = contentFixture('content/ar/pages/garlic-powder.mdx', (text) => text.replace(/^title: (.*)\{fact:garlic-powder\.particleSize\}/m, 'title: $180-120 mesh'));
    expect(factProblems(arabic).join('\n')).toMatch(/content\/ar\/pages\/garlic-powder\.mdx:2: "80-120 mesh" is typed by hand; it is garlic-powder\.particleSize/);
  });

  it("a fact typed by hand in the interface's words fails the check, and a placeholder there becomes the figure in that language", () => {
    const typed = contentFixture('content/ui/de.yaml', (text) => text.replace('Angebote sind {fact:company.quoteValidity} gültig.', 'Angebote sind 15–30 Tage gültig.'));
    expect(factProblems(typed)).toEqual([expect.stringMatching(/^content\/ui\/de\.yaml:\d+: "15–30 Tage" is typed by hand; it is company\.quoteValidity/)]);
    const words = (code: string) => JSON.stringify(loadContent(ROOT).ui[code]);
    expect(words('en')).toContain('Quotations are valid for 15-30 days.');
    expect(words('de')).toContain('Angebote sind 15–30 Tage gültig.');
    expect(words('ar')).toContain('سارية لمدة 15-30 يوماً.');
    expect(words('de')).not.toContain('{fact:');
  });

  it('a response time typed by hand in content/site.yaml fails the check, and its placeholder becomes the words of the site configuration', () => {
    const dir = contentFixture('content/site.yaml', (text) => text.replace('answered within {fact:company.enquiryResponse:words}', 'answered within one business day'));
    expect(factProblems(dir)).toEqual([expect.stringMatching(/^content\/site\.yaml:\d+: "one business day" is typed by hand; it is company\.enquiryResponse/)]);
    expect(loadContent(ROOT).site.contact.hours).toMatch(/answered within one business day$/);
  });

  it('a range said in words ("between 50 and 100 g") is a figure in every language, and the Arabic sample-size hint comes from the data', () => {
    const arabic = contentFixture('content/ui/ar.yaml', (text) => text.replace('تتراوح العينات {fact:company.sampleSize:between}.', 'تتراوح العينات بين 50 g و100 g.'));
    expect(factProblems(arabic)).toEqual([expect.stringMatching(/^content\/ui\/ar\.yaml:\d+: "بين 50 g و100 g" is typed by hand; it is company\.sampleSize/)]);
    const german = contentFixture('content/de/faq/sample-size-and-lead-time.md', (text) => `${text}\nMuster umfassen zwischen 50 und 100 g.\n`);
    expect(factProblems(german)).toEqual([expect.stringMatching(/sample-size-and-lead-time\.md:\d+: "zwischen 50 und 100 g" is typed by hand; it is company\.sampleSize/)]);
    const english = contentFixture('content/pages/sample-request.mdx', (text) => `${text}\nEach sample weighs between 50 g and 100 g.\n`);
    expect(factProblems(english)).toEqual([expect.stringMatching(/sample-request\.mdx:\d+: "between 50 g and 100 g" is typed by hand; it is company\.sampleSize/)]);
    expect(JSON.stringify(loadContent(ROOT).ui.ar)).toContain('تتراوح العينات بين 50 و100 g.');
    expect(formatQuantity({ min: 50, max: 100, unit: 'g' }, 'de', 'between')).toBe('zwischen 50 und 100 g');
  });

  it('a fact typed by hand in a blog post, in its text or its frontmatter, fails the check; its placeholders become figures', () => {
    const text = contentFixture('content/blog/10-from-sample-request-to-first-container.mdx', (t) => t.replace('Samples are processed in <Fact name="company.sampleDispatch" />', 'Samples are processed in 2-3 business days'));
    expect(factProblems(text)).toEqual([expect.stringMatching(/^content\/blog\/10-from-sample-request-to-first-container\.mdx:\d+: "2-3 business days" is typed by hand; it is company\.sampleDispatch/)]);
    const excerpt = contentFixture('content/blog/10-from-sample-request-to-first-container.mdx', (t) => t.replace(/^(excerpt: "The path from a )\{fact:company\.sampleSize\}/m, '$150-100 g'));
    expect(factProblems(excerpt)).toEqual([expect.stringMatching(/^content\/blog\/10-from-sample-request-to-first-container\.mdx:4: "50-100 g" is typed by hand/)]);
    const post = loadContent(ROOT).blog.find((p) => p.meta.id === 10);
    expect(post?.meta.excerpt).toContain('from a 50-100 g sample');
  });

  it('a container load shown as 12-16 MT on the shipping page, where the data says 12-14, is a contradiction', () => {
    const dir = contentFixture('content/pages/shipping-logistics.mdx', (text) => text.replace('| Garlic powder | <Fact name="garlic-powder.container20" />', '| Garlic powder | 12-16 MT'));
    expect(factProblems(dir)).toEqual([
      expect.stringMatching(/^content\/pages\/shipping-logistics\.mdx:\d+: "12-16 MT" for garlic-powder\.container20 \("\| Garlic powder \|"\), but content\/facts\.yaml says 12-14 MT/),
    ]);
  });

  it('a fact stated with another figure anywhere its words name it is a contradiction: garlic powder\'s moisture "under 4%" where the data says 5%', () => {
    const page = contentFixture('content/pages/garlic-powder.mdx', (text) => `${text}\nMoisture stays under 4% in lined bags.\n`);
    expect(factProblems(page)).toEqual([expect.stringMatching(/^content\/pages\/garlic-powder\.mdx:\d+: "4%" for garlic-powder\.moisture \("Moisture"\), but content\/facts\.yaml says 5%/)]);
    const post = contentFixture('content/blog/03-sustainable-garlic-sourcing-india.mdx', (text) => `${text}\nOur garlic powder ships with moisture under 4%.\n`);
    expect(factProblems(post)).toEqual([expect.stringMatching(/03-sustainable-garlic-sourcing-india\.mdx:\d+: "4%" for garlic-powder\.moisture/)]);
    const german = contentFixture('content/de/pages/garlic-flakes.mdx', (text) => `${text}\nDie Haltbarkeit beträgt 18 Monate.\n`);
    expect(factProblems(german)).toEqual([expect.stringMatching(/^content\/de\/pages\/garlic-flakes\.mdx:\d+: "18 Monate" for garlic-flakes\.shelfLife .*says 24 Monate/)]);
    const arabic = contentFixture('content/ar/pages/garlic-granules.mdx', (text) => `${text}\nتبلغ الرطوبة 7% كحد أقصى.\n`);
    expect(factProblems(arabic)).toEqual([expect.stringMatching(/^content\/ar\/pages\/garlic-granules\.mdx:\d+: "7%" for garlic-granules\.moisture .*says 6\.0%/)]);
  });

  it('every fact with a unit is named by words in every language, or listed with the reason it is not', () => {
    const keys = Object.entries(tableAt(ROOT)).flatMap(([name, quantity]) => (quantity.unit === 'none' ? [] : [name.startsWith('company.') ? name : name.split('.')[1]]));
    for (const code of LANGUAGES) {
      const named = new Set(FACT_WORDS[code].map(([, fact]) => fact));
      const unnamed = [...new Set(keys)].filter((key) => !named.has(key) && !FACTS_WITHOUT_WORDS.includes(key));
      // German and Arabic name fewer company terms in words the check can rely on; those stay with the phrases.
      expect(unnamed.filter((key) => code === 'en' || !key.startsWith('company.')), code).toEqual([]);
    }
  });

  it('packaging sizes, microbiology and company terms are found too, in the words of each language', () => {
    const bag = contentFixture('content/pages/garlic-granules.mdx', (text) => `${text}\nWe also pack 30 kg multi-wall bags.\n`);
    expect(factProblems(bag)).toEqual([expect.stringMatching(/garlic-granules\.mdx:\d+: "30 kg" for garlic-granules\.bag \("multi-wall"\), but content\/facts\.yaml says 25 kg/)]);
    const quote = contentFixture('content/faq/quote-validity.md', (text) => `${text}\nQuotations are valid for 45 days.\n`);
    expect(factProblems(quote)).toEqual([expect.stringMatching(/quote-validity\.md:\d+: "45 days" for company\.quoteValidity/)]);
    const german = contentFixture('content/de/pages/garlic-powder.mdx', (text) => `${text}\nDie Gesamtkeimzahl liegt unter 50.000 KbE/g.\n`);
    expect(factProblems(german)).toEqual([expect.stringMatching(/garlic-powder\.mdx:\d+: "50\.000 KbE\/g" for garlic-powder\.totalPlateCount .*says 100\.000 KbE\/g/)]);
  });

  it("another product's figure in the same sentence is that product's, not a contradiction", () => {
    const dir = contentFixture('content/pages/garlic-powder.mdx', (text) => `${text}\nMoisture: granules under <Fact name="garlic-granules.moisture" />, flakes under <Fact name="garlic-flakes.moisture" />.\n`);
    expect(factProblems(dir)).toEqual([]);
  });

  it('the same contradiction in the German FAQ answer and the Arabic table is found', () => {
    const german = contentFixture('content/de/faq/ports-and-container-loads.md', (text) => text.replace('{fact:garlic-powder.container20}', '12–16 t'));
    expect(factProblems(german).join('\n')).toMatch(/ports-and-container-loads\.md:\d+: "12–16 t" for garlic-powder\.container20 .*says 12–14 t/);
    const arabic = contentFixture('content/ar/pages/shipping-logistics.mdx', (text) => text.replace('| مسحوق الثوم | <Fact name="garlic-powder.container20" />', '| مسحوق الثوم | 12-16 طن'));
    expect(factProblems(arabic).join('\n')).toMatch(/shipping-logistics\.mdx:\d+: "12-16 طن" for garlic-powder\.container20 .*says 12-14 طن/);
  });
});

// What a page would say if no product were made with ethanol or an alcohol-based solvent.
const NO_ALCOHOL_CLAIM: Record<(typeof LANGUAGES)[number], RegExp> = {
  en: /without (?:alcohol|ethanol)(?:-based solvents)?|alcohol-free(?! claims?)|no alcohol is used/i,
  de: /ohne (?:alkoholbasierte Lösungsmittel|Alkohol|Ethanol)|alkoholfrei/i,
  ar: /دون (?:مذيبات كحولية|كحول|إيثانول)|خالية من الكحول/,
};

/** The files of a language that say the products are made without ethanol, while the data says one is made with it. */
function alcoholClaims(root: string, code: (typeof LANGUAGES)[number]): string[] {
  const facts = readFacts(root, []);
  if (!Object.values(facts?.products ?? {}).some((product) => product.usesEthanol)) return [];
  return sources(root, code).filter((file) => NO_ALCOHOL_CLAIM[code].test(fs.readFileSync(path.join(root, file), 'utf8')));
}

describe('the solvent and ethanol position', () => {
  it('content/facts.yaml says the aged garlic extract, and only it, is made with ethanol', () => {
    const facts = readFacts(ROOT, []);
    expect(Object.entries(facts?.products ?? {}).flatMap(([id, product]) => (product.usesEthanol ? [id] : []))).toEqual(['aged-garlic-extract']);
  });

  it.each(LANGUAGES)('so no %s page or FAQ answer says the products are made without alcohol', (code) => {
    expect(alcoholClaims(ROOT, code)).toEqual([]);
  });

  it('a page that says so fails the check', () => {
    const dir = contentFixture('content/de/pages/region/mena.mdx', (text) => `${text}\nAlle Produkte werden ohne alkoholbasierte Lösungsmittel hergestellt.\n`);
    expect(alcoholClaims(dir, 'de')).toEqual(['content/de/pages/region/mena.mdx']);
  });
});

describe('content/facts.yaml', () => {
  it('a save of the file recompiles the facts and the FAQ answers that show them, in the dev server', () => {
    expect(modulesReading('content/facts.yaml', 'update')).toEqual(expect.arrayContaining(['virtual:content/facts', 'virtual:content/faq']));
  });

  it('a figure written with its unit fails the build, naming the file and the field', () => {
    const dir = contentFixture('content/facts.yaml', (text) => text.replace('moq: { value: 1, unit: t }', "moq: { value: '1 t', unit: t }"));
    expect(problemsOf(dir)).toContainEqual(expect.stringMatching(/^content\/facts\.yaml: products\.garlic-powder\.moq\.value: expected a number/));
  });

  it('an unknown unit, a range upside down and a missing fact fail it too', () => {
    const unit = contentFixture('content/facts.yaml', (text) => text.replace('shelfLife: { value: 24, unit: months }', 'shelfLife: { value: 24, unit: years }'));
    expect(problemsOf(unit)).toContainEqual(expect.stringMatching(/^content\/facts\.yaml: products\.garlic-powder\.shelfLife\.unit: expected one of mesh, %/));
    const range = contentFixture('content/facts.yaml', (text) => text.replace('container20: { min: 12, max: 14, unit: t }', 'container20: { min: 14, max: 12, unit: t }'));
    expect(problemsOf(range)).toContainEqual(expect.stringMatching(/^content\/facts\.yaml: products\.garlic-powder\.container20: expected min below max/));
    const missing = contentFixture('content/facts.yaml', (text) => text.replace(/^ {4}moq: \{ value: 100, unit: kg \}\n/m, ''));
    expect(problemsOf(missing)).toContainEqual('content/facts.yaml: products.garlic-oil.moq: required field is missing');
  });

  it('a placeholder or a <Fact /> naming no fact fails the build, naming the file and the field', () => {
    const placeholder = contentFixture('content/de/faq/minimum-order-quantity.md', (text) => text.replace('{fact:garlic-powder.moq}', '{fact:garlic-powder.mqo}'));
    expect(problemsOf(placeholder)).toContainEqual(expect.stringMatching(/^content\/de\/faq\/minimum-order-quantity\.md: answer: unknown fact "garlic-powder\.mqo"/));
    const tag = contentFixture('content/pages/garlic-oil.mdx', (text) => text.replace('<Fact name="garlic-oil.moq" />', '<Fact name="garlic-oil.minimum" />'));
    expect(problemsOf(tag)).toContainEqual(expect.stringMatching(/^content\/pages\/garlic-oil\.mdx: content: unknown fact "garlic-oil\.minimum"/));
    const title = contentFixture('content/pages/garlic-powder.mdx', (text) => text.replace(/^(description: >-\n {2}.*?)\{fact:garlic-powder\.moq\}/ms, '$1{fact:garlic-powder.moq:plural}'));
    expect(problemsOf(title)).toContainEqual(expect.stringMatching(/^content\/pages\/garlic-powder\.mdx: description: unknown form "plural"/));
  });
});

describe('each language writes a fact its own way', () => {
  const cases: [Parameters<typeof formatQuantity>[0], string, string, string][] = [
    [{ min: 80, max: 120, unit: 'mesh' }, '80-120 mesh', '80–120 mesh', '80-120 mesh'],
    [{ max: 5, unit: '%' }, '5%', '5\u00a0%', '5%'],
    [{ max: 5, decimals: 1, unit: '%' }, '5.0%', '5,0\u00a0%', '5.0%'],
    [{ value: 1, unit: 't' }, '1 MT', '1 t', '1 طن'],
    [{ min: 12, max: 14, unit: 't' }, '12-14 MT', '12–14 t', '12-14 طن'],
    [{ max: 100000, unit: 'cfu/g' }, '100,000 cfu/g', '100.000 KbE/g', '100,000 cfu/g'],
    [{ min: 0.55, max: 0.7, decimals: 2, unit: 'g/ml' }, '0.55-0.70 g/ml', '0,55–0,70 g/ml', '0.55-0.70 g/ml'],
    [{ value: 24, unit: 'months' }, '24 months', '24 Monate', '24 شهراً'],
    [{ min: 4, max: 6, unit: 'weeks' }, '4-6 weeks', '4–6 Wochen', '4-6 أسابيع'],
    [{ min: 2, max: 3, unit: 'business-days' }, '2-3 business days', '2–3 Werktage', '2-3 أيام عمل'],
    [{ min: 15, max: 25, unit: 'days' }, '15-25 days', '15–25 Tage', '15-25 يوماً'],
  ];
  it.each(cases)('%j: English %s, German %s, Arabic %s', (quantity, en, de, ar) => {
    expect([formatQuantity(quantity, 'en'), formatQuantity(quantity, 'de'), formatQuantity(quantity, 'ar')]).toEqual([en, de, ar]);
  });

  it('the long and the dative forms', () => {
    expect(formatQuantity({ value: 1, unit: 't' }, 'en', 'long')).toBe('1 metric ton');
    expect(formatQuantity({ value: 20, unit: 't' }, 'en', 'long')).toBe('20 metric tons');
    expect(formatQuantity({ value: 1, unit: 't' }, 'ar', 'long')).toBe('1 طن متري');
    expect(formatQuantity({ min: 2, max: 3, unit: 'business-days' }, 'de', 'dative')).toBe('2–3 Werktagen');
    expect(formatQuantity({ value: 36, unit: 'months' }, 'de', 'dative')).toBe('36 Monaten');
  });

  it('a response time of one said in words, as the copy says it; other figures keep their digits', () => {
    const one = { value: 1, unit: 'business-days' } as const;
    expect([formatQuantity(one, 'en', 'words'), formatQuantity(one, 'de', 'words'), formatQuantity(one, 'ar', 'words')]).toEqual(['one business day', 'eines Werktags', 'يوم عمل واحد']);
    expect(formatQuantity({ value: 2, unit: 'business-days' }, 'en', 'words')).toBe('2 business days');
  });
});

describe('the head, the JSON-LD source and the body agree', () => {
  const content = loadContent(ROOT);
  const table = content.factTable;

  it.each(LANGUAGES)('the %s product page of garlic powder states its facts from the data in the title, the description, the specification and the text', (code) => {
    const page = everyPage(content).find((p) => p.locale === code && p.defaultPath === '/garlic-powder');
    const particle = formatQuantity(table['garlic-powder.particleSize'], code);
    expect(page?.meta.title).toContain(particle);
    expect(page?.meta.description).toContain(formatQuantity(table['garlic-powder.moq'], code));
    expect(page?.meta.product?.specifications[0].rows[0].value).toContain(particle);
    expect(page?.meta.product?.shelfLife).toContain(formatQuantity(table['garlic-powder.shelfLife'], code));
    expect(renderFacts(page?.body ?? '', code, table)).toContain(particle);
  });

  it.each(LANGUAGES)("a figure's caption in %s carries the figure, not the placeholder", (code) => {
    const page = everyPage(content).find((p) => p.locale === code && p.defaultPath === '/garlic-powder');
    const caption = /<Figure [^>]*caption="([^"]*)"/.exec(page?.body ?? '')?.[1] ?? '';
    expect(caption).toContain(formatQuantity(table['garlic-powder.particleSize'], code));
    expect(page?.body).not.toContain('{fact:');
  });

  it("every product page, in every language, lists the company's certifications of content/facts.yaml, then the product's, named in its language", () => {
    const all = everyPage(content).filter((p) => p.meta.product);
    expect(all).toHaveLength(15);
    for (const page of all) {
      const names = page.locale === 'en' ? undefined : (content.ui[page.locale] as unknown as { certifications: Record<string, string> }).certifications;
      const expected = certificationsOf(content.facts, page.defaultPath!.slice(1), names);
      expect(page.meta.product?.certifications, page.file).toEqual(expected);
    }
    const powder = (code: string) => all.find((p) => p.locale === code && p.defaultPath === '/garlic-powder')?.meta.product?.certifications;
    expect(powder('en')).toEqual(['ISO 22000', 'HACCP', 'FSSAI', 'Kosher', 'Halal', 'Organic (certified organic lots on request)']);
    expect(powder('de')).toEqual(['ISO 22000', 'HACCP', 'FSSAI', 'Koscher', 'Halal', 'Bio (zertifizierte Bio-Chargen auf Anfrage)']);
    expect(powder('ar')).toEqual(['ISO 22000', 'HACCP', 'FSSAI', 'كوشر', 'حلال', 'عضوي (دفعات عضوية معتمدة عند الطلب)']);
    expect(all.find((p) => p.locale === 'de' && p.defaultPath === '/garlic-oil')?.meta.product?.certifications).toEqual(['ISO 22000', 'HACCP', 'FSSAI', 'Koscher', 'Halal', 'GMP']);
  });

  it('a certification list typed in a product page, or a certification a language does not name, fails the build', () => {
    const typed = contentFixture('content/de/pages/garlic-flakes.mdx', (text) => text.replace(/^ {2}storage: /m, '  certifications:\n    - ISO 22000\n    - Kosher\n  storage: '));
    expect(problemsOf(typed)).toContainEqual(expect.stringMatching(/^content\/de\/pages\/garlic-flakes\.mdx: product\.certifications: the certifications come from content\/facts\.yaml/));
    const added = contentFixture('content/facts.yaml', (text) => text.replace('certifications: [GMP]', 'certifications: [GMP, BRCGS]'));
    expect(problemsOf(added)).toEqual(
      expect.arrayContaining(['content/ui/de.yaml: certifications.BRCGS: required: the name of the certification "BRCGS" of content/facts.yaml in this language', expect.stringMatching(/^content\/ui\/ar\.yaml: certifications\.BRCGS/)]),
    );
  });

  it("shows as badges only certifications the company holds, named in each page's language", () => {
    expect(content.site.badges.filter((badge) => !content.facts.company.certifications.includes(badge))).toEqual([]);
    const lots = contentFixture('content/site.yaml', (text) => text.replace(/^badges:\n/m, 'badges:\n  - Organic\n'));
    expect(problemsOf(lots)).toContainEqual(
      'content/site.yaml: badges.0: "Organic" is not a certification the company holds in content/facts.yaml (company.certifications: ISO 22000, HACCP, FSSAI, Kosher, Halal)',
    );
  });

  it('an FAQ answer carries the figure, not the placeholder', () => {
    const answer = content.faq.find((entry) => entry.id === 'minimum-order-quantity')?.answer ?? '';
    expect(answer).toContain(formatQuantity(table['garlic-powder.moq'], 'en', 'long'));
    expect(answer).not.toContain('{fact:');
  });
});
