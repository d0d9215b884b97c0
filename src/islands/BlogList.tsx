/**
 * /blog: the filter and search, and the posts added in this browser merged first. Hydrated on
 * first interaction, or when idle in a browser that holds such posts.
 */
import { PostsProvider } from '@/data/providers';
import { BlogList as List } from '@/features/blog/BlogList';
import { KEYS } from '@/storage/storage';

export const hydrate = 'interaction';
export const wakeOn = KEYS.blogPosts;

export default function BlogList() {
  return (
    <PostsProvider>
      <List />
    </PostsProvider>
  );
}
