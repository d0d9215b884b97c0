/**
 * Blog posts added in the browser, kept under KEYS.blogPosts through the storage module (so
 * nothing here throws), and the merged list the blog shows: stored posts first (newest
 * added first), then the built-in posts from content/. Unreadable storage means no stored posts,
 * so the built-in ones are still shown.
 */
import { useMemo } from 'react';
import builtInPosts from 'virtual:content/blog';
import type { BlogPostMeta } from '@/build/content/schema';
import { KEYS } from '@/browser/storage/storage';
import { readList, readRawList, writeJson } from '@/browser/storage/stored-json';
import { usePosts } from '@/browser/data/providers';
import { normalisePost, type PostInput } from '@/shared/domain/posts/normalise-post';
import { mergePosts } from './merge-posts';
import { BlogPostSchema, type BlogPost } from '@/shared/domain/posts/post';

/** The valid stored posts, newest added first; invalid items are dropped (and logged). */
export function readStoredPosts(): BlogPost[] {
  return readList(KEYS.blogPosts, BlogPostSchema);
}

const idOf = (item: unknown): unknown => (typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined);

/** Every id in use: built-in posts and stored items, even those that fail the schema. */
export function usedPostIds(): number[] {
  const stored = readRawList(KEYS.blogPosts)
    .map(idOf)
    .filter((id): id is number => typeof id === 'number' && Number.isFinite(id));
  return [...builtInPosts.map((post) => post.id), ...stored];
}

/** Stores the post first in the list; false (and logged by storage.ts) when it could not be saved. */
export function addPost(post: BlogPost): boolean {
  return writeJson(KEYS.blogPosts, [post, ...readRawList(KEYS.blogPosts)]);
}

/** Normalises the form values, gives the post a free id and stores it. */
export function createPost(input: PostInput, today: Date = new Date()): { post: BlogPost; saved: boolean } {
  const post = normalisePost(input, usedPostIds(), today);
  return { post, saved: addPost(post) };
}

/** Removes one stored post; false when it was not there or the write failed. */
export function deletePost(id: number): boolean {
  const items = readRawList(KEYS.blogPosts);
  const kept = items.filter((item) => idOf(item) !== id);
  if (kept.length === items.length) return false;
  return writeJson(KEYS.blogPosts, kept);
}

export { mergePosts };

/**
 * The stored posts for React, from the nearest <PostsProvider> (an error names it when
 * there is none): [] during pre-render and hydration (the server knows no visitor's storage, so
 * the HTML matches), the stored posts right after, following later changes made in this tab or
 * another one.
 */
export function useStoredPosts(): BlogPost[] {
  return usePosts().stored;
}

/** Built-in post metadata only: the bodies stay in their own MDX modules. */
const builtInMeta: BlogPostMeta[] = builtInPosts.map(({ file: _file, ...meta }) => meta);

/** Every post the blog lists: stored posts first, then the built-in ones (newest first). */
export function useAllPosts(): BlogPostMeta[] {
  const stored = useStoredPosts();
  return useMemo(() => mergePosts(stored, builtInMeta), [stored]);
}
