/**
 * Facts the site states in more than one place agree, in every language: what a halal buyer reads
 * about solvents and ethanol on the Middle East page matches the product pages' specifications,
 * the container load and pack sizes of the shipping page and FAQ match each other and the
 * product pages, and every page says the same response time for an enquiry. Each file is read as
 * its page shows it, with the figures of content/facts.yaml in place of `<Fact />` and
 * `{fact:...}` (facts-data.test.ts checks that no figure is typed by hand). CONTENT_ROOT runs the
 * same checks over another copy of the site (e.g. an older one, to see them fail).
 */
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { renderFacts } from './fact-check.ts';
import { factTable } from './facts.ts';
import { readFacts } from './load.ts';

const ROOT = process.env.CONTENT_ROOT ?? process.cwd();
const LANGUAGES = ['en', 'de', 'ar'] as const;
type Code = (typeof LANGUAGES)[number];

const file = (code: Code, rel: string) => path.join(ROOT, 'content', code === 'en' ? '' : code, rel);
const facts = readFacts(ROOT, []);
const table = facts ? factTable(facts) : {};
const read = (code: Code, rel: string) => matter(renderFacts(fs.readFileSync(file(code, rel), 'utf8'), code, table));
/** Figures as plain digits: "5.000" and "5,000" read as 5000, en dashes as hyphens, a no-break space as a space. */
const figures = (text: string) => text.replace(/(\d)[.,](?=\d{3}\b)/g, '$1').replace(/–/g, '-').replace(/\u00a0/g, ' ');

interface Spec {
  specifications: { rows: { parameter: string; value: string }[] }[];
  packaging: string[];
}
const product = (code: Code, page: string) => read(code, `pages/${page}.mdx`).data.product as Spec;

/** The value of the specification row at the same place as the English row named `parameter`. */
function specValue(code: Code, page: string, parameter: string): string {
  const english = product('en', page).specifications.flatMap((group) => group.rows);
  const index = english.findIndex((row) => row.parameter === parameter);
  expect(index, `${page}: no row "${parameter}"`).toBeGreaterThanOrEqual(0);
  return product(code, page).specifications.flatMap((group) => group.rows)[index].value;
}

const ppm = (text: string) => [...figures(text).matchAll(/(\d+) ppm/g)].map((m) => Number(m[1]));

// What the Middle East page said before it stated the position product by product: that nothing is
// processed with alcohol-based solvents, while the aged garlic extract is made in aqueous ethanol.
const NO_ALCOHOL_CLAIM: Record<Code, RegExp> = {
  en: /without alcohol-based solvents/,
  de: /ohne alkoholbasierte Lösungsmittel/,
  ar: /دون مذيبات كحولية/,
};

// Enquiries reach the export desk at any hour and are answered within one business day (the contact
// page and the forms' confirmation): no page may say they are answered around the clock.
const ANSWERED_AT_ANY_HOUR: Record<Code, RegExp> = {
  en: /answers? enquiries 24\/7|answered around the clock|enquiries answered 24\/7/,
  de: /beantwortet Anfragen rund um die Uhr|Anfragen beantworten wir rund um die Uhr/,
  ar: /(?:يرد|نرد|نردّ)[^.؛،]*على الاستفسارات على مدار الساعة/,
};
const ONE_BUSINESS_DAY: Record<Code, RegExp> = { en: /within one business day/, de: /innerhalb eines Werktags/, ar: /خلال يوم عمل واحد/ };

describe.each(LANGUAGES)('facts in %s', (code) => {
  const mena = figures(read(code, 'pages/region/mena.mdx').content);

  it('the Middle East page does not say the products are made without alcohol-based solvents', () => {
    expect(mena).not.toMatch(NO_ALCOHOL_CLAIM[code]);
  });

  it("the Middle East page states the aged garlic extract's residual-ethanol limit and the oleoresin's residual-solvent limits as the product pages do", () => {
    const ethanol = ppm(specValue(code, 'aged-garlic-extract', 'Residual ethanol'));
    const solvents = ['Residual solvent: hexane', 'Residual solvent: acetone', 'Residual solvents: methanol and isopropanol'].flatMap((row) =>
      ppm(specValue(code, 'garlic-oil', row)),
    );
    expect(ethanol).toEqual([5000]);
    for (const limit of [...ethanol, ...solvents]) expect(ppm(mena)).toContain(limit);
  });

  it("the shipping page and the FAQ give the same load of garlic powder in a 20 ft container", () => {
    const range = /(\d+)-(\d+) ?(?:MT|t|طن)/;
    const shipping = figures(read(code, 'pages/shipping-logistics.mdx').content);
    const row = shipping.split('\n').find((line) => line.startsWith('|') && range.test(line));
    const faq = figures(read(code, 'faq/ports-and-container-loads.md').content).match(range);
    expect(faq).not.toBeNull();
    expect(row?.match(range)?.slice(1, 3)).toEqual(faq?.slice(1, 3));
  });

  it("the shipping page's and the FAQ's pack sizes for garlic powder are the product page's", () => {
    const sizes = new Set(product(code, 'garlic-powder').packaging.flatMap((pack) => [...figures(pack).matchAll(/(\d+)[ -]kg/g)].map((m) => m[1])));
    const shipping = figures(read(code, 'pages/shipping-logistics.mdx').content);
    const packagingRow = shipping.split('\n').find((line) => line.startsWith('|') && /\d+ kg/.test(line) && !/\d+ ?g\b/.test(line.replace(/kg/g, '')));
    const faq = figures(read(code, 'faq/packaging-options.md').content).split('\n\n')[0];
    for (const text of [packagingRow ?? '', faq]) {
      expect(text).not.toMatch(/\d+-\d+ kg/);
      for (const [, size] of text.matchAll(/(\d+) kg/g)) expect(sizes).toContain(size);
    }
    // The bags are 25 kg; 20 kg is the carton.
    const bagSizes: Record<Code, RegExp> = { en: /(\d+) kg(?: or (\d+) kg)? multi-wall/, de: /Kraftpapiersäcken à (\d+) kg(?: oder (\d+) kg)?/, ar: /كرافت متعددة الطبقات سعة (\d+) kg(?: أو (\d+) kg)?/ };
    expect(faq.match(bagSizes[code])?.slice(1).filter(Boolean)).toEqual(['25']);
  });

  it('the home page, the markets page and the office hours give the contact page\'s response time', () => {
    const ui = renderFacts(fs.readFileSync(path.join(ROOT, 'content/ui', `${code}.yaml`), 'utf8'), code, table);
    const hours = code === 'en' ? renderFacts(fs.readFileSync(path.join(ROOT, 'content/site.yaml'), 'utf8'), code, table) : ui;
    const hoursLine = hours.split('\n').find((line) => /^\s+hours: /.test(line)) ?? '';
    for (const text of [read(code, 'pages/index.mdx').content + JSON.stringify(read(code, 'pages/index.mdx').data), read(code, 'pages/markets.mdx').content, hoursLine]) {
      expect(text).not.toMatch(ANSWERED_AT_ANY_HOUR[code]);
      expect(text).toMatch(ONE_BUSINESS_DAY[code]);
    }
  });
});
