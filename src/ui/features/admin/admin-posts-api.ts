/**
 * Where the admin's posts go. With the server of `npm start` and its admin session (the sign-in
 * form signs in there too), a post is published on the server for every visitor; on a static
 * host, or without that session, it is kept in this browser (post-store.ts), as the posts section
 * tells the admin.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { serverSession } from '@/browser/api/admin-api';
import { ApiError, request } from '@/browser/api/portal-api';
import type { PostInput } from '@/shared/domain/posts/normalise-post';
import type { BlogPost } from '@/shared/domain/posts/post';
import { SERVER_POSTS_URL, parseServerPosts } from '@/shared/domain/posts/server-posts';
import { errorMessage } from '../../../shared/error-message';

/** 'server': publish on the server; 'no-server': nothing answered as the API; 'no-session': the API answered but the admin is not signed in there. */
export type Destination = 'checking' | 'server' | 'no-server' | 'no-session';

const ADMIN_POSTS_URL = '/api/admin/posts';

/**
 * Which destination the admin's posts have; never throws. The session is asked for only where the
 * page's one server probe found the site's server, so a static host gets no request for it.
 */
async function findDestination(): Promise<Exclude<Destination, 'checking'>> {
  try {
    const session = await serverSession();
    return session === 'signed-in' ? 'server' : session === 'signed-out' ? 'no-session' : 'no-server';
  } catch {
    return 'no-server';
  }
}

export async function publishPost(input: PostInput): Promise<BlogPost> {
  const response = await request(ADMIN_POSTS_URL, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(input) });
  return ((await response.json()) as { post: BlogPost }).post;
}

/** A post the server no longer has is deleted already. */
export async function unpublishPost(id: number): Promise<void> {
  await request(`${ADMIN_POSTS_URL}/${id}`, { method: 'DELETE' }).catch((error: unknown) => {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  });
}

/** How long the admin waits for a cover's upload to be answered. */
const COVER_UPLOAD_TIMEOUT_MS = 300_000;

/** Uploads a photo as the post's cover (it replaces the one it had); the server answers with the post as published. */
export async function uploadCover(id: number, photo: File, alt: string): Promise<BlogPost> {
  const form = new FormData();
  form.set('photo', photo);
  form.set('alt', alt);
  // The server answers once every variant is encoded: a camera's photo takes it many seconds of CPU.
  const response = await request(`${ADMIN_POSTS_URL}/${id}/cover`, { method: 'PUT', body: form }, COVER_UPLOAD_TIMEOUT_MS);
  return ((await response.json()) as { post: BlogPost }).post;
}

/** Removes the post's cover: its image is shown again. */
export async function removeCover(id: number): Promise<BlogPost> {
  const response = await request(`${ADMIN_POSTS_URL}/${id}/cover`, { method: 'DELETE' });
  return ((await response.json()) as { post: BlogPost }).post;
}

async function fetchServerPosts(): Promise<BlogPost[]> {
  return parseServerPosts(await (await request(SERVER_POSTS_URL)).json());
}

interface PostsServer {
  destination: Destination;
  /** Resolves once the destination is known, so a post submitted meanwhile goes to the right place. */
  ready: () => Promise<Exclude<Destination, 'checking'>>;
  /** The server's posts, newest first; null until the server's list has been read. */
  posts: BlogPost[] | null;
  /** Set when the server's list could not be read. */
  listError: string | null;
  reload: () => void;
}

export function usePostsServer(): PostsServer {
  const check = useRef<Promise<Exclude<Destination, 'checking'>> | null>(null);
  const [destination, setDestination] = useState<Destination>('checking');
  const [posts, setPosts] = useState<BlogPost[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const ready = useCallback(() => (check.current ??= findDestination()), []);
  const reload = useCallback(() => {
    fetchServerPosts().then(
      (list) => {
        setPosts(list);
        setListError(null);
      },
      (error: unknown) => setListError(errorMessage(error)),
    );
  }, []);
  useEffect(() => {
    let live = true;
    void ready().then((found) => {
      if (!live) return;
      setDestination(found);
      if (found === 'server') reload();
    });
    return () => {
      live = false;
    };
  }, [ready, reload]);
  return { destination, ready, posts, listError, reload };
}
