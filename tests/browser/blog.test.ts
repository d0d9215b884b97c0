/**
 * The blog at run time on the built site: a post added in the admin with every field blank shows
 * the defaults of an empty field first on /blog; its /blog/{id} page (answered by 404.html) opens after a
 * full reload without a hydration warning; a post carrying a script payload never runs it; the
 * list's search and category filter; 'Download as MDX' gives a file that passes the content check;
 * deleting a post removes it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/build/content/load';
import { hydrated, openPage, reusedTab, useBrowser, visit, type WatchedPage } from './support/browser';
import { signInAdmin, storedList } from './support/portal';
import { CONTENT_ROOT, SITE_NAME, content } from './support/site';
import { EVENT_WAIT_MS } from './support/waits';
import { cleanUpFixtures, contentWithoutPosts } from '../support/content-fixture';

const POSTS_KEY = 'gb:blog-posts';
const PLACEHOLDER = '/images/blog/placeholder.svg';
const builtIn = content.blog.map((post) => post.meta);

interface StoredPost {
  id: number;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  author: string;
  date: string;
  readTime: string;
  image: string;
  tags: string[];
  featured: boolean;
}

const browser = useBrowser();
/** The tab most tests here use, a new visitor's each time (see reusedTab). */
const visitor = reusedTab(browser);

afterEach(() => {
  cleanUpFixtures();
});

/** "14 January 2025", as the blog writes a YYYY-MM-DD date. */
const humanDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

/** Today in the browser's own calendar, YYYY-MM-DD: what an empty date becomes. */
const browserToday = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });

function blogSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Blog posts' });
}

/** The success notice of the list of posts added in this browser (the form has its own). */
function listNotice(page: Page): Locator {
  return blogSection(page).locator('.post-admin-list .notice-success');
}

/** Fills the admin's 'Add a post' form (labels as the admin sees them) and adds the post. */
async function addPost(page: Page, fields: Record<string, string> = {}, featured = false): Promise<StoredPost> {
  const form = blogSection(page).getByRole('form', { name: 'Add a post' });
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
  if (featured) await form.getByLabel('Featured post').check();
  const before = (await storedList<StoredPost>(page, POSTS_KEY)).length;
  await form.getByRole('button', { name: 'Add post' }).click();
  await form.locator('.notice-success').waitFor();
  const posts = await storedList<StoredPost>(page, POSTS_KEY);
  expect(posts).toHaveLength(before + 1);
  expect(await form.locator('.notice-success').textContent()).toContain(`“${posts[0].title}” was added and is now first on the blog.`);
  return posts[0];
}

/** The cards /blog shows now: title, eyebrow (category) and byline of each. */
async function cards(page: Page) {
  return page.locator('.post-card').evaluateAll((items) =>
    items.map((item) => ({
      title: item.querySelector('h2')?.textContent ?? '',
      eyebrow: item.querySelector('.eyebrow')?.textContent ?? '',
      byline: item.querySelector('.byline')?.textContent ?? '',
    })),
  );
}

const titles = async (page: Page) => (await cards(page)).map((card) => card.title);

/** Reloads the page as a visitor would (a full document load) and waits for hydration. */
async function reload({ page }: WatchedPage) {
  const response = await page.reload({ waitUntil: 'load' });
  await hydrated(page);
  return response;
}

