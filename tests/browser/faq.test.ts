/**
 * /faq on the built site: every entry of content/faq/ grouped under the six categories in the pre-rendered HTML
 * with every answer present; the category filter and the search over question, answer and tags
 * narrow the list; /faq#<id> opens and scrolls to that answer once the page has loaded.
 */
import fs from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, reusedTab, useBrowser, visit } from './support/browser';
import { CONTENT_ROOT, content, expected as derived } from './support/site';
import { EVENT_WAIT_MS } from './support/waits';

const CATEGORIES = ['products', 'shipping', 'quality', 'pricing', 'partnership', 'technical'] as const;
const LABELS: Record<(typeof CATEGORIES)[number], string> = {
  products: 'Products',
  shipping: 'Shipping',
  quality: 'Quality',
  pricing: 'Pricing',
  partnership: 'Partnership',
  technical: 'Technical',
};
const faq = content.faq;
type Entry = (typeof faq)[number];

const paragraphs = (entry: Entry) => entry.answer.split(/\n\s*\n/).map((p) => p.replace(/\s+/g, ' ').trim());

/** The text of an HTML fragment as a reader sees it. */
const textOf = (html: string) =>
  html
    .replace(/<!--.*?-->/gs, '')
    // Text-level elements (a range kept on one line, an isolated run) join their words; the rest separate them.
    .replace(/<\/?(?:span|bdi)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** Every word of the query found in the question, the answer or the tags, in any case. */
const found = (text: string, query: string) =>
  query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.toLowerCase().includes(word));
const matches = (entry: Entry, query: string) => found([entry.question, entry.answer, ...entry.tags].join(' '), query);

/** The ids of the entries on the page now, in page order. */
const shownIds = (page: Page) => page.locator('details.faq-item').evaluateAll((items) => items.map((item) => item.id));
/** The FAQ's category headings on the page now. */
const shownCategories = (page: Page) => page.locator('h2[id^="faq-category-"]').allTextContents();
const resultCount = (page: Page) => page.locator('.faq .result-count').textContent();

/** The entries of the list in the page's order: by category, then as the content lists them. */
const inPageOrder = (entries: Entry[]) => CATEGORIES.flatMap((c) => entries.filter((e) => e.category === c)).map((e) => e.id);

const browser = useBrowser();
/** The tab the browser tests here share, a new visitor's each time (see reusedTab). */
const visitor = reusedTab(browser);

describe('the pre-rendered /faq', () => {
  it('holds every entry, grouped under the six categories, with every question and answer', async () => {
    expect(faq).toHaveLength(fs.readdirSync(join(CONTENT_ROOT, 'content/faq')).length);
    const html = await (await fetch(`${baseUrl()}/faq`)).text();
    const sections = [...html.matchAll(/<section aria-labelledby="faq-category-([a-z]+)">(.*?)<\/section>/gs)];
    expect(sections.map((s) => s[1])).toEqual([...CATEGORIES]);

    for (const [, category, body] of sections) {
      const c = category as (typeof CATEGORIES)[number];
      expect(body).toMatch(new RegExp(`<h2 id="faq-category-${c}">${LABELS[c]}</h2>`));
      const expected = faq.filter((e) => e.category === c);
      expect(expected.length, c).toBeGreaterThan(0);
      const ids = [...body.matchAll(/<details id="([^"]+)"/g)].map((m) => m[1]);
      expect(ids, c).toEqual(expected.map((e) => e.id));
      for (const entry of expected) {
        const block = body.match(new RegExp(`<details id="${entry.id}"[^>]*>(.*?)</details>`, 's'))?.[1] ?? '';
        const text = textOf(block);
        expect(text, entry.id).toContain(entry.question);
        for (const paragraph of paragraphs(entry)) expect(text, entry.id).toContain(paragraph);
        expect(block).toContain(`href="#${entry.id}"`);
      }
    }
    expect([...html.matchAll(/<details id=/g)]).toHaveLength(derived.faqCount);
    expect(html).toContain(derived.faqCountText);
  });
});

