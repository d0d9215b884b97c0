/**
 * The content check as an editor meets it: the real content loads, and each kind of broken file
 * fails with a line naming the file, the field and what was expected.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpFixtures, contentFixture, problemsOf } from '../../../tests/support/content-fixture';
import { INVESTOR_PORTAL_FILE, loadContent, loadInvestorPortal, loadLeadFormWords, pagePath } from './load';
import { LEAD_FORM_WORD_KEYS, leadForms, validateField } from '../../shared/domain/lead-forms';

const ROOT = process.cwd();
const fixture = (file: string, edit: (text: string) => string) => contentFixture(file, edit, ROOT);
const firstPost = fs.readdirSync(path.join(ROOT, 'content/blog')).sort()[0];
const firstFaq = fs.readdirSync(path.join(ROOT, 'content/faq')).sort()[0];

afterEach(cleanUpFixtures);

describe('loadContent', () => {
  it('loads the real content: a page per file of content/pages, an entry per file of content/faq, a post per file of content/blog', () => {
    const content = loadContent(ROOT);
    const files = (dir: string) => fs.readdirSync(path.join(ROOT, 'content', dir), { recursive: true }).filter((f) => /\.mdx?$/.test(String(f)));
    expect(content.site.name).toBe('Garlic Brothers');
    expect(content.pages).toHaveLength(files('pages').length);
    expect(content.faq).toHaveLength(files('faq').length);
    expect(content.blog).toHaveLength(files('blog').length);
    expect(content.pages.filter((p) => p.path === null)).toHaveLength(1);
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

  it('rejects an empty text once, saying what was expected and what it got', () => {
    const dir = fixture(`content/blog/${firstPost}`, (t) => t.replace(/^author: .*$/m, 'author: "  "'));
    expect(problemsOf(dir)).toEqual([`content/blog/${firstPost}: author: expected an author, got ""`]);
  });

  it('rejects an unknown field, naming it', () => {
    const dir = fixture('content/pages/about.mdx', (t) => t.replace(/^---\n/, '---\ntitel: About us\n'));
    expect(problemsOf(dir)).toContain('content/pages/about.mdx: titel: unknown field; remove it or check its spelling');
  });

  it('rejects broken YAML in the site config with its line', () => {
    const dir = fixture('content/site.yaml', (t) => t.replace('name: Garlic Brothers', 'name: [Garlic Brothers'));
    expect(problemsOf(dir).join('\n')).toMatch(/^content\/site\.yaml: line \d+: /m);
  });

  it('rejects a page title over 60 characters (before the site name is added)', () => {
    const title = 'Garlic Powder, Granules and Flakes Exporter in Bengaluru India';
    const dir = fixture('content/pages/about.mdx', (t) => t.replace(/^title: .*$/m, `title: "${title}"`));
    expect(title.length).toBeGreaterThan(60);
    expect(problemsOf(dir)).toEqual([
      `content/pages/about.mdx: title: expected a title of at most 60 characters (the site adds " | Garlic Brothers" after it), got ${JSON.stringify(title).slice(0, 57)}...`,
    ]);
  });

  it('rejects a page description over 160 or under 50 characters', () => {
    const long = `Garlic powder, granules, flakes and oil from Bengaluru, ${'tested lot by lot and shipped in full containers, '.repeat(3)}`.trim();
    expect(long.length).toBeGreaterThan(160);
    expect(problemsOf(fixture('content/pages/about.mdx', (t) => t.replace(/^description: >-\n(?:  .*\n)+/m, `description: "${long}"\n`)))).toEqual([
      expect.stringMatching(/^content\/pages\/about\.mdx: description: expected a description of at most 160 characters, got "/),
    ]);
    expect(problemsOf(fixture('content/pages/about.mdx', (t) => t.replace(/^description: >-\n(?:  .*\n)+/m, 'description: "Garlic exporter."\n')))).toEqual([
      'content/pages/about.mdx: description: expected a description of at least 50 characters, got "Garlic exporter."',
    ]);
  });

  it('rejects a post title over 60 characters', () => {
    const title = 'Quality Control from Farm to Container: How Garlic Is Made Safe';
    const dir = fixture(`content/blog/${firstPost}`, (t) => t.replace(/^title: .*$/m, `title: "${title}"`));
    expect(problemsOf(dir)).toEqual([expect.stringMatching(new RegExp(`^content/blog/${firstPost}: title: expected a title of at most 60 characters`))]);
  });

  it("requires a post's description when its excerpt is longer than 160 characters", () => {
    const excerpt = `${'Garlic powder at 80-120 mesh blends evenly into seasonings and sauces. '.repeat(3)}`.trim();
    const dir = fixture(`content/blog/${firstPost}`, (t) => t.replace(/^excerpt: .*$/m, `excerpt: "${excerpt}"`).replace(/^description: .*\n/m, ''));
    expect(problemsOf(dir)).toEqual([
      `content/blog/${firstPost}: description: required when the excerpt is longer than 160 characters (it has ${excerpt.length}); write a description of 50 to 160 characters for search results, got nothing`,
    ]);
  });

  it("uses a post's excerpt as its description when it fits, and rejects one under 50 characters without a description", () => {
    const fits = 'Garlic powder at 80-120 mesh blends evenly into dry seasonings and sauces.';
    const ok = fixture(`content/blog/${firstPost}`, (t) => t.replace(/^excerpt: .*$/m, `excerpt: "${fits}"`).replace(/^description: .*\n/m, ''));
    expect(problemsOf(ok)).toEqual([]);
    const short = fixture(`content/blog/${firstPost}`, (t) => t.replace(/^excerpt: .*$/m, 'excerpt: "Mesh sizes."').replace(/^description: .*\n/m, ''));
    expect(problemsOf(short)).toEqual([
      `content/blog/${firstPost}: excerpt: expected at least 50 characters, as it is the post's description in search results (or add a description of 50 to 160 characters), got "Mesh sizes."`,
    ]);
  });

  it("checks a post's own description against the same 50 to 160 characters", () => {
    const dir = fixture(`content/blog/${firstPost}`, (t) => t.replace(/^description: .*$/m, 'description: "Too short."'));
    expect(problemsOf(dir)).toEqual([`content/blog/${firstPost}: description: expected a description of at least 50 characters, got "Too short."`]);
  });

  it('lists every problem at once', () => {
    const dir = fixture(`content/blog/${firstPost}`, (t) => t.replace(/^date: .*$/m, 'date: "soon"').replace(/^readTime: .*$/m, 'readTime: "a while"'));
    const problems = problemsOf(dir);
    expect(problems.filter((p) => p.startsWith(`content/blog/${firstPost}`))).toHaveLength(2);
  });
});

describe('the investor portal’s copy (content/investors/portal.md)', () => {
  it('loads the real file, which the content check reads too', () => {
    const portal = loadInvestorPortal(ROOT);
    expect(portal.highlights).toHaveLength(6);
    expect(portal.highlights[0].title).toBe('Two product families, one buyer base');
    expect(portal.useOfFunds.items.map((item) => item.title)).toEqual([
      'Processing capacity',
      'Working capital',
      'Quality and certification',
      'Market development',
      'Team',
      'Systems',
    ]);
    expect(portal.documents.items[0]).toEqual(expect.objectContaining({ title: 'Business plan summary', href: '/business-plan' }));
    expect(loadContent(ROOT).investorPortal).toEqual(portal);
  });

  it('names the file and the field: a missing text, a title that is not text, an unknown key', () => {
    const dir = fixture(INVESTOR_PORTAL_FILE, (t) =>
      t
        .replace(/^ {4}text: Bulk sales under .*\n/m, '')
        .replace('- title: Working capital', '- title: 42')
        .replace(/^ {2}note: /m, '  notes: '),
    );
    const expected = [
      `${INVESTOR_PORTAL_FILE}: highlights.1.text: required field is missing`,
      `${INVESTOR_PORTAL_FILE}: useOfFunds.items.1.title: expected a title, got 42`,
      `${INVESTOR_PORTAL_FILE}: documents.notes: unknown field; remove it or check its spelling`,
    ];
    // The server (at start) and the content check (and so the build) report the same lines.
    expect(problemsOf(dir, loadInvestorPortal)).toEqual(expect.arrayContaining(expected));
    expect(problemsOf(dir)).toEqual(expect.arrayContaining(expected));
  });

  it('checks that every document links to a page of the site (the content check, with the pages at hand)', () => {
    const dir = fixture(INVESTOR_PORTAL_FILE, (t) => t.replace('href: /markets', 'href: /global-markets'));
    expect(problemsOf(dir)).toEqual([`${INVESTOR_PORTAL_FILE}: documents.items.3.href: expected a page of this site, got "/global-markets"`]);
  });

  it('says so when the file is missing or has text below its frontmatter', () => {
    const missing = fixture('content/site.yaml', (t) => t);
    fs.rmSync(path.join(missing, INVESTOR_PORTAL_FILE));
    expect(problemsOf(missing, loadInvestorPortal)).toEqual([`${INVESTOR_PORTAL_FILE}: file is missing`]);
    const body = fixture(INVESTOR_PORTAL_FILE, (t) => `${t}\nOur round opens in May.\n`);
    expect(problemsOf(body, loadInvestorPortal)).toEqual([
      `${INVESTOR_PORTAL_FILE}: content: expected nothing below the frontmatter (the portal shows only its fields), got "Our round opens in May."`,
    ]);
  });
});

describe('the lead forms’ words for the server (content/ui/en.yaml, leadForms)', () => {
  it("are the English page's words with content/facts.yaml's figures filled in, every key there", () => {
    const words = loadLeadFormWords(ROOT);
    expect(Object.keys(words).sort()).toEqual([...LEAD_FORM_WORD_KEYS].sort());
    expect(words).toEqual((loadContent(ROOT).ui.en as { leadForms: unknown }).leadForms);
    expect(Object.values(words).join('\n')).not.toContain('{fact:');
  });

  it('follow a fact an editor changes: the sample hint and the next steps name the new figures, no code changed', () => {
    const dir = fixture('content/facts.yaml', (t) =>
      t.replace('sampleSize: { min: 50, max: 100, unit: g }', 'sampleSize: { min: 40, max: 80, unit: g }').replace('sampleDispatch: { min: 2, max: 3,', 'sampleDispatch: { min: 4, max: 5,'),
    );
    const words = loadLeadFormWords(dir);
    expect(words.sampleSizeHint).toBe('Samples are 40-80 g.');
    expect(words.sampleNextSteps).toMatch(/^Sample requests are processed in 4-5 business days\. /);
    // The forms the server checks a sample request with say them too.
    const form = leadForms(['Garlic Powder'], words).sampleRequests;
    expect(form.fields.sampleSize?.hint).toBe('Samples are 40-80 g.');
    expect(form.nextSteps).toBe(words.sampleNextSteps);
  });

  it('follow a message an editor changes: the server says the new one', () => {
    const dir = fixture('content/ui/en.yaml', (t) => t.replace(/^ {2}companyEmpty: .*$/m, '  companyEmpty: Tell us the name of your company'));
    const form = leadForms(['Garlic Powder'], loadLeadFormWords(dir)).sampleRequests;
    expect(validateField(form, 'company', ' ')).toBe('Tell us the name of your company');
  });

  it('name the file and the word a language lacks, at start and in the content check', () => {
    const dir = fixture('content/ui/en.yaml', (t) => t.replace(/^ {2}jobTitle: .*\n/m, ''));
    const line = "content/ui/en.yaml: leadForms.jobTitle: required: the lead forms' words include it";
    expect(problemsOf(dir, loadLeadFormWords)).toContain(line);
    expect(problemsOf(dir)).toContain(line);
  });
});
