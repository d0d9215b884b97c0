/**
 * An editor's everyday change: one more FAQ entry, one more post, one more menu link and one more
 * credential in content/. The global setup builds the test site from a copy of the project with exactly that
 * change (support/content-copy.ts), and every browser test file, SEO, header and foundation among
 * them, reads its expectations from the copy (support/site.ts) and runs on that build, which holds
 * every real page and post too. This file checks the change itself: the content check accepts and
 * counts the additions, the expectations move by exactly the additions (the real content against
 * the copy's), and the build shows them. It builds nothing of its own.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { credentialTables } from '../../src/build/content/credentials';
import { formatQuantity } from '../../src/build/content/fact-format';
import { everyPage, loadContent } from '../../src/build/content/load';
import { DIST_DIR } from '../../src/build/pipeline/build-paths';
import { NEW_CREDENTIAL, NEW_FAQ_ID, NEW_LINK, newPostId } from './support/content-copy';
import { TEST_SITE_URL } from './support/env';
import { CONTENT_ROOT, content as copy, expectationsOf, navLinksInHtml } from './support/site';

const original = loadContent(process.cwd());
const newPost = copy.blog.find((post) => post.meta.id === newPostId(original));
const html = (route: string) => fs.readFileSync(path.join(DIST_DIR, route, 'index.html'), 'utf8');

/** The text of some markup as a reader sees it: without its tags and the invisible isolates. */
const textOf = (markup: string) => markup.replace(/<[^>]+>/g, '').replace(/[\u2066-\u2069]/g, '');
/** Markup's text with the entities the pre-render writes decoded, and without the invisible isolates. */
const decoded = (markup: string) =>
  markup
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/[\u2066-\u2069]/g, '');
/** The first cell of each body row of a page's tables. */
const rowNames = (page: string) => [...page.matchAll(/<tr><td>(.*?)<\/td>/g)].map(([, cell]) => textOf(cell));

