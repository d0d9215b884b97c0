/**
 * The blog list island's posts published on the server. A static host has no API, so the island
 * asks only where the server of `npm start` marked the list (it does when its database holds
 * posts): a static host's /blog makes no request it would answer with 404.
 */
import { useEffect, useState } from 'react';
import type { BlogPost } from '@/shared/domain/posts/post';
import { SERVER_POSTS_ATTRIBUTE, SERVER_POSTS_URL, parseServerPosts } from '@/shared/domain/posts/server-posts';

/** The server's posts once fetched; [] before, on a static host, and when the request fails (logged). */
export function useServerPosts(): BlogPost[] {
  const [posts, setPosts] = useState<BlogPost[]>([]);
  useEffect(() => {
    if (!document.querySelector(`[${SERVER_POSTS_ATTRIBUTE}]`)) return;
    let live = true;
    fetch(SERVER_POSTS_URL, { headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${SERVER_POSTS_URL} answered ${response.status}`);
        return parseServerPosts(await response.json());
      })
      .then(
        (list) => live && setPosts(list),
        (error: unknown) => console.error('[blog] the posts published on the server could not be loaded:', error),
      );
    return () => {
      live = false;
    };
  }, []);
  return posts;
}
