/**
 * The company's credentials (content/facts.yaml `company.credentials`): every certification,
 * registration, audit and declaration it holds, once. The certifications page shows them as a
 * table (`<CredentialsTable />`), each named in English by the data and in every other language
 * by its interface file, with what it covers and why a buyer cares from each language's file
 * (content/ui/<code>.yaml `credentials`). Node only: the loader checks the data and the words
 * against each other, and the content plugin hands the table's rows to the component.
 *
 * The checks report `file: field: problem` lines, as the loader's others do: a product-page
 * certification that is no credential, a language without the words of a credential, words for
 * a credential the data does not hold, and a page that types a table of credentials by hand
 * (it would drift from the data, and its count with it).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FactsFile } from './facts.ts';
import type { LocalePage, UiStrings } from './translations.ts';

/** The words of a credential's row, and of the table's column headings. */
const WORDS = ['covers', 'why'] as const;
const COLUMNS = ['name', 'covers', 'why'] as const;

export interface CredentialRow {
  id: string;
  name: string;
  covers: string;
  why: string;
}

/** The table in one language: its column headings and a row per credential, in the data's order. */
export interface CredentialTable {
  columns: Record<(typeof COLUMNS)[number], string>;
  rows: CredentialRow[];
}

type Words = { columns?: Record<string, unknown>; items?: Record<string, Record<string, unknown> | undefined> };

/** A language's `credentials` block, or an empty one. */
function wordsIn(ui: UiStrings | undefined): Words {
  const block = (ui as { credentials?: unknown } | undefined)?.credentials;
  return block && typeof block === 'object' ? (block as Words) : {};
}

/**
 * company.certifications, which every product page lists and badges show, and each product's own
 * certifications name credentials of the company (by their name or their short name): a
 * certification a page claims must be one the company holds. A product's may add a qualifier in
 * parentheses after the name ("Organic (certified organic lots on request)").
 */
export function certificationCredentialProblems(facts: FactsFile): string[] {
  const credentials = facts.company.credentials;
  const problems: string[] = [];
  const seen = new Set<string>();
  credentials.forEach(({ id }, i) => {
    if (seen.has(id)) problems.push(`content/facts.yaml: company.credentials.${i}.id: "${id}" is the id of an earlier credential; each id names one credential`);
    seen.add(id);
  });
  const names = credentials.flatMap((credential) => [credential.name, ...(credential.short ? [credential.short] : [])]);
  const check = (field: string, certification: string, named: string) => {
    if (!names.includes(named))
      problems.push(
        `content/facts.yaml: ${field}: "${certification}" is not a credential of company.credentials (by its name or short name: ${names.join(', ')}); add it there or correct the name`,
      );
  };
  facts.company.certifications.forEach((certification, i) => check(`company.certifications.${i}`, certification, certification));
  for (const [id, product] of Object.entries(facts.products))
    (product.certifications ?? []).forEach((certification, i) => check(`products.${id}.certifications.${i}`, certification, certification.replace(/ \(.*\)$/, '')));
  return problems;
}

/**
 * Every language's words for the table: its column headings and, for each credential of the data,
 * what it covers and why a buyer cares, and in any language but the first its name. Words for an
 * id the data does not hold are reported too (a credential renamed or removed in the data).
 */
