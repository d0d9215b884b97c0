/**
 * The certifications a product page lists, from content/facts.yaml: the company's
 * (`company.certifications`) then the product's own (`products.<id>.certifications`, e.g. organic
 * lots or GMP), each named in the page's language as its interface file names it
 * (content/ui/<code>.yaml `certifications`, keyed by the name in facts.yaml). A page never types
 * the list: one typed by hand could drift from the data, so it fails the content check.
 */
import type { FactsFile } from './facts.ts';
import type { LocalePage, UiStrings } from './translations.ts';

/** Every certification name content/facts.yaml holds, the company's first. */
export function certificationNames(facts: FactsFile): string[] {
  return [...new Set([...facts.company.certifications, ...Object.values(facts.products).flatMap((product) => product.certifications ?? [])])];
}

/** A product's certifications in a language; `names` translates them (none for the default language). */
export function certificationsOf(facts: FactsFile, productId: string, names?: Record<string, string>): string[] {
  const own = facts.products[productId]?.certifications ?? [];
  return [...facts.company.certifications, ...own].map((name) => names?.[name] ?? name);
}

/**
 * The badges content/site.yaml shows on the home and certifications pages (`badges`): each must be
 * a certification the company holds (`company.certifications`), since a badge says so of the whole
 * company, not of some lots or products. As `file: field: problem` lines.
 */
export function badgeProblems(badges: readonly string[], facts: FactsFile): string[] {
  const held = facts.company.certifications;
  return badges.flatMap((badge, i) =>
    held.includes(badge)
      ? []
      : [`content/site.yaml: badges.${i}: "${badge}" is not a certification the company holds in content/facts.yaml (company.certifications: ${held.join(', ')})`],
  );
}

/** Certifications of content/facts.yaml as a language's interface file names them (each as it is where the file names none). */
export function certificationNamesIn(names: readonly string[], ui: UiStrings | undefined): string[] {
  const translated = namesIn(ui);
  return names.map((name) => translated?.[name] ?? name);
}

/** The names a language's interface file gives the certifications, or undefined. */
function namesIn(ui: UiStrings | undefined): Record<string, string> | undefined {
  const names = (ui as { certifications?: unknown } | undefined)?.certifications;
  return names && typeof names === 'object' ? (names as Record<string, string>) : undefined;
}

/**
 * Writes each product page's certifications from the data, in its language, and reports a list
 * typed in a page's frontmatter, a product page with no product in the data and a name a
 * language's interface file does not translate, as `file: field: problem` lines.
 */
export function fillCertifications(pages: LocalePage[], facts: FactsFile, ui: Record<string, UiStrings>, defaultCode: string): string[] {
  const problems: string[] = [];
  for (const code of Object.keys(ui)) {
    if (code === defaultCode) continue;
    const names = namesIn(ui[code]);
    for (const name of certificationNames(facts)) {
      if (typeof names?.[name] !== 'string') problems.push(`content/ui/${code}.yaml: certifications.${name}: required: the name of the certification "${name}" of content/facts.yaml in this language`);
    }
  }
  for (const page of pages) {
    const product = page.meta.product;
    if (!product) continue;
    if (product.certifications.length) {
      problems.push(`${page.file}: product.certifications: the certifications come from content/facts.yaml (company.certifications and the product's own); remove this list`);
    }
    const id = (page.defaultPath ?? '').replace(/^\//, '');
    if (!(id in facts.products)) {
      problems.push(`${page.file}: product: expected a product "${id}" in content/facts.yaml (its page's address), which holds ${Object.keys(facts.products).join(', ')}`);
      continue;
    }
    product.certifications = certificationsOf(facts, id, page.locale === defaultCode ? undefined : namesIn(ui[page.locale]));
  }
  return problems;
}
