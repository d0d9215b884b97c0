/**
 * The company's credentials as data (content/facts.yaml `company.credentials`): validated field by
 * field, the product pages' certifications among them, every language's words for each one, no
 * table of them typed by a page, and the count the copy states taken from the data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUpFixtures, contentFixture, problemsOf } from '../../../tests/support/content-fixture';
import { credentialTables } from './credentials.ts';
import { formatQuantity } from './fact-format.ts';
import { everyPage, loadContent } from './load.ts';
import { modulesReading } from './vite-plugin.ts';

afterAll(cleanUpFixtures);

const content = loadContent();
const LANGUAGES = ['en', 'de', 'ar'] as const;
const certificationsPage = (code: string, root = content) =>
  everyPage(root).find((page) => page.locale === code && page.defaultPath === '/certifications');

/** A credential added to content/facts.yaml, with its words in every language's file or without those of `missing`. */
function withNewCredential(missing: string[] = []): string {
  let dir = contentFixture('content/facts.yaml', (text) =>
    text.replace(/^( {4}- \{ id: sedex-smeta,.*\n)/m, '$1    - { id: fssc-22000, name: FSSC 22000, kind: certification }\n'),
  );
  const words: Record<string, string> = {
    en: '    fssc-22000:\n      covers: Food safety scheme\n      why: Recognised by retailers\n',
    de: '    fssc-22000:\n      name: FSSC 22000\n      covers: Zertifizierungsprogramm für Lebensmittelsicherheit\n      why: Vom Handel anerkannt\n',
    ar: '    fssc-22000:\n      name: FSSC 22000\n      covers: مخطط لسلامة الغذاء\n      why: معترف به لدى تجار التجزئة\n',
  };
  for (const code of LANGUAGES) {
    if (missing.includes(code)) continue;
    dir = contentFixture(`content/ui/${code}.yaml`, (text) => text.replace(/^( {4}sedex-smeta:\n(?: {6}.*\n)+)/m, `$1${words[code]}`), dir);
  }
  return dir;
}

describe('company.credentials in content/facts.yaml', () => {
  it('holds every credential once, each with an id, an English name and a kind, in the order the page lists them', () => {
    const ids = content.facts.company.credentials.map((credential) => credential.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 3)).toEqual(['iso-22000', 'haccp', 'gmp']);
    expect(content.facts.company.credentials.find((credential) => credential.id === 'fssai')).toEqual({ id: 'fssai', name: 'FSSAI central licence', short: 'FSSAI', kind: 'registration' });
  });

  it('a wrong kind, a missing name or a repeated id fails the check, naming the file and the field', () => {
    const kind = contentFixture('content/facts.yaml', (text) => text.replace('{ id: haccp, name: HACCP, kind: certification }', '{ id: haccp, name: HACCP, kind: licence }'));
    expect(problemsOf(kind)).toContainEqual('content/facts.yaml: company.credentials.1.kind: expected one of certification, registration, audit, declaration, got "licence"');
    const name = contentFixture('content/facts.yaml', (text) => text.replace('{ id: gmp, name: GMP, kind: certification }', '{ id: gmp, kind: certification }'));
    expect(problemsOf(name)).toContainEqual('content/facts.yaml: company.credentials.2.name: required field is missing');
    const repeated = contentFixture('content/facts.yaml', (text) => text.replace('{ id: gmp, name: GMP,', '{ id: haccp, name: GMP,'));
    expect(problemsOf(repeated)).toContainEqual('content/facts.yaml: company.credentials.2.id: "haccp" is the id of an earlier credential; each id names one credential');
  });

  it("each of company.certifications, which every product page lists, is a credential (by its name or short name); one that is not fails the check", () => {
    const names = content.facts.company.credentials.flatMap((credential) => [credential.name, credential.short]);
    for (const certification of content.facts.company.certifications) expect(names).toContain(certification);
    const dropped = contentFixture('content/facts.yaml', (text) => text.replace(/^ {4}- \{ id: kosher,.*\n/m, ''));
    expect(problemsOf(dropped)).toContainEqual(expect.stringMatching(/^content\/facts\.yaml: company\.certifications\.3: "Kosher" is not a credential of company\.credentials \(by its name or short name: ISO 22000, HACCP, GMP, /));
  });

  it("each product's own certifications name a credential too, with what the page adds in parentheses; one the company does not hold fails the check", () => {
    expect(content.facts.products['garlic-powder'].certifications).toEqual(['Organic (certified organic lots on request)']);
    const noOrganic = contentFixture('content/facts.yaml', (text) => text.replace(/^ {4}- \{ id: india-organic,.*\n/m, ''));
    expect(problemsOf(noOrganic)).toContainEqual(
      expect.stringMatching(/^content\/facts\.yaml: products\.garlic-powder\.certifications\.0: "Organic \(certified organic lots on request\)" is not a credential of company\.credentials/),
    );
    const noGmp = contentFixture('content/facts.yaml', (text) => text.replace(/^ {4}- \{ id: gmp,.*\n/m, ''));
    expect(problemsOf(noGmp)).toContainEqual(expect.stringMatching(/^content\/facts\.yaml: products\.garlic-oil\.certifications\.0: "GMP" is not a credential/));
  });
});

describe("the credentials' words in each language", () => {
  it('every language names each credential (German and Arabic in their files) and says what it covers and why a buyer cares', () => {
    const tables = credentialTables(content.facts, content.ui, 'en');
    for (const code of LANGUAGES) {
      expect(tables[code].rows.map((row) => row.id)).toEqual(content.facts.company.credentials.map((credential) => credential.id));
      for (const row of tables[code].rows) for (const key of ['name', 'covers', 'why'] as const) expect(row[key], `${code} ${row.id}.${key}`).not.toBe('');
    }
    expect(tables.de.rows.find((row) => row.id === 'kosher')?.name).toBe('Koscher');
    expect(tables.ar.rows.find((row) => row.id === 'halal')?.name).toBe('الحلال (Halal)');
  });

  it('a translation removed from a language file fails the check, naming the file and the key', () => {
    const removed = contentFixture('content/ui/de.yaml', (text) => text.replace(/^( {4}halal:\n {6}name: .*\n {6}covers: .*\n) {6}why: .*\n/m, '$1'));
    expect(problemsOf(removed)).toEqual(['content/ui/de.yaml: credentials.items.halal.why: required: why a buyer cares about the credential "Halal" of content/facts.yaml in this language']);
    const unnamed = contentFixture('content/ui/ar.yaml', (text) => text.replace(/^( {4}iec:\n) {6}name: .*\n/m, '$1'));
    expect(problemsOf(unnamed)).toEqual(['content/ui/ar.yaml: credentials.items.iec.name: required: the name of the credential "Importer Exporter Code (IEC)" of content/facts.yaml in this language']);
  });

  it('a credential added to the data without its words in a language fails the check for that language alone', () => {
    expect(problemsOf(withNewCredential())).toEqual([]);
    expect(problemsOf(withNewCredential(['ar']))).toEqual([
      'content/ui/ar.yaml: credentials.items.fssc-22000.name: required: the name of the credential "FSSC 22000" of content/facts.yaml in this language',
      'content/ui/ar.yaml: credentials.items.fssc-22000.covers: required: what is covered by the credential "FSSC 22000" of content/facts.yaml in this language',
      'content/ui/ar.yaml: credentials.items.fssc-22000.why: required: why a buyer cares about the credential "FSSC 22000" of content/facts.yaml in this language',
    ]);
  });

  it('words for a credential the data does not hold, or an English name besides the data\'s, fail the check', () => {
    const unknown = contentFixture('content/ui/de.yaml', (text) => text.replace(/^ {4}halal:\n/m, '    halal-food:\n'));
    expect(problemsOf(unknown)).toEqual(
      expect.arrayContaining([
        'content/ui/de.yaml: credentials.items.halal.name: required: the name of the credential "Halal" of content/facts.yaml in this language',
        'content/ui/de.yaml: credentials.items.halal-food: unknown credential; content/facts.yaml company.credentials has no id "halal-food" (remove it or correct the id)',
      ]),
    );
    const english = contentFixture('content/ui/en.yaml', (text) => text.replace(/^( {4}gmp:\n)/m, '$1      name: Good manufacturing practice\n'));
    expect(problemsOf(english)).toEqual(["content/ui/en.yaml: credentials.items.gmp.name: the English name is content/facts.yaml's (company.credentials); remove it here"]);
  });
});

describe('the certifications page', () => {
  it.each(LANGUAGES)('in %s shows the table from the data and states the count of credentials the data holds', (code) => {
    const page = certificationsPage(code);
    const count = formatQuantity({ value: content.facts.company.credentials.length, unit: 'none' }, code);
    expect(count).toBe('16');
    expect(page?.body).toContain('<CredentialsTable />');
    expect(page?.body).toContain('<Fact name="company.credentials" />');
    expect(page?.meta.description).toContain(count);
    expect(page?.body).not.toMatch(/^\|/m);
  });

  it('a credential added to the data changes the count in every language', () => {
    const added = loadContent(withNewCredential());
    expect(added.factTable['company.credentials']).toEqual({ value: 17, unit: 'none' });
    for (const code of LANGUAGES) expect(certificationsPage(code, added)?.meta.description, code).toContain('17');
  });

  it('a table of credentials typed by hand in a page fails the check, naming the file and its line', () => {
    const english = fs.readFileSync(path.join('content/pages/certifications.mdx'), 'utf8');
    const line = english.split('\n').indexOf('<CredentialsTable />') + 1;
    const typed = contentFixture('content/pages/certifications.mdx', (text) =>
      text.replace('<CredentialsTable />', '| Certification | Scope |\n|---|---|\n| ISO 22000 | Food safety |\n| **HACCP** | Hazards |\n| Kosher | Supervision |'),
    );
    const problems = problemsOf(typed);
    expect(problems).toContainEqual(
      `content/pages/certifications.mdx:${line}: content: a table typed by hand lists the credentials "ISO 22000", "HACCP", "Kosher"; the credentials come from content/facts.yaml (company.credentials): put <CredentialsTable /> in its place`,
    );
    // Besides, the translations' components must be the English page's, which no longer has the table.
    expect(problems.filter((problem) => !/^content\/(de|ar)\/pages\/certifications\.mdx: content: expected the components of content\/pages\/certifications\.mdx/.test(problem))).toHaveLength(1);
    const german = contentFixture('content/de/pages/certifications.mdx', (text) => text.replace('<CredentialsTable />', '| Nachweis | Umfang |\n|---|---|\n| Koscher | Aufsicht |\n| Non-GMO-Erklärung | Erklärung |'));
    expect(problemsOf(german)).toContainEqual(expect.stringMatching(/^content\/de\/pages\/certifications\.mdx:\d+: content: a table typed by hand lists the credentials "Koscher", "Non-GMO-Erklärung";/));
  });

  it('a table naming one credential among other things is prose, not a table of the credentials', () => {
    const one = contentFixture('content/pages/certifications.mdx', (text) => text.replace('## How certification', '| Document | When |\n|---|---|\n| Halal | On request |\n| Certificate of origin | Per lot |\n\n## How certification'));
    expect(problemsOf(one)).toEqual([]);
  });
});

describe('in the dev server', () => {
  it('a save of content/facts.yaml or a language file recompiles the table', () => {
    expect(modulesReading('content/facts.yaml', 'update')).toContain('virtual:content/credentials');
    expect(modulesReading(path.join('content', 'ui', 'de.yaml'), 'update')).toContain('virtual:content/credentials');
  });
});