describe('one more FAQ entry, post, menu link and credential in content/', () => {
  it('passes the content check, which counts them', () => {
    const check = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/check-content.ts'], { cwd: CONTENT_ROOT, encoding: 'utf8' });
    const output = `${check.stdout}${check.stderr}`;
    expect(check.status, output).toBe(0);
    expect(copy.faq).toHaveLength(original.faq.length + 1);
    expect(copy.blog).toHaveLength(original.blog.length + 1);
    expect(output).toContain(`Content OK: ${copy.pages.length} pages, ${copy.faq.length} FAQ entries, ${copy.blog.length} blog posts`);
  });

  it('adds a post of its own, dated the newest, and an FAQ entry of its own', () => {
    expect(newPost, `no post ${newPostId(original)} in the copy`).toBeDefined();
    expect(copy.blog[0]).toBe(newPost);
    for (const post of original.blog) {
      expect(post.meta.title).not.toBe(newPost?.meta.title);
      expect(post.meta.description ?? post.meta.excerpt).not.toBe(newPost?.meta.description ?? newPost?.meta.excerpt);
    }
    expect(original.faq.map((entry) => entry.id)).not.toContain(NEW_FAQ_ID);
    expect(copy.faq.map((entry) => entry.id)).toContain(NEW_FAQ_ID);
  });

  it("moves the tests' expectations by exactly the additions", () => {
    const [before, after] = [expectationsOf(original), expectationsOf(copy)];
    expect(after.faqCount).toBe(before.faqCount + 1);
    expect(after.faqCountText).toBe(`${before.faqCount + 1} questions`);
    expect(after.postCount).toBe(before.postCount + 1);
    expect(after.postRoutes).toEqual([{ path: `/blog/${newPost?.meta.id}`, title: newPost?.meta.title }, ...before.postRoutes]);
    expect(after.pageRoutes).toEqual(before.pageRoutes);
    expect(after.translatedRoutes).toEqual(before.translatedRoutes);
    expect(after.primaryLinks).toEqual([...before.primaryLinks, [NEW_LINK.name, NEW_LINK.href]]);
    expect(after.mobileLap).toHaveLength(before.mobileLap.length + 1);
    expect(after.footerQuickHrefs).toHaveLength(before.footerQuickHrefs.length + 1);
  });

  it('adds a credential, last of the data, named and described in every language', () => {
    expect(copy.facts.company.credentials).toEqual([...original.facts.company.credentials, NEW_CREDENTIAL.fact]);
    expect(copy.factTable['company.credentials']).toEqual({ value: original.facts.company.credentials.length + 1, unit: 'none' });
  });

  describe('and the build the browser tests run on shows them', () => {
    it.each(copy.site.languages.map((language) => language.code))(
      'the %s certifications page lists every credential of the data in its order, the new one last, and counts them',
      (code) => {
        const route = code === copy.site.languages[0].code ? '/certifications' : `/${code}/certifications`;
        const page = html(route);
        const table = credentialTables(copy.facts, copy.ui, copy.site.languages[0].code)[code];
        expect(rowNames(page)).toEqual(table.rows.map((row) => row.name));
        expect(rowNames(page).at(-1)).toBe(code === 'en' ? NEW_CREDENTIAL.fact.name : NEW_CREDENTIAL.words[code].name);
        expect(rowNames(page)).toHaveLength(original.facts.company.credentials.length + 1);
        // The sentence that counts them, as the page writes it around <Fact name="company.credentials" />, with the copy's count.
        const source = everyPage(copy).find((p) => p.path === route);
        const [, before, after] = /(\S+) <Fact name="company\.credentials" \/>(\S*\s?\S+)/.exec(source?.body ?? '') ?? [];
        const count = formatQuantity(copy.factTable['company.credentials'], code);
        expect(count).toBe(String(original.facts.company.credentials.length + 1));
        expect(textOf(page)).toContain(`${before} ${count}${after}`);
        expect(source?.meta.description).toContain(count);
        expect(decoded(page.slice(0, page.indexOf('</head>')))).toContain(source?.meta.description);
      },
    );

    it('an HTML file for every route, the new post among them', () => {
      const { allRoutes } = expectationsOf(copy);
      expect(allRoutes.filter(({ path: route }) => !fs.existsSync(path.join(DIST_DIR, route, 'index.html')))).toEqual([]);
      expect(html(`/blog/${newPost?.meta.id}`)).toContain(`<title>${newPost?.meta.title} | ${copy.site.name}</title>`);
    });

    it('the FAQ page lists every entry and counts them', () => {
      const { faqCount, faqCountText } = expectationsOf(copy);
      const faq = html('/faq');
      expect([...faq.matchAll(/<details id=/g)]).toHaveLength(faqCount);
      expect(faq).toContain(`<details id="${NEW_FAQ_ID}"`);
      expect(faq).toContain(faqCountText);
    });

    it("every page's header and footer carry the menu's links", () => {
      const { primaryLinks, footerQuickHrefs, pageRoutes, postRoutes } = expectationsOf(copy);
      // Every fifth English page and the new post: the other languages' menus carry the same links
      // under their own labels, and header.test.ts checks the menus in the browser.
      const sample = [...pageRoutes, ...postRoutes].filter((_, i) => i % 5 === 0).map(({ path: route }) => route);
      for (const route of new Set([...sample, `/blog/${newPost?.meta.id}`])) {
        expect(navLinksInHtml(html(route), 'Main'), route).toEqual(primaryLinks);
        expect(
          navLinksInHtml(html(route), 'Quick links').map(([, href]) => href),
          route,
        ).toEqual(footerQuickHrefs);
      }
    });

    it('the feed and the sitemap hold every post, the new one first in the feed', () => {
      const { postCount, postRoutes } = expectationsOf(copy);
      const feed = fs.readFileSync(path.join(DIST_DIR, 'blog/feed.xml'), 'utf8');
      expect(feed.match(/<item>/g)).toHaveLength(postCount);
      expect(feed.match(/<item>\s*<title>([^<]*)<\/title>/)?.[1]).toBe(newPost?.meta.title);
      const sitemap = fs.readFileSync(path.join(DIST_DIR, 'sitemap.xml'), 'utf8');
      for (const { path: route } of postRoutes) expect(sitemap, route).toContain(`<loc>${TEST_SITE_URL}${route}</loc>`);
    });
  });
});
