/**
 * What the server adds to the built site from its database of posts (added through the admin
 * API): /blog/<id> of such a post is rendered as a full page (a built-in post's page is the built
 * file, and an unknown id stays 404); the sitemap and the feed gain those posts, the built entries
 * kept as they are; the blog list is marked so its island fetches them when the browser is idle.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { FEED_ITEMS, addToFeed, addToSitemap } from '@/build/pipeline/discovery-files';
import { isIsoDate } from '@/shared/domain/dates';
import { SERVER_POSTS_ATTRIBUTE } from '@/shared/domain/posts/server-posts';
import { getPost, listPosts } from '../db/posts';
import { coverFeedPicture } from '../db/post-covers';
import { COVER_VARIANTS } from '../photos/cover-variants';
import type { Database } from '../db/schema';
import type { PageKey } from './page-cache';
import type { SiteRenderer } from './renderer';

/** A new body (and status) for a built path, or null to answer with the built file as it is. */
export type Rewrite = { status: number; body: string } | null;

/** A sitemap lists at most 50,000 URLs; this leaves the built pages ample room. */
const SITEMAP_POSTS_MAX = 40_000;

const POST_PATH = /^\/blog\/([1-9]\d{0,8})\/?$/;
const LIST_PATH = /^\/blog(\/page\/[1-9]\d*)?\/?$/;
const LIST_ISLAND = '<gb-island data-island="BlogList" data-hydrate="interaction"';

/**
 * Where the server's answer for `pathname` is kept (site/page-cache.ts), or null where its posts
 * never change the built file: a post's page only where the build has no page at that path, the
 * blog list, its later pages, the sitemap and the feed only where the build has them.
 */
export function rewriteKey(pathname: string, builtStatus: number): PageKey | null {
  const postId = POST_PATH.exec(pathname)?.[1];
  if (postId) return builtStatus === 404 ? { key: `/blog/${postId}`, postId: Number(postId), keepNone: false } : null;
  if (builtStatus !== 200) return null;
  if (pathname === '/sitemap.xml' || pathname === '/blog/feed.xml') return { key: pathname, postId: null, keepNone: true };
  const list = LIST_PATH.exec(pathname);
  return list ? { key: `/blog${list[1] ?? ''}`, postId: null, keepNone: true } : null;
}

/** The blog list's island, told to hydrate when idle and fetch the server's posts. */
export function markServerPosts(html: string): string {
  return html.replace(LIST_ISLAND, `<gb-island data-island="BlogList" data-hydrate="idle" ${SERVER_POSTS_ATTRIBUTE}=""`);
}

export function withServerPosts(root: string, renderer: SiteRenderer) {
  const built = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
  return async (pathname: string, builtStatus: number, db: Kysely<Database>): Promise<Rewrite> => {
    const postId = POST_PATH.exec(pathname)?.[1];
    if (postId && builtStatus === 404) {
      const post = await getPost(db, Number(postId));
      return post ? { status: 200, body: await renderer.postPage(post) } : null;
    }
    if (builtStatus !== 200) return null;
    if (pathname === '/sitemap.xml') {
      const posts = await listPosts(db, SITEMAP_POSTS_MAX, 0);
      if (posts.length === 0) return null;
      const entries = posts.map((post) => ({ path: `/blog/${post.id}`, lastmod: isIsoDate(post.date) ? post.date : undefined }));
      return { status: 200, body: addToSitemap(built('sitemap.xml'), renderer.site.url, entries) };
    }
    if (pathname === '/blog/feed.xml') {
      const posts = await listPosts(db, FEED_ITEMS, 0);
      if (posts.length === 0) return null;
      const items = await Promise.all(
        posts.map(async (post) => ({
          ...post,
          html: await renderer.postHtml(post),
          picture: await coverFeedPicture(post.coverPhoto, (key, width) => COVER_VARIANTS.variant(db, key, 'webp', width)),
        })),
      );
      return { status: 200, body: addToFeed(built('blog/feed.xml'), renderer.site, items) };
    }
    const list = LIST_PATH.exec(pathname);
    if (list) {
      if ((await listPosts(db, 1, 0)).length === 0) return null;
      return { status: 200, body: markServerPosts(built(path.join('blog', list[1] ?? '', 'index.html'))) };
    }
    return null;
  };
}
