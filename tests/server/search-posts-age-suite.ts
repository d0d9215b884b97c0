/**
 * The server's index of its posts when no notification tells it of another server's change (the
 * database gives none, or the listening connection is down): a post another server added is found
 * once the index is UNWATCHED_MS old, and not sooner made again on every search; with a live watch
 * the index is kept until a change is heard of, and made again on the next search after one.
 */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import type { BlogPost } from '@/shared/domain/posts/post';
import { insertPost } from '../../src/server/db/posts';
import type { Store } from '../../src/server/db/connect';
import { createSiteSearch, UNWATCHED_MS, type SiteSearch } from '../../src/server/search/site-search';
import { resetTables } from './harness';
import { resultLinks, writeSearchSite } from './search-site';

const post = (id: number, word: string): BlogPost => ({
  id,
  title: `Garlic and ${word}`,
  excerpt: 'Added by another server.',
  content: `Garlic with ${word}.`,
  category: 'Industry',
  author: 'Export desk',
  date: '2026-11-29',
  readTime: '1 min read',
  image: '/images/blog/placeholder.svg',
  tags: [],
  featured: false,
});

export function searchPostsAgeSuite(store: () => Store): void {
  const search = async (body: (site: SiteSearch, clock: { now: number }) => Promise<void>) => {
    await resetTables(store());
    const root = await writeSearchSite();
    const clock = { now: 1_000_000 };
    try {
      const site = createSiteSearch(root, () => store().db, { now: () => clock.now });
      if (!site) throw new Error('The test site has no search index');
      await body(site, clock);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  };
  const found = async (site: SiteSearch, word: string) => resultLinks((await site.page('/search', word)) ?? '');

  it(`without notifications, finds another server's post once its index is ${UNWATCHED_MS / 1000} s old`, async () => {
    await search(async (site, clock) => {
      expect(await found(site, 'Tamarindenmus')).toEqual([]);
      // Another server adds a post: nothing here hears of it.
      await insertPost(store().db, post(9001, 'Tamarindenmus'));
      clock.now += UNWATCHED_MS - 1;
      expect(await found(site, 'Tamarindenmus')).toEqual([]);
      clock.now += 1;
      expect(await found(site, 'Tamarindenmus')).toEqual(['/blog/9001']);
    });
  });

  it('with a live watch, keeps its index until a change is heard of', async () => {
    await search(async (site, clock) => {
      site.follow({ live: true });
      expect(await found(site, 'Kardamomsirup')).toEqual([]);
      await insertPost(store().db, post(9002, 'Kardamomsirup'));
      clock.now += 10 * UNWATCHED_MS;
      expect(await found(site, 'Kardamomsirup')).toEqual([]);
      site.postsChangedElsewhere();
      expect(await found(site, 'Kardamomsirup')).toEqual(['/blog/9002']);
    });
  });
}
