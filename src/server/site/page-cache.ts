/**
 * The pages the server renders from its posts (a post's page; the blog list, sitemap and feed with
 * the posts added, site/with-server-posts.ts), kept in memory with their compressed forms until a
 * post changes or the server restarts. Rendering a post's page took most of a request's time (445
 * requests/s against 6,577 for a built page); kept, it is sent like a built file.
 *
 * A change is learnt two ways: from the admin API of this server, at once (postChanged), and from
 * the database's notifications (db/posts-changed.ts), which also bring another server's changes on
 * the same PostgreSQL. While those notifications could be missed (the database has none to give,
 * or their connection is down), nothing is kept or served from here: every request renders, as
 * before the cache.
 *
 * Bounded by bytes (least recently used out first), since every post's page may be asked for.
 * Only the compressed forms are kept: browsers all ask for one, and the rare client that asks for
 * none gets the gzip form decompressed.
 */
import zlib from 'node:zlib';
import { acceptedEncodings } from '@/build/hosting/encodings';
import { compressBoth, POST_PAGE_QUALITY } from '@/build/pipeline/precompress';
import type { PostsWatch } from '../db/posts-changed';

/**
 * What one path answers: a status and a body, kept in its compressed forms; a page rendered for
 * one request only (nothing is kept) has the body alone. Null stands for "the built file as it is".
 */
export type RenderedPage = { status: number } & ({ br: Buffer; gzip: Buffer } | { body: Buffer });

/** Where an answer is kept, and the post it shows (null: it shows every post, like the lists). */
export interface PageKey {
  key: string;
  postId: number | null;
  /** Whether "no page" (null) may be kept too: not for a post's id, which anyone can make up. */
  keepNone: boolean;
}

/** Several hundred pages of posts (a page of 40 kB is about 24 kB in its two compressed forms). */
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

type Entry = { page: RenderedPage | null; bytes: number; postId: number | null };

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly rendering = new Map<string, Promise<RenderedPage | null>>();
  private bytes = 0;
  /** Bumped by every change: a render that started before one is sent but not kept. */
  private version = 0;
  private watch: PostsWatch | null = null;

  constructor(private readonly maxBytes = DEFAULT_MAX_BYTES) {}

  /** Keeps pages only while `watch` is live. Without a watch (no database notifications), nothing is kept. */
  follow(watch: PostsWatch): void {
    this.watch = watch;
  }

  /** A post was added, changed or deleted (null: any post may have). */
  postChanged(id: number | null): void {
    this.version += 1;
    this.rendering.clear();
    for (const [key, entry] of this.entries) {
      if (id === null || entry.postId === null || entry.postId === id) this.drop(key, entry);
    }
  }

  /**
   * The page at `target`, from memory or from `render` (its body compressed once, then kept).
   * Requests for a page being rendered wait for that render instead of starting their own.
   */
  async get(target: PageKey, render: () => Promise<{ status: number; body: string } | null>): Promise<RenderedPage | null> {
    const live = this.watch?.live === true;
    const entry = live ? this.entries.get(target.key) : undefined;
    if (entry) {
      // Most recently used last, so the least recently used go first.
      this.entries.delete(target.key);
      this.entries.set(target.key, entry);
      return entry.page;
    }
    const pending = live ? this.rendering.get(target.key) : undefined;
    if (pending) return pending;
    if (!live) {
      // Sent once: compressing at the best settings would cost more than the render.
      const result = await render();
      return result && { status: result.status, body: Buffer.from(result.body) };
    }
    const version = this.version;
    const rendered = (async () => {
      const result = await render();
      // At a post page's quality: the first visitor after a change waits for it.
      return result && { status: result.status, ...(await compressBoth(Buffer.from(result.body), POST_PAGE_QUALITY)) };
    })();
    this.rendering.set(target.key, rendered);
    try {
      const page = await rendered;
      if (this.version === version && this.watch?.live && (page || target.keepNone)) this.keep(target, page);
      return page;
    } finally {
      if (this.rendering.get(target.key) === rendered) this.rendering.delete(target.key);
    }
  }

  private keep(target: PageKey, page: RenderedPage | null): void {
    const bytes = page === null ? 0 : 'body' in page ? page.body.length : page.br.length + page.gzip.length;
    if (bytes > this.maxBytes) return;
    const old = this.entries.get(target.key);
    if (old) this.drop(target.key, old);
    this.entries.set(target.key, { page, bytes, postId: target.postId ?? null });
    this.bytes += bytes;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(key, entry);
    }
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Pages kept, and their bytes (for tests and the server's memory figures). */
  size(): { pages: number; bytes: number } {
    return { pages: this.entries.size, bytes: this.bytes };
  }
}

/** The page's body in the form the request accepts, and its Content-Encoding (null: none). */
export function pageBody(page: RenderedPage, acceptEncoding: string | undefined): { encoding: 'br' | 'gzip' | null; body: Buffer } {
  const accepted = acceptedEncodings(acceptEncoding).map((encoding) => encoding.name);
  if ('body' in page) {
    // Rendered for this request alone: gzip at its default level costs a millisecond, brotli at 11 a tenth of a second.
    return accepted.includes('gzip') ? { encoding: 'gzip', body: zlib.gzipSync(page.body) } : { encoding: null, body: page.body };
  }
  const encoding = accepted[0];
  return encoding ? { encoding, body: page[encoding] } : { encoding: null, body: zlib.gunzipSync(page.gzip) };
}