describe('a post added with every field blank', () => {
  it('is stored with the defaults of an empty field and an id clear of the built-in ones', async () => {
    const watched = await visitor();
    const { page } = watched;
    await signInAdmin(page);
    const post = await addPost(page);
    expect(post).toEqual({
      id: expect.any(Number),
      title: 'Untitled Post',
      excerpt: '',
      content: '',
      category: 'general',
      author: 'Garlic Brothers Team',
      date: await browserToday(page),
      readTime: '5 min read',
      image: PLACEHOLDER,
      tags: [],
      featured: false,
    });
    expect(post.id).toBeGreaterThan(Math.max(...builtIn.map((p) => p.id)));
    // A second one gets its own id.
    const second = await addPost(page);
    expect(second.id).not.toBe(post.id);
    expect(watched.problems).toEqual([]);
  });

  it('shows first on /blog with the defaults, after the pre-rendered built-in list, without a mismatch', async () => {
    const watched = await visitor();
    const { page } = watched;
    await signInAdmin(page);
    const post = await addPost(page);
    const today = await browserToday(page);

    // The pre-rendered HTML holds the built-in posts only; the stored one joins after hydration.
    const html = await (await fetch(new URL('/blog', page.url()))).text();
    expect(html).not.toContain('Untitled Post');
    await visit(watched, '/blog');
    await expect.poll(() => page.locator('.post-card').count()).toBe(builtIn.length + 1);
    expect((await cards(page))[0]).toEqual({ title: 'Untitled Post', eyebrow: 'General', byline: `${humanDate(today)} · 5 min read` });
    expect((await titles(page)).slice(1)).toEqual(builtIn.map((p) => p.title));
    expect(await page.locator('.post-card').first().getByRole('link', { name: 'Untitled Post' }).getAttribute('href')).toBe(`/blog/${post.id}`);
    expect(await page.getByRole('status').filter({ hasText: 'posts' }).textContent()).toBe(`${builtIn.length + 1} posts`);
    // The category filter is built from the data, so the new category is offered.
    expect(await page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: 'General', exact: true }).count()).toBe(1);
    expect(watched.problems).toEqual([]);
  });

  it('opens at /blog/{id} from 404.html, and again after a full reload, with no hydration warning', async () => {
    const watched = await visitor();
    const { page } = watched;
    await signInAdmin(page);
    const post = await addPost(page);
    const today = await browserToday(page);

    for (const open of [() => visit(watched, `/blog/${post.id}`), () => reload(watched)]) {
      const response = await open();
      // A static host has no file for it: 404.html answers, and the app renders the stored post.
      expect(response?.status()).toBe(404);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Untitled Post');
      expect(await page.locator('.byline').first().textContent()).toBe(`By Garlic Brothers Team · ${humanDate(today)} · 5 min read`);
      expect(await page.locator('article .eyebrow').textContent()).toBe('Blog · General');
      expect(await page.locator('img.post-cover').getAttribute('src')).toBe(PLACEHOLDER);
      await expect.poll(() => page.title()).toBe(`Untitled Post | ${SITE_NAME}`);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    }
    expect(watched.problems).toEqual([]);
  });

  it('an unknown id still shows the not-found page after hydration', async () => {
    const watched = await visitor();
    await signInAdmin(watched.page);
    const post = await addPost(watched.page);
    await visit(watched, `/blog/${post.id + 1}`);
    expect(await watched.page.locator('h1').textContent()).toBe('Page not found');
    expect(watched.problems).toEqual([]);
  });
});

describe('post ids', () => {
  it.each(['/blog/0010', '/blog/010', '/blog/01001'])('%s is not a post: the not-found page hydrates without a mismatch', async (url) => {
    const watched = await visitor();
    const { page } = watched;
    // A stored post 1001 must not answer /blog/01001 either.
    await signInAdmin(page);
    expect((await addPost(page)).id).toBe(1001);
    const response = await visit(watched, url);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    // Woken by the stored post, the page's island hydrated before the page was marked hydrated; it
    // read the stored posts in the render its hydration started, and a frame later its answer stands.
    expect(await page.locator('gb-island[data-island="NotFoundOrStoredPost"]').getAttribute('data-hydrated')).toBe('true');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    expect(watched.problems).toEqual([]);
  });
});