export function credentialWordsProblems(facts: FactsFile, ui: Record<string, UiStrings>, defaultCode: string): string[] {
  const problems: string[] = [];
  const ids = new Set(facts.company.credentials.map((credential) => credential.id));
  for (const [code, strings] of Object.entries(ui)) {
    const file = `content/ui/${code}.yaml`;
    const { columns, items } = wordsIn(strings);
    for (const column of COLUMNS)
      if (!isText(columns?.[column])) problems.push(`${file}: credentials.columns.${column}: required: the heading of the certifications table's column "${column}" in this language`);
    for (const credential of facts.company.credentials) {
      const words = items?.[credential.id];
      const required = code === defaultCode ? WORDS : (['name', ...WORDS] as const);
      for (const key of required) {
        if (!isText(words?.[key])) problems.push(`${file}: credentials.items.${credential.id}.${key}: required: ${describeWord(key)} the credential "${credential.name}" of content/facts.yaml in this language`);
      }
      if (code === defaultCode && words && 'name' in words)
        problems.push(`${file}: credentials.items.${credential.id}.name: the English name is content/facts.yaml's (company.credentials); remove it here`);
    }
    for (const id of Object.keys(items ?? {}))
      if (!ids.has(id)) problems.push(`${file}: credentials.items.${id}: unknown credential; content/facts.yaml company.credentials has no id "${id}" (remove it or correct the id)`);
  }
  return problems;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function describeWord(key: 'name' | (typeof WORDS)[number]): string {
  return { name: 'the name of', covers: 'what is covered by', why: 'why a buyer cares about' }[key];
}

/** The table in each language, the credentials in the data's order (for the `<CredentialsTable />` component). */
export function credentialTables(facts: FactsFile, ui: Record<string, UiStrings>, defaultCode: string): Record<string, CredentialTable> {
  return Object.fromEntries(
    Object.entries(ui).map(([code, strings]) => {
      const { columns, items } = wordsIn(strings);
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      const rows = facts.company.credentials.map(({ id, name }) => {
        const words = items?.[id];
        return { id, name: code === defaultCode ? name : text(words?.name), covers: text(words?.covers), why: text(words?.why) };
      });
      return [code, { columns: { name: text(columns?.name), covers: text(columns?.covers), why: text(columns?.why) }, rows }];
    }),
  );
}

/** A cell's text as a reader sees it: without emphasis, links reduced to their words. */
const cellText = (cell: string) =>
  cell
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .trim();

/**
 * Pages that type a table of credentials by hand: a Markdown table with two rows or more that
 * start with the name of a credential of the data (in English, its short name, or any language's
 * name). One line per table, with its line in the file; `root` is where the files are, to count
 * the frontmatter's lines.
 */
export function handTypedCredentialTables(pages: LocalePage[], facts: FactsFile, ui: Record<string, UiStrings>, root: string): string[] {
  const names = new Set<string>();
  for (const credential of facts.company.credentials) {
    names.add(credential.name);
    if (credential.short) names.add(credential.short);
    for (const strings of Object.values(ui)) {
      const name = wordsIn(strings).items?.[credential.id]?.name;
      if (isText(name)) names.add(name.trim());
    }
  }
  const problems: string[] = [];
  for (const page of pages) {
    const lines = page.body.split('\n');
    let named: string[] = [];
    let start = -1;
    const report = () => {
      if (named.length >= 2) {
        const line = frontmatterLines(root, page) + start + 1;
        problems.push(
          `${page.file}:${line}: content: a table typed by hand lists the credentials ${listed(named)}; the credentials come from content/facts.yaml (company.credentials): put <CredentialsTable /> in its place`,
        );
      }
      named = [];
      start = -1;
    };
    lines.forEach((line, i) => {
      if (!line.trimStart().startsWith('|')) return report();
      if (start < 0) start = i;
      const first = cellText(line.trim().replace(/^\|/, '').split('|')[0] ?? '');
      if (names.has(first)) named.push(first);
    });
    report();
  }
  return problems;
}

/** The first names of a table, quoted, and how many it has in all. */
const listed = (names: string[]) => names.slice(0, 3).map((name) => `"${name}"`).join(', ') + (names.length > 3 ? ` and ${names.length - 3} more` : '');

/** The lines before a page's body in its file (its frontmatter), so a problem names the file's own line. */
function frontmatterLines(root: string, page: LocalePage): number {
  const abs = path.join(root, page.file);
  if (!fs.existsSync(abs)) return 0;
  return fs.readFileSync(abs, 'utf8').split('\n').length - page.body.split('\n').length;
}
