/**
 * The glossary check as an editor meets it: a forbidden variant is reported with its file, line
 * and the term to use; code, URLs, link targets and YAML keys are not prose and are skipped; a
 * broken glossary fails the content check naming the file and field; and the real content passes.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpFixtures, contentFixture, problemsOf } from '../../../tests/support/content-fixture';
import { formatFinding, findVariants } from './glossary';
import { glossaryFindings } from './glossary-check';
import { loadContent } from './load';
import type { Glossary } from './schema';

const ROOT = process.cwd();

const glossary = (terms: Partial<Glossary['terms'][number]>[]): Glossary => ({
  terms: terms.map((entry) => ({ term: 'term', variants: [], patterns: [], partOfWord: false, ...entry })),
});

const SHEET = glossary([{ term: 'specification sheet', variants: ['spec sheet', 'technical data sheet'] }]);

afterEach(cleanUpFixtures);

describe('findVariants', () => {
  it('reports a variant with the file, its line and the term to use', () => {
    const text = '# Garlic powder\n\nEach sample travels with its technical data sheet.\n';
    const findings = findVariants('content/faq/x.md', text, 'markdown', SHEET);
    expect(findings.map(formatFinding)).toEqual(['content/faq/x.md:3: "technical data sheet" → use "specification sheet"']);
  });

  it('passes a clean file', () => {
    expect(findVariants('content/faq/x.md', 'Each sample travels with its specification sheet.\n', 'markdown', SHEET)).toEqual([]);
  });

  it('matches whole words with their case, so "MT" is not found in "MTBE" nor "mt" in "amt"', () => {
    const units = glossary([{ term: 't', variants: ['MT'] }]);
    expect(findVariants('f', 'MTBE, Amt, 5 mt', 'markdown', units)).toEqual([]);
    expect(findVariants('f', 'from 5 MT up', 'markdown', units).map((f) => f.found)).toEqual(['MT']);
  });

  it('skips code blocks, inline code, URLs and link targets, and still checks the link text', () => {
    const text = [
      '```',
      'spec sheet in a code block',
      '```',
      'Use `spec sheet` as the key.',
      'See https://example.com/spec sheet and [the sheet](/spec sheet).',
      'Print the [spec sheet](/garlic-powder).',
    ].join('\n');
    expect(findVariants('f.mdx', text, 'markdown', SHEET).map(formatFinding)).toEqual(['f.mdx:6: "spec sheet" → use "specification sheet"']);
  });

  it('skips YAML keys and site paths but checks the values', () => {
    const text = ['navigation:', '  "spec sheet": Sheet', '  /spec sheet: Sheet', '  print: Print spec sheet', '  href: /spec sheet'].join('\n');
    expect(findVariants('ui.yaml', text, 'yaml', SHEET).map((f) => f.line)).toEqual([4]);
  });

  it('finds patterns, such as a percent sign without a space in German', () => {
    const percent = glossary([{ term: '5 %', patterns: ['\\d[ \\u202F]?%'] }]);
    expect(findVariants('de.mdx', 'Feuchte unter 5%, Asche unter 6\u00a0%.', 'markdown', percent).map((f) => f.found)).toEqual(['5%']);
  });

  it('finds an Arabic variant with a prefix joined to it only where the entry allows it', () => {
    const desk = glossary([{ term: 'مكتب التصدير', variants: ['قسم التصدير'], partOfWord: true }]);
    expect(findVariants('ar.md', 'تواصلوا مع وقسم التصدير', 'markdown', desk)).toHaveLength(1);
    const whole = glossary([{ term: 'اطلبوا', variants: ['اطلب'] }]);
    expect(findVariants('ar.md', 'اطلبوا عينة', 'markdown', whole)).toEqual([]);
    expect(findVariants('ar.md', 'اطلب عينة', 'markdown', whole)).toHaveLength(1);
  });
});

// Each of these copies content/ or loads it whole: seconds on a busy machine.
describe('the glossaries in content/glossary', () => {
  it('fail the content check when broken, naming the file and the field', () => {
    const dir = contentFixture('content/glossary/de.yaml', () => 'terms:\n  - term: Spezifikationsblatt\n    patterns: ["(unclosed"]\n');
    expect(problemsOf(dir)).toEqual(['content/glossary/de.yaml: terms.0.patterns.0: expected a valid regular expression, got "(unclosed"']);
    const empty = contentFixture('content/glossary/en.yaml', () => 'terms:\n  - term: specification sheet\n');
    expect(problemsOf(empty)).toEqual([expect.stringMatching(/^content\/glossary\/en\.yaml: terms\.0: expected at least one variant or pattern, got /)]);
  });

  it('refuse a file for a language the site does not have', () => {
    const dir = contentFixture('content/glossary/fr.yaml', () => 'terms:\n  - term: fiche technique\n    variants: [fiche]\n');
    expect(problemsOf(dir)).toEqual(['content/glossary/fr.yaml: file name: expected <language code>.yaml for a language of content/site.yaml (en, de, ar), got "fr.yaml"']);
  });

  it('find a variant in a translated page, with the file and line', () => {
    const dir = contentFixture('content/de/pages/about.mdx', (t) => `${t}\nUnser Exportteam antwortet.\n`);
    const content = loadContent(dir);
    const lines = glossaryFindings(dir, content.site, content.glossaries).map(formatFinding);
    const line = fs.readFileSync(path.join(dir, 'content/de/pages/about.mdx'), 'utf8').split('\n').indexOf('Unser Exportteam antwortet.') + 1;
    expect(lines).toEqual([`content/de/pages/about.mdx:${line}: "Exportteam" → use "Exportabteilung"`]);
  });

  it('find a variant in an English blog post, with the file, the line and the term to use', () => {
    const post = 'content/blog/06-aged-garlic-extract-explained.mdx';
    const dir = contentFixture(post, (t) => `${t}\nEach lot ships with its spec sheet.\n`);
    const content = loadContent(dir);
    const line = fs.readFileSync(path.join(dir, post), 'utf8').split('\n').indexOf('Each lot ships with its spec sheet.') + 1;
    expect(glossaryFindings(dir, content.site, content.glossaries).map(formatFinding)).toEqual([`${post}:${line}: "spec sheet" → use "specification sheet"`]);
  });

  it('pass over the real content: every page, FAQ answer, blog post, UI string and site.yaml text uses the terms', () => {
    const content = loadContent(ROOT);
    expect(Object.keys(content.glossaries).sort()).toEqual(['ar', 'de', 'en']);
    expect(glossaryFindings(ROOT, content.site, content.glossaries).map(formatFinding)).toEqual([]);
  });

  it('make npm run check:content print one line per finding and exit 1', () => {
    const dir = contentFixture('content/faq/incoterms.md', (t) => `${t}\nAsk for the spec sheet.\n`);
    let output = '';
    let status = 0;
    try {
      execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'scripts/check-content.ts')], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      const failed = error as { status: number; stderr: string };
      status = failed.status;
      output = failed.stderr;
    }
    expect(status).toBe(1);
    expect(output).toMatch(/^content\/faq\/incoterms\.md:\d+: "spec sheet" → use "specification sheet"$/m);
  });
});