describe('a post carrying a script payload', () => {
  const SCRIPT = '<script>window.__pwned=1</script>';
  const IMG = '<img src=x onerror="window.__pwned=1">';

  it('is shown as text on /blog and on its page, and never runs', async () => {
    const watched = await visitor();
    const { page } = watched;
    await signInAdmin(page);
    const post = await addPost(page, {
      Title: `Hostile ${IMG}`,
      Excerpt: `Excerpt ${SCRIPT}`,
      Content: `An opening paragraph.\n\n${SCRIPT}\n\nInline ${IMG} image, and a [link](javascript:window.__pwned=1).\n\n${IMG}`,
      Tags: `${SCRIPT}, safe`,
    });
    expect(post.content).toContain(SCRIPT);
    const pwned = () => page.evaluate(() => Reflect.get(window, '__pwned') as unknown);

    await visit(watched, '/blog');
    await expect.poll(() => titles(page).then((list) => list[0])).toBe(`Hostile ${IMG}`);
    expect(await page.locator('.post-card').first().locator('.card-body').textContent()).toBe(`Excerpt ${SCRIPT}`);

    await visit(watched, `/blog/${post.id}`);
    const body = page.locator('.post-markdown');
    await body.waitFor();
    expect(await page.locator('h1').textContent()).toBe(`Hostile ${IMG}`);
    const text = (await body.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(SCRIPT);
    expect(text).toContain(`Inline ${IMG} image`);
    // Nothing of it became markup: no script, no image, no handler attribute, no javascript: link.
    expect(await body.locator('script, img').count()).toBe(0);
    expect(await page.locator('[onerror]').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await body.getByText('link', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual([SCRIPT, 'safe']);
    // An image's error handler runs in a task after the image has failed: past every image's end.
    const imagesSettled = async () => {
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    };
    await imagesSettled();
    expect(await pwned()).toBeUndefined();
    await reload(watched);
    await body.waitFor();
    await imagesSettled();
    expect(await pwned()).toBeUndefined();
    expect(watched.problems).toEqual([]);
  });
});

describe('an oversized or deeply nested post', () => {
  const NESTED = `${'>'.repeat(5000)} deep`;
  const EMPHASIS = '*a'.repeat(20_000);

  it('is refused by the admin form with the limits named, keeping what was typed', async () => {
    const watched = await visitor();
    const { page } = watched;
    await signInAdmin(page);
    const form = blogSection(page).getByRole('form', { name: 'Add a post' });
    await form.getByLabel('Title', { exact: true }).fill('Too deep');
    const contentField = form.getByLabel('Content', { exact: true });
    await contentField.fill(NESTED);
    await form.getByRole('button', { name: 'Add post' }).click();
    const alert = form.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('The post was not saved.');
    expect(await alert.textContent()).toContain('Content nests quotes (>) or lists 5,000 levels deep; at most 8 levels are allowed.');
    expect(await contentField.inputValue()).toBe(NESTED);
    expect(await form.getByLabel('Title', { exact: true }).inputValue()).toBe('Too deep');
    expect(await storedList(page, POSTS_KEY)).toEqual([]);

    await contentField.fill(EMPHASIS);
    await form.getByRole('button', { name: 'Add post' }).click();
    await expect.poll(() => alert.textContent()).toContain('Content is 40,000 characters long; at most 20,000 are allowed.');
    expect(await storedList(page, POSTS_KEY)).toEqual([]);
    expect(watched.problems).toEqual([]);
  });

  it('written to storage directly, opens as plain text with a notice, without a crash or a long freeze', async () => {
    const watched = await openPage(browser());
    const { page } = watched;
    const base = {
      excerpt: 'Stored directly.',
      category: 'general',
      author: 'Export Desk',
      date: '2025-02-03',
      readTime: '3 min read',
      image: PLACEHOLDER,
      tags: [],
      featured: false,
    };
    // A post within the limits, opened the same way: the yardstick for a freeze on this machine now.
    const control = { ...base, id: 1000, title: 'Within the limits', content: 'A short post with *emphasis* and\n\n> a quote.' };
    const posts = [
      { ...base, id: 1001, title: 'Nested five thousand deep', content: NESTED },
      { ...base, id: 1002, title: 'Twenty thousand emphasis markers', content: EMPHASIS },
    ];
    await page.addInitScript(
      ({ key, value }) => {
        localStorage.setItem(key, value);
        // The longest main-thread task from the start of the page.
        (window as unknown as { longest: number }).longest = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const w = window as unknown as { longest: number };
            w.longest = Math.max(w.longest, entry.duration);
          }
        }).observe({ type: 'longtask', buffered: true });
      },
      { key: POSTS_KEY, value: JSON.stringify([control, ...posts]) },
    );
    const longest = () => page.evaluate(() => (window as unknown as { longest: number }).longest);
    await visit(watched, `/blog/${control.id}`);
    await expect.poll(() => page.locator('.post-markdown blockquote').count()).toBe(1);
    const yardstick = await longest();
    for (const post of posts) {
      await visit(watched, `/blog/${post.id}`);
      await expect.poll(() => page.locator('h1').textContent(), { timeout: EVENT_WAIT_MS }).toBe(post.title);
      const body = page.locator('.post-plain');
      await body.waitFor({ timeout: EVENT_WAIT_MS });
      expect(await body.locator('.notice').textContent()).toContain('This post is shown as plain text because it goes beyond what a post may hold');
      expect(await body.locator('blockquote, em').count()).toBe(0);
      // Parsing either text as markdown blocks the page for seconds, many times what a short post's
      // page costs; plain text costs about the same. Measured against the short post on the same
      // machine at the same moment, so a slower or busier machine moves both.
      expect(await longest(), `the short post's longest task: ${yardstick} ms`).toBeLessThan(Math.max(1000, 3 * yardstick));
    }
    expect(watched.problems).toEqual([]);
  });
});

