/**
 * The content check as an editor meets it: the real content loads, and each kind of broken file
 * fails with a line naming the file, the field and what was expected.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentError, loadContent, pagePath } from './load';

const ROOT = process.cwd();
const temps: string[] = [];

/** A copy of content/ in a temp dir, with `edit` applied to one file. */
function fixture(file: string, edit: (text: string) => string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-content-'));
  temps.push(dir);
  fs.cpSync(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  const target = path.join(dir, file);
  fs.writeFileSync(target, edit(fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : ''));
  return dir;
}

function problemsOf(dir: string): string[] {
  try {
    loadContent(dir);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  return [];
}

const firstPost = fs.readdirSync(path.join(ROOT, 'content/blog')).sort()[0];
const firstFaq = fs.readdirSync(path.join(ROOT, 'content/faq')).sort()[0];

afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadContent', () => {
  it('loads the real content: 31 routes plus the not-found page, 35 FAQ entries, 10 posts', () => {
    const content = loadContent(ROOT);
    expect(content.site.name).toBe('Garlic Brothers');
    expect(content.pages).toHaveLength(32);
    expect(content.faq).toHaveLength(35);
    expect(content.blog).toHaveLength(10);
    expect(new Set(content.faq.map((e) => e.category)).size).toBe(6);
  });

  it('maps page files to site paths', () => {
    expect(pagePath('index.mdx')).toBe('/');
    expect(pagePath('region/eu.mdx')).toBe('/region/eu');
    expect(pagePath('investors/index.mdx')).toBe('/investors');
    expect(pagePath('[...all].mdx')).toBeNull();
  });

  it('rejects an impossible date with the file, the field and the expected form', () => {
    const dir = fixture(`content/blog/${firstPost}`, (t) => t.replace(/^date: .*$/m, 'date: "31/02/2025"'));
    expect(problemsOf(dir)).toContain(`content/blog/${firstPost}: date: expected YYYY-MM-DD, got "31/02/2025"`);
  });

  it('rejects a date that does not exist on the calendar', () => {
    const dir = fixture(`content/blog/${firstPost}`, (t) => t.replace(/^date: .*$/m, 'date: "2025-02-31"'));
    expect(problemsOf(dir)).toContain(`content/blog/${firstPost}: date: expected a real calendar date in the form YYYY-MM-DD, got "2025-02-31"`);
  });

  it('rejects two posts with the same id', () => {
    const second = fs.readdirSync(path.join(ROOT, 'content/blog')).sort()[1];
    const dir = fixture(`content/blog/${second}`, (t) => t.replace(/^id: .*$/m, 'id: 1'));
    const problems = problemsOf(dir);
    expect(problems).toContain(`content/blog/${second}: id: 1 is already used by content/blog/${firstPost}; every post needs its own id`);
  });

  it('rejects an FAQ category outside the six', () => {
    const dir = fixture(`content/faq/${firstFaq}`, (t) => t.replace(/^category: .*$/m, 'category: recipes'));
    expect(problemsOf(dir)).toContain(`content/faq/${firstFaq}: category: expected one of products, shipping, quality, pricing, partnership, technical, got "recipes"`);
  });

  it('rejects a missing required field', () => {
    const dir = fixture('content/pages/about.mdx', (t) => t.replace(/^title: .*$/m, ''));
    expect(problemsOf(dir)).toContain('content/pages/about.mdx: title: required field is missing');
  });

  it('rejects an unknown field, naming it', () => {
    const dir = fixture('content/pages/about.mdx', (t) => t.replace(/^---\n/, '---\ntitel: About us\n'));
    expect(problemsOf(dir)).toContain('content/pages/about.mdx: titel: unknown field; remove it or check its spelling');
  });

  it('rejects broken YAML in the site config with its line', () => {
    const dir = fixture('content/site.yaml', (t) => t.replace('name: Garlic Brothers', 'name: [Garlic Brothers'));
    expect(problemsOf(dir).join('\n')).toMatch(/^content\/site\.yaml: line \d+: /m);
  });

  it('lists every problem at once', () => {
    const dir = fixture(`content/blog/${firstPost}`, (t) => t.replace(/^date: .*$/m, 'date: "soon"').replace(/^readTime: .*$/m, 'readTime: "a while"'));
    const problems = problemsOf(dir);
    expect(problems.filter((p) => p.startsWith(`content/blog/${firstPost}`))).toHaveLength(2);
  });
});
