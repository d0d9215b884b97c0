/**
 * /blog and its pages: the filter and search, the links to other pages, and the posts added in
 * this browser merged first. Hydrated on first interaction, or when idle in a browser that holds
 * such posts.
 */
import { PostsProvider } from '@/data/providers';
import { BlogList as List, type BlogListProps } from '@/features/blog/BlogList';
import type { IslandProps } from '@/runtime/islands/island';
import { KEYS } from '@/storage/storage';

export const hydrate = 'interaction';
export const wakeOn = KEYS.blogPosts;

export default function BlogList(props: IslandProps) {
  return (
    <PostsProvider>
      <List {...(props as unknown as BlogListProps)} />
    </PostsProvider>
  );
}