describe('/blog search and category filter', () => {
  const categories = [...new Set(builtIn.map((p) => p.category))].sort();
  const label = (category: string) => category.charAt(0).toUpperCase() + category.slice(1).replace(/-/g, ' ');
  /** What a search looks through; every word of the query must be found in it (any case). */
  const found = (text: string, query: string) =>
    query
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .every((word) => text.toLowerCase().includes(word));
  const matches = (p: (typeof builtIn)[number], query: string) => found([p.title, p.excerpt, ...p.tags].join(' '), query);
  const matching = (query: string) => builtIn.filter((p) => matches(p, query)).map((p) => p.title);

  it('offers one chip per category in the data, and a chip shows only its posts', async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, '/blog');
    const chips = page.getByRole('group', { name: 'Filter by category' }).getByRole('button');
    expect(await chips.allTextContents()).toEqual(['All posts', ...categories.map(label)]);
    expect(await chips.first().getAttribute('aria-pressed')).toBe('true');
    expect(await titles(page)).toEqual(builtIn.map((p) => p.title));

    for (const category of categories) {
      await chips.filter({ hasText: label(category) }).click();
      const expected = builtIn.filter((p) => p.category === category).map((p) => p.title);
      await expect.poll(() => titles(page)).toEqual(expected);
      expect((await cards(page)).every((card) => card.eyebrow.endsWith(label(category)))).toBe(true);
      expect(await chips.filter({ hasText: label(category) }).getAttribute('aria-pressed')).toBe('true');
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /posts?$/ })
          .textContent(),
      ).toBe(`${expected.length} ${expected.length === 1 ? 'post' : 'posts'}`);
    }
    await chips.filter({ hasText: 'All posts' }).click();
    await expect.poll(() => titles(page)).toEqual(builtIn.map((p) => p.title));
    expect(watched.problems).toEqual([]);
  });

  it('searches titles, excerpts and tags, case-insensitively, together with the category', async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, '/blog');
    const search = page.getByLabel('Search posts');

    // A tag only (no title or excerpt has it), an excerpt word, and a title word.
    const tagOnly = builtIn.flatMap((p) => p.tags).find((tag) => builtIn.every((p) => !found(`${p.title} ${p.excerpt}`, tag)));
    expect(tagOnly, 'the content has a tag that no title or excerpt mentions').toBeDefined();
    const excerptWord = builtIn[0].excerpt.split(/\s+/).find((word) => word.length > 6 && builtIn.every((p) => !found(`${p.title} ${p.tags.join(' ')}`, word)));
    expect(excerptWord, 'the first post has an excerpt word that no title or tag holds').toBeDefined();
    for (const query of [tagOnly!, excerptWord!, builtIn[1].title.split(' ').slice(-2).join(' ')]) {
      const expected = matching(query);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(expected.length, query).toBeLessThan(builtIn.length);
      await search.fill(query.toUpperCase());
      await expect.poll(() => titles(page), { message: query }).toEqual(expected);
    }

    // Every word must match: a title word plus a word from nowhere finds nothing.
    await search.fill(`${builtIn[0].title.split(' ')[0]} zzqx`);
    await expect.poll(() => page.locator('.post-card').count()).toBe(0);
    expect(await page.getByText('No post matches your search.').count()).toBe(1);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /posts?$/ })
        .textContent(),
    ).toBe('0 posts');

    // Search and category together: the tag's posts within one category.
    await search.fill(tagOnly!);
    const post = builtIn.find((p) => matching(tagOnly!).includes(p.title))!;
    await page
      .getByRole('group', { name: 'Filter by category' })
      .getByRole('button', { name: label(post.category), exact: true })
      .click();
    await expect.poll(() => titles(page)).toEqual(builtIn.filter((p) => p.category === post.category && matches(p, tagOnly!)).map((p) => p.title));
    await search.fill('');
    await expect.poll(() => titles(page)).toEqual(builtIn.filter((p) => p.category === post.category).map((p) => p.title));
    expect(watched.problems).toEqual([]);
  });
});

