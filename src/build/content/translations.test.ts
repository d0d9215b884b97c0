/**
 * Translations as an editor meets them: the real ones load, each at its English path; an English
 * source not yet translated, or changed since, is reported missing or stale without failing; a
 * structural mismatch, a translation of nothing, a UI file with a missing or extra key fail naming
 * the file and the key; a changed English source makes its translations stale until they are
 * marked again.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpFixtures, contentFixture, problemsOf } from '../../../tests/support/content-fixture';
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

  it('list the translated FAQ entries in the English order', () => {
    const ids = new Set(german?.faq.map((entry) => entry.id));
    expect(german?.faq.map((entry) => entry.id)).toEqual(content.faq.map((entry) => entry.id).filter((id) => ids.has(id)));
  });
});

/**
 * A translation not made yet is the everyday state of a site with editors: `npm run check:content`
 * and `npm run i18n:status` report it and the build goes on. So these tests make their own content
 * with a new English FAQ entry, a new post and a changed English entry, and check that the state is
 * seen and reported, never that the real content happens to be fully translated.
 */
describe('an English source without a current translation', () => {
  const NEW_ENTRY = ['---', 'id: pallet-labels', 'category: shipping', 'question: "Do you label each pallet?"', 'tags: [pallets]', 'order: 1', '---', 'Yes, with the lot and the net weight.', ''].join('\n');

  /** content/ with one more English FAQ entry, one more post, and incoterms.md changed in English. */
  function withUntranslatedSources(): string {
    const dir = fixture('content/faq/pallet-labels.md', () => NEW_ENTRY);
    const incoterms = path.join(dir, 'content/faq/incoterms.md');
    fs.writeFileSync(incoterms, fs.readFileSync(incoterms, 'utf8').replace('using Incoterms 2020.', 'using Incoterms 2020, on request also Incoterms 2010.'));
    const post = fs.readFileSync(path.join(ROOT, 'content/blog/10-from-sample-request-to-first-container.mdx'), 'utf8');
    fs.writeFileSync(
      path.join(dir, 'content/blog/99-a-post-in-english-only-so-far.mdx'),
      post.replace(/^id: 10$/m, 'id: 99').replace(/^title: .*$/m, 'title: "A post in English only so far"'),
    );
    return dir;
  }

  it('passes the content check, and is reported missing or stale in every other language', () => {
    const dir = withUntranslatedSources();
    expect(problemsOf(dir)).toEqual([]);
    const loaded = loadContent(dir);
    const report = translationReport(dir, loaded, loaded.translations);
    const stateOf = (locale: string, source: string) => report.find((row) => row.locale === locale && row.source === source)?.state;
    for (const locale of loaded.site.languages.slice(1).map((language) => language.code)) {
      expect(stateOf(locale, 'content/faq/pallet-labels.md')).toBe('missing');
      expect(stateOf(locale, 'content/faq/incoterms.md')).toBe('stale');
      expect(stateOf(locale, 'content/faq/certifications.md')).toBe('translated');
    }
    // Posts are published in English only: the new one loads and is nobody's missing translation.
    expect(loaded.blog.map((post) => post.meta.id)).toContain(99);
    expect(report.filter((row) => row.source.startsWith('content/blog/'))).toEqual([]);
    expect(report.find((row) => row.locale === 'de' && row.file === 'content/de/faq/pallet-labels.md')?.state).toBe('missing');
  });

  it('leaves the entry out of the other languages, which keep the English order', () => {
    const dir = withUntranslatedSources();
    const loaded = loadContent(dir);
    const de = loaded.translations.find((t) => t.language.code === 'de');
    const english = loaded.faq.map((entry) => entry.id);
    expect(english).toContain('pallet-labels');
    expect(de?.faq.map((entry) => entry.id)).toEqual(english.filter((id) => id !== 'pallet-labels'));
  });
});

// Each test loads a whole copy of content/ (and the status test runs the command twice).
describe('a broken translation', () => {
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

// Two runs of the command, each a process that loads the whole content (35 s on a loaded 2-core machine).
describe('npm run i18n:status', () => {
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
