/**
 * Posts added through the admin API, as the blog reads them: where the list is, how the server
 * marks a blog list that has some to show, and how its answer is checked. No React here: the
 * server imports this module too, and must load React only through the build's server bundle.
 */
import * as v from 'valibot';
import { BlogPostSchema, type BlogPost } from '@/shared/domain/posts/post';

/** On the blog list island's element when the server holds posts (src/server/site/with-server-posts.ts). */
export const SERVER_POSTS_ATTRIBUTE = 'data-server-posts';

/** The public list of posts, newest first; the API gives at most 100 at a time. */
export const SERVER_POSTS_URL = '/api/posts?limit=100';

const Answer = v.object({ posts: v.array(BlogPostSchema) });

/** Reads the API's answer; throws with what was wrong. */
export function parseServerPosts(body: unknown): BlogPost[] {
  const parsed = v.safeParse(Answer, body);
  if (!parsed.success) throw new Error(`${SERVER_POSTS_URL} did not answer with a list of posts: ${parsed.issues[0].message}`);
  return parsed.output.posts;
}