describe("'Download as MDX'", () => {
  const contentTree = () => contentWithoutPosts(CONTENT_ROOT);

  async function download(page: Page, post: StoredPost, dir: string): Promise<string> {
    const button = blogSection(page).getByRole('button', { name: `Download “${post.title}” as MDX` });
    const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const name = file.suggestedFilename();
    await file.saveAs(path.join(dir, 'content/blog', name));
    await expect.poll(() => listNotice(page).textContent()).toContain(`Downloaded ${name}.`);
    return name;
  }

  it('saves files that pass the content check in content/blog/', async () => {
    const watched = await visitor();
    const { page } = watched;
    await signInAdmin(page);
    const blank = await addPost(page);
    const full = await addPost(
      page,
      {
        Title: '  Garlic prices in Q3  ',
        Excerpt: 'What moved Chinese and Indian garlic prices this quarter.',
        Content: '## Prices\n\n- Powder: up\n- Flakes: flat\n\n<script>window.__pwned=1</script> and {braces}',
        Category: ' Market Insights ',
        Author: 'Export Desk',
        Date: '2025-06-30',
        'Read time': '7 min read',
        Tags: 'EU, , garlic powder',
      },
      true,
    );
    const dir = contentTree();
    const names = [await download(page, blank, dir), await download(page, full, dir)];
    expect(names).toEqual([`${blank.id}-untitled-post.mdx`, `${full.id}-garlic-prices-in-q3.mdx`]);

    const { blog } = loadContent(dir);
    const meta = new Map(blog.map((entry) => [entry.meta.id, entry.meta]));
    expect(meta.get(blank.id)).toMatchObject({
      title: 'Untitled Post',
      author: 'Garlic Brothers Team',
      category: 'general',
      date: await browserToday(page),
      readTime: '5 min read',
      image: PLACEHOLDER,
      featured: false,
    });
    expect(meta.get(full.id)).toEqual({
      id: full.id,
      title: 'Garlic prices in Q3',
      excerpt: 'What moved Chinese and Indian garlic prices this quarter.',
      category: 'market-insights',
      author: 'Export Desk',
      date: '2025-06-30',
      readTime: '7 min read',
      image: PLACEHOLDER,
      tags: ['EU', 'garlic powder'],
      featured: true,
    });
    expect(fs.readFileSync(path.join(dir, 'content/blog', names[1]), 'utf8')).toContain('## Prices');
    expect(watched.problems).toEqual([]);
  });
});

describe('deleting a post', () => {
  it('asks first, then removes it from the admin list and from /blog', async () => {
    const watched = await visitor();
    const { page } = watched;
    await signInAdmin(page);
    const section = blogSection(page);
    // A static host has no server to publish on, and the section says so.
    await expect.poll(() => section.locator('.post-destination').textContent()).toContain('No server answered: this post is kept in this browser only.');
    const post = await addPost(page, { Title: 'Short-lived post' });
    await section.getByRole('button', { name: 'Delete “Short-lived post”' }).click();
    await section.getByRole('group', { name: 'Confirm deleting “Short-lived post”' }).getByRole('button', { name: 'Delete post' }).click();
    await expect.poll(() => listNotice(page).textContent()).toBe('“Short-lived post” was deleted.');
    expect(await storedList(page, POSTS_KEY)).toEqual([]);
    await visit(watched, '/blog');
    expect(await titles(page)).toEqual(builtIn.map((p) => p.title));
    await visit(watched, `/blog/${post.id}`);
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    expect(watched.problems).toEqual([]);
  });
});
