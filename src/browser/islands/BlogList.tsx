/**
 * /blog and its pages: the filter and search, the links to other pages, and the posts added in
 * this browser merged first. Hydrated on first interaction, or when idle in a browser that holds
 * such posts.
 */
import { PostsProvider } from '@/browser/data/providers';
import { BlogList as List, type BlogListProps } from '@/ui/features/blog/BlogList';
import type { IslandProps } from '@/browser/runtime/islands/island';
import { KEYS } from '@/browser/storage/storage';

export const hydrate = 'interaction';
export const wakeOn = KEYS.blogPosts;

export default function BlogList(props: IslandProps) {
  return (
    <PostsProvider>
      <List {...(props as unknown as BlogListProps)} />
    </PostsProvider>
  );
}
