/**
 * An editor's everyday change, made on a copy of the project (scripts/lib/project-copy.ts): one
 * more FAQ entry, one more post and one more menu link in the copy's content/. The content check
 * accepts and counts them, the expectations the browser tests read from content
 * (support/site.ts: the counts, the routes, the header's and footer's links) follow them, and the
 * copy's build shows what those expectations say. Only the copy is built; the other browser files
 * are not run on it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent, type Content } from '../../src/content/load';
import { BUILD_ARGV } from '../../scripts/lib/build-command';
import { copyProject } from '../../scripts/lib/project-copy';
import { TEST_CREDENTIALS, TEST_SITE_URL } from './support/env';
import { expectationsOf, navLinksInHtml } from './support/site';

const original = loadContent(process.cwd());
const NEW_FAQ = { id: 'garlic-storage-at-home', question: 'How should I store garlic powder once the bag is open?' };
const NEW_POST = { id: Math.max(...original.blog.map((p) => p.meta.id)) + 1, title: 'Reading a Garlic Powder Certificate of Analysis' };
const NEW_LINK = { name: 'Certifications', href: '/certifications' };

let root = '';
let outDir = '';
let copy: Content;
let checkOutput = '';
const html = (route: string) => fs.readFileSync(path.join(outDir, route, 'index.html'), 'utf8');

beforeAll(() => {
  root = copyProject('gb-follows-');
  const content = path.join(root, 'content');
  fs.writeFileSync(
    path.join(content, 'faq', `${NEW_FAQ.id}.md`),
    `---\nid: ${NEW_FAQ.id}\ncategory: products\nquestion: "${NEW_FAQ.question}"\ntags: [storage, shelf life]\norder: 99\n---\n` +
      'Fold the bag closed, clip it and keep it in a cool, dry place away from light; the powder keeps its flavour for months.\n',
  );
  const lastPost = fs.readdirSync(path.join(content, 'blog')).sort().at(-1)!;
  const post = fs
    .readFileSync(path.join(content, 'blog', lastPost), 'utf8')
    .replace(/^id: .*$/m, `id: ${NEW_POST.id}`)
    .replace(/^title: .*$/m, `title: "${NEW_POST.title}"`)
    .replace(/^date: .*$/m, 'date: "2025-11-20"');
  fs.writeFileSync(path.join(content, 'blog', `${NEW_POST.id}-certificate-of-analysis.mdx`), post);
  const site = path.join(content, 'site.yaml');
  fs.writeFileSync(
    site,
    fs.readFileSync(site, 'utf8').replace(/^( {4}- \{ name: Contact, href: \/contact \}\n)/m, `$1    - { name: ${NEW_LINK.name}, href: ${NEW_LINK.href} }\n`),
  );

  const check = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/check-content.ts'], { cwd: root, encoding: 'utf8' });
  checkOutput = `${check.stdout}${check.stderr}`;
  if (check.status !== 0) throw new Error(`npm run check:content failed on the copy:\n${checkOutput}`);
  copy = loadContent(root);

  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-follows-site-'));
  const build = spawnSync(process.execPath, BUILD_ARGV, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', ...TEST_CREDENTIALS, SITE_URL: TEST_SITE_URL, GB_OUT_DIR: outDir, LEAD_ENDPOINT: '' },
  });
  if (build.status !== 0) throw new Error(`The copy's build failed:\n${build.stdout}${build.stderr}`);
}, 300_000);

afterAll(() => {
  // The build's server bundle lives in node_modules/.cache, which the copy links to the checkout's.
  if (outDir) fs.rmSync(path.resolve('node_modules/.cache/gb-ssr', path.basename(outDir)), { recursive: true, force: true });
  for (const dir of [outDir, root]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('one more FAQ entry, post and menu link in content/', () => {
  it('passes the content check, which counts them', () => {
    expect(copy.faq).toHaveLength(original.faq.length + 1);
    expect(copy.blog).toHaveLength(original.blog.length + 1);
    expect(checkOutput).toContain(`Content OK: ${copy.pages.length} pages, ${copy.faq.length} FAQ entries, ${copy.blog.length} blog posts`);
  });

  it("moves the tests' expectations with them", () => {
    const [before, after] = [expectationsOf(original), expectationsOf(copy)];
    expect(after.faqCount).toBe(before.faqCount + 1);
    expect(after.faqCountText).toBe(`${before.faqCount + 1} questions`);
    expect(after.postCount).toBe(before.postCount + 1);
    expect(after.postRoutes).toContainEqual({ path: `/blog/${NEW_POST.id}`, title: NEW_POST.title });
    expect(after.allRoutes).toHaveLength(before.allRoutes.length + 1);
    expect(after.primaryLinks).toEqual([...before.primaryLinks, [NEW_LINK.name, NEW_LINK.href]]);
    expect(after.mobileLap).toHaveLength(before.mobileLap.length + 1);
    expect(after.footerQuickHrefs).toHaveLength(before.footerQuickHrefs.length + 1);
  });

  describe("and the copy's build shows what the expectations say", () => {
    it('an HTML file for every route, the new post among them', () => {
      const { allRoutes } = expectationsOf(copy);
      expect(allRoutes.filter(({ path: route }) => !fs.existsSync(path.join(outDir, route, 'index.html')))).toEqual([]);
      expect(html(`/blog/${NEW_POST.id}`)).toContain(NEW_POST.title);
    });

    it('the FAQ page lists every entry and counts them', () => {
      const { faqCount, faqCountText } = expectationsOf(copy);
      const faq = html('/faq');
      expect([...faq.matchAll(/<details id=/g)]).toHaveLength(faqCount);
      expect(faq).toContain(`<details id="${NEW_FAQ.id}"`);
      expect(faq).toContain(faqCountText);
    });

    it("every page's header and footer carry the menu's links", () => {
      const { primaryLinks, footerQuickHrefs, pageRoutes, postRoutes } = expectationsOf(copy);
      // The English pages: the other languages' menus carry the same links under their own labels.
      for (const { path: route } of [...pageRoutes, ...postRoutes].filter((_, i) => i % 5 === 0)) {
        expect(navLinksInHtml(html(route), 'Main'), route).toEqual(primaryLinks);
        expect(
          navLinksInHtml(html(route), 'Quick links').map(([, href]) => href),
          route,
        ).toEqual(footerQuickHrefs);
      }
    });

    it('the feed and the sitemap hold every post', () => {
      const { postCount, postRoutes } = expectationsOf(copy);
      const feed = fs.readFileSync(path.join(outDir, 'blog/feed.xml'), 'utf8');
      expect(feed.match(/<item>/g)).toHaveLength(postCount);
      const sitemap = fs.readFileSync(path.join(outDir, 'sitemap.xml'), 'utf8');
      for (const { path: route } of postRoutes) expect(sitemap, route).toContain(`<loc>${TEST_SITE_URL}${route}</loc>`);
    });
  });
});