describe('/faq in the browser', () => {
  it('the category filter shows one category at a time, and All topics all of them', async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, '/faq');
    const chips = page.getByRole('group', { name: 'Filter by topic' }).getByRole('button');
    expect(await chips.allTextContents()).toEqual(['All topics', ...CATEGORIES.map((c) => LABELS[c])]);
    expect(await shownIds(page)).toEqual(inPageOrder(faq));

    for (const category of CATEGORIES) {
      await chips.filter({ hasText: LABELS[category] }).click();
      const expected = faq.filter((e) => e.category === category);
      await expect.poll(() => shownIds(page)).toEqual(expected.map((e) => e.id));
      expect(await shownCategories(page)).toEqual([LABELS[category]]);
      expect(await chips.filter({ hasText: LABELS[category] }).getAttribute('aria-pressed')).toBe('true');
      expect(await resultCount(page)).toBe(derived.faqMatchText(expected.length));
    }
    await chips.filter({ hasText: 'All topics' }).click();
    await expect.poll(() => shownIds(page)).toEqual(inPageOrder(faq));
    expect(await resultCount(page)).toBe(derived.faqCountText);
    expect(watched.problems).toEqual([]);
  });

  it('the search looks through questions, answers and tags, and combines with the category', async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, '/faq');
    const search = page.getByLabel('Search the FAQ');

    // A word found only in some tags, one only in some answers, one only in some questions.
    const words = (text: string) => text.toLowerCase().match(/[a-z][a-z-]{4,}/g) ?? [];
    const onlyIn = (field: (e: Entry) => string, others: (e: Entry) => string) =>
      faq
        .flatMap((e) => words(field(e)))
        .find((word) => faq.every((e) => !others(e).toLowerCase().includes(word)) && faq.filter((e) => matches(e, word)).length < faq.length);
    const tagWord = onlyIn(
      (e) => e.tags.join(' '),
      (e) => `${e.question} ${e.answer}`,
    );
    const answerWord = onlyIn(
      (e) => e.answer,
      (e) => `${e.question} ${e.tags.join(' ')}`,
    );
    const questionWord = onlyIn(
      (e) => e.question,
      (e) => `${e.answer} ${e.tags.join(' ')}`,
    );
    for (const [field, word] of Object.entries({ tags: tagWord, answer: answerWord, question: questionWord })) {
      expect(word, `a word found only in the ${field}`).toBeDefined();
      const expected = faq.filter((e) => matches(e, word!));
      expect(expected.length).toBeGreaterThan(0);
      await search.fill(word!.toUpperCase());
      await expect.poll(() => shownIds(page), { message: word }).toEqual(inPageOrder(expected));
      expect(await resultCount(page)).toBe(derived.faqMatchText(expected.length));
      // Categories without a match are left out.
      expect(await shownCategories(page)).toEqual(CATEGORIES.filter((c) => expected.some((e) => e.category === c)).map((c) => LABELS[c]));
    }

    // Several words: each must be found.
    const entry = faq.find((e) => e.category === 'shipping')!;
    const twoWords = `${words(entry.question)[0]} ${words(entry.answer).at(-1)}`;
    await search.fill(twoWords);
    await expect.poll(() => shownIds(page)).toEqual(inPageOrder(faq.filter((e) => matches(e, twoWords))));
    expect(await shownIds(page)).toContain(entry.id);

    // With a category: only that category's matches.
    await page.getByRole('group', { name: 'Filter by topic' }).getByRole('button', { name: 'Pricing' }).click();
    await expect.poll(() => shownIds(page)).toEqual(faq.filter((e) => e.category === 'pricing' && matches(e, twoWords)).map((e) => e.id));

    // Nothing found: a message that says what to do.
    await search.fill('zzqx');
    await expect.poll(() => shownIds(page)).toEqual([]);
    expect(await page.getByText('No question matches “zzqx”.').count()).toBe(1);
    expect(await resultCount(page)).toBe(derived.faqMatchText(0));
    expect(watched.problems).toEqual([]);
  });

  it.each([
    ['before the page has started (its script still arriving)', 'script'],
    ['after the page has started, before it has loaded (an image still arriving)', 'image'],
  ] as const)('a search typed %s filters the list once it can', async (_, held) => {
    const watched = await visitor();
    const { page } = watched;
    // What the page waits for is held back until the search has been typed: the entry script
    // (the page's runtime starts after the first paint), or an image the load event waits for.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    if (held === 'script')
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
    else {
      await page.route(`${baseUrl()}/faq`, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: (await response.text()).replace('</main>', '<img src="/held-back.svg" alt=""></main>') });
      });
      await page.route(`${baseUrl()}/held-back.svg`, async (route) => {
        await released;
        await route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>' });
      });
    }
    // The runtime adds its sheet as it starts, in the same task as it starts the islands.
    const started = () => page.locator('style[data-sheet="runtime"]').count();
    try {
      await page.goto(`${baseUrl()}/faq`, { waitUntil: 'domcontentloaded' });
      if (held === 'image') await page.locator('style[data-sheet="runtime"]').waitFor({ state: 'attached' });
      await page.getByLabel('Search the FAQ').fill('halal');
      expect(await started()).toBe(held === 'script' ? 0 : 1);
      if (held === 'image') expect(await page.evaluate(() => document.readyState)).toBe('interactive');
      release();
      const expected = faq.filter((e) => matches(e, 'halal'));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(faq.length);
      await expect.poll(() => shownIds(page), { timeout: EVENT_WAIT_MS }).toEqual(inPageOrder(expected));
      expect(await page.getByLabel('Search the FAQ').inputValue()).toBe('halal');
    } finally {
      release();
      await page.unrouteAll({ behavior: 'wait' });
    }
    expect(watched.problems).toEqual([]);
  });

  it('/faq#<id> opens that answer and scrolls to it after load', async () => {
    const watched = await visitor();
    const { page } = watched;
    // Far down the page, so reaching it means scrolling.
    const target = faq.filter((e) => e.category === 'technical').at(-1)!;
    await visit(watched, `/faq#${target.id}`);
    const details = page.locator(`details#${target.id}`);
    await expect.poll(() => details.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    expect(await page.locator('details.faq-item[open]').count()).toBe(1);
    expect(await details.locator('.faq-answer').isVisible()).toBe(true);
    expect(await details.locator('.faq-answer').innerText()).toContain(paragraphs(target)[0]);
    // Once the page has settled (web fonts swapped in), the answer is in the upper half of the view.
    const position = () => details.evaluate((el) => ({ top: el.getBoundingClientRect().top, height: window.innerHeight, scrollY: window.scrollY }));
    await expect.poll(async () => (await position()).top, { timeout: EVENT_WAIT_MS }).toBeLessThan((await position()).height / 2);
    expect((await position()).scrollY).toBeGreaterThan(0);
    expect((await position()).top).toBeGreaterThanOrEqual(-1);

    // A 'Link to this answer' within the page opens the other answer too.
    const other = faq.find((e) => e.category === 'products')!;
    await page.evaluate((id) => (window.location.hash = id), other.id);
    await expect.poll(() => page.locator(`details#${other.id}`).evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    await expect
      .poll(() => page.locator(`details#${other.id}`).evaluate((el) => el.getBoundingClientRect().top))
      .toBeLessThan(await page.evaluate(() => window.innerHeight / 2));
    expect(watched.problems).toEqual([]);
  });

  it('a link to an answer the filter hides clears the filter and opens it', async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, '/faq');
    await page.getByRole('group', { name: 'Filter by topic' }).getByRole('button', { name: 'Pricing' }).click();
    await page.getByLabel('Search the FAQ').fill('price');
    const hidden = faq.find((e) => e.category === 'technical')!;
    await expect.poll(() => page.locator(`details#${hidden.id}`).count()).toBe(0);
    await page.evaluate((id) => (window.location.hash = id), hidden.id);
    await expect.poll(() => page.locator(`details#${hidden.id}`).evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    expect(await page.getByLabel('Search the FAQ').inputValue()).toBe('');
    expect(await resultCount(page)).toBe(derived.faqCountText);
    expect(watched.problems).toEqual([]);
  });

  it.each(['de', 'ar'])("/%s/faq names its search field and topic chips in the page's language, for screen readers too", async (code) => {
    const words = (content.ui[code] as { faq: Record<string, string> }).faq;
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, `/${code}/faq`);
    const chips = page.getByRole('group', { name: words.filterLabel }).getByRole('button');
    expect(await chips.allTextContents()).toEqual([words.allTopics, ...CATEGORIES.map((c) => words[c])]);
    expect(await page.getByRole('searchbox', { name: words.searchLabel }).count()).toBe(1);
    expect(watched.problems).toEqual([]);
  });

  it.each([
    ['en', '/faq'],
    ['de', '/de/faq'],
    ['ar', '/ar/faq'],
  ])("on the %s page, the first touch of the filter fetches the island with that language's entries alone", async (code, path) => {
    const entriesOf = (language: string) => (language === 'en' ? faq : (content.translations.find((t) => t.language.code === language)?.faq ?? []));
    // A piece of each question as the bundler writes it: its longest run without a quote or a backslash.
    const questionsOf = (language: string) => entriesOf(language).map((entry) => entry.question.split(/["\\]/).sort((a, b) => b.length - a.length)[0]);
    const watched = await openPage(browser());
    const { page } = watched;
    await visit(watched, path);
    const scripts: Promise<{ text: string; bytes: number; island: boolean }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script')
        scripts.push(
          Promise.all([request.response().then((r) => r?.text() ?? ''), request.sizes()]).then(([text, sizes]) => ({
            text,
            bytes: sizes.responseBodySize,
            island: /^\/assets\/FaqBrowser[.-]/.test(new URL(request.url()).pathname),
          })),
        );
    });
    await page.locator('.faq input[type="search"]').focus();
    await page.waitForSelector('gb-island[data-island="FaqBrowser"][data-hydrated]', { timeout: EVENT_WAIT_MS });
    const fetched = await Promise.all(scripts);
    const received = fetched.map((script) => script.text).join('\n');
    for (const question of questionsOf(code)) expect(received.includes(question), `${code}: ${question}`).toBe(true);
    for (const other of ['en', 'de', 'ar'].filter((language) => language !== code))
      for (const question of questionsOf(other)) expect(received.includes(question), `${other}: ${question}`).toBe(false);
    // The island's own files (the component and its language's entries, beside React, which every
    // island shares), as received: 12-16 kB; every language's entries together made 35 kB.
    const island = fetched.filter((script) => script.island);
    expect(island).toHaveLength(2);
    expect(island.reduce((sum, script) => sum + script.bytes, 0)).toBeLessThanOrEqual(17_000);
    expect(watched.problems).toEqual([]);
  });

  it.each(['/faq#%ZZ', '/faq#no-such-answer'])('%s shows the FAQ with every answer closed', async (path) => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, path);
    expect(await page.locator('h1').textContent()).toBe('Frequently Asked Questions');
    expect(await page.locator('details.faq-item').count()).toBe(derived.faqCount);
    expect(await page.locator('details.faq-item[open]').count()).toBe(0);
    expect(watched.problems).toEqual([]);
  });
});
