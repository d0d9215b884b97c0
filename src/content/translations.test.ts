/**
 * Translations as an editor meets them: the real ones load and are current; a structural mismatch,
 * a translation of nothing, a UI file with a missing or extra key fail naming the file and the
 * key; a changed English source makes its translations stale until they are marked again.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpFixtures, contentFixture, problemsOf } from '../../tests/support/content-fixture';
import { loadContent } from './load';
import { localePath, sourceHash, translationReport } from './translations';

const ROOT = process.cwd();
const fixture = (file: string, edit: (text: string) => string) => contentFixture(file, edit, ROOT);
afterEach(cleanUpFixtures);

const content = loadContent(ROOT);
const german = content.translations.find((t) => t.language.code === 'de');

describe('the translations in content/', () => {
  it('load for every language but the default, each page at its English path under the language', () => {
    expect(content.translations.map((t) => t.language.code)).toEqual(content.site.languages.slice(1).map((l) => l.code));
    const about = german?.pages.find((page) => page.source === 'content/pages/about.mdx');
    expect(about?.path).toBe('/de/about');
    expect(german?.pages.find((page) => page.source === 'content/pages/index.mdx')?.path).toBe('/de');
    expect(localePath(content.site, 'en', '/about')).toBe('/about');
  });

  it('are all current with their English sources', () => {
    expect(translationReport(ROOT, content, content.translations).filter((row) => row.state !== 'translated')).toEqual([]);
  });

  it('list every FAQ entry in the English order', () => {
    expect(german?.faq.map((entry) => entry.id)).toEqual(content.faq.map((entry) => entry.id));
  });
});

// Each test loads a whole copy of content/ (and the status test runs the command twice).
describe('a broken translation', { timeout: 30_000 }, () => {
  it('fails on a product page whose specification rows differ from the English page', () => {
    const dir = fixture('content/de/pages/garlic-powder.mdx', (text) => text.replace(/^ {8}- \{ parameter: .*\n/m, ''));
    expect(problemsOf(dir)).toContainEqual(expect.stringMatching(/^content\/de\/pages\/garlic-powder\.mdx: product\.specifications: expected the groups and rows of content\/pages\/garlic-powder\.mdx \[\d/));
  });

  it('fails on a page whose components differ from the English page', () => {
    const dir = fixture('content/de/pages/contact.mdx', (text) => text.replace('<Island name="ContactForm" />', ''));
    expect(problemsOf(dir)).toContainEqual(expect.stringMatching(/^content\/de\/pages\/contact\.mdx: content: expected the components of content\/pages\/contact\.mdx \(Island ContactForm\), got none$/));
  });

  it('fails on a translation of a page that does not exist in English', () => {
    const about = fs.readFileSync(path.join(ROOT, 'content/de/pages/about.mdx'), 'utf8').replace(/^title: .*$/m, 'title: Eine Seite ohne Vorlage');
    const dir = fixture('content/de/pages/history.mdx', () => about);
    expect(problemsOf(dir)).toContain('content/de/pages/history.mdx: file: expected a translation of an English page, but content/pages/history.mdx does not exist');
  });

  it('fails on a folder of translations for a language the site does not have', () => {
    const dir = fixture('content/fr/faq/incoterms.md', () => fs.readFileSync(path.join(ROOT, 'content/faq/incoterms.md'), 'utf8'));
    expect(problemsOf(dir)).toContainEqual(expect.stringMatching(/^content\/fr: folder: "fr" is not a language of content\/site\.yaml/));
  });

  it('fails on a UI file with a key missing, a key too many, a placeholder lost, a menu label or a figure label missing', () => {
    const dir = fixture('content/ui/de.yaml', (text) =>
      text
        .replace(/^ {2}skipToContent: .*\n/m, '')
        .replace(/^shell:\n/m, 'shell:\n  skipToContents: Zum Inhalt\n')
        .replace(/^ {2}productsMenu: .*$/m, '  productsMenu: Produktmenü')
        .replace(/^ {2}\/garlic-oil: .*\n/m, '')
        .replace(/^ {2}Clients: .*\n/m, ''),
    );
    const problems = problemsOf(dir);
    expect(problems).toContain('content/ui/de.yaml: shell.skipToContent: required key is missing (en.yaml has it)');
    expect(problems).toContain('content/ui/de.yaml: shell.skipToContents: unknown key; remove it or check its spelling (en.yaml has no such key)');
    expect(problems).toContain('content/ui/de.yaml: shell.productsMenu: expected the placeholders {products}, got {}');
    expect(problems).toContain('content/ui/de.yaml: navigation./garlic-oil: required: the label of the menu link to /garlic-oil');
    expect(problems).toContain('content/ui/de.yaml: stats.Clients: required: the label of content/site.yaml\'s figure "Clients" in this language');
  });
});

describe('npm run i18n:status', { timeout: 60_000 }, () => {
  it('reports a translation stale once its English source changes, and current again once marked', () => {
    const dir = fixture('content/pages/about.mdx', (text) => text.replace('# About Garlic Brothers', '# About Garlic Brothers, exporters since 2023'));
    const run = (...args: string[]) => execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'scripts/i18n.ts'), ...args], { cwd: dir, encoding: 'utf8' });
    const stale = run('status');
    expect(stale).toMatch(/^de {2}content\/pages\/about\.mdx +stale {2}\(content\/de\/pages\/about\.mdx\)$/m);
    expect(stale).toMatch(/^ar {2}content\/pages\/about\.mdx +stale/m);
    expect(stale).toMatch(/^de {2}content\/pages\/garlic-powder\.mdx +translated/m);
    run('mark', 'content/de/pages/about.mdx');
    const marked = fs.readFileSync(path.join(dir, 'content/de/pages/about.mdx'), 'utf8');
    expect(marked).toContain(`translatedFrom: ${sourceHash(fs.readFileSync(path.join(dir, 'content/pages/about.mdx'), 'utf8'))}`);
    expect(run('status')).toMatch(/^de {2}content\/pages\/about\.mdx +translated/m);
  });

  it('reports a page with no translation as missing, and leaves out pages published in English only', () => {
    const dir = fixture('content/de/pages/gallery.mdx', () => '');
    fs.rmSync(path.join(dir, 'content/de/pages/gallery.mdx'));
    const loaded = loadContent(dir);
    const report = translationReport(dir, loaded, loaded.translations);
    expect(report.find((row) => row.locale === 'de' && row.source === 'content/pages/gallery.mdx')?.state).toBe('missing');
    expect(report.some((row) => row.source === 'content/pages/careers.mdx')).toBe(false);
  });
});
