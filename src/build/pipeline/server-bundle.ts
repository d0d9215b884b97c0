/**
 * What the server bundle (src/ui/entry-server.tsx, built to the SSR folder or loaded by the dev
 * server) offers the code that renders pages with it: the pre-render, the dev server and the
 * server's pages of posts added in the admin. Typed once here for all three.
 */
import type { BlogPost } from '@/shared/domain/posts/post';
import type { FeedSite } from './discovery-files';

export interface RenderedPage {
  html: string;
  /** The islands on the page, by name, in document order. */
  islands: string[];
}

export interface ServerBundle {
  site: FeedSite;
  /** Every path the pre-render writes (the dev server answers every other path with the not-found page). */
  prerenderPaths(): string[];
  renderPage(url: string, template: string): Promise<RenderedPage>;
  /** A built-in post's body as static HTML with absolute links, for the feed. */
  renderPostHtml(file: string): Promise<string>;
  renderServerPostPage(post: BlogPost, template: string): Promise<RenderedPage>;
  renderServerPostHtml(post: BlogPost): Promise<string>;
}

/** The path the pre-render renders into 404.html: any path no route claims. */
export const NOT_FOUND_URL = '/404';
