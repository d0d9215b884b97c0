/**
 * The built site outside /api, answered by the same handler as the static test server
 * (src/build/hosting/static-server.ts): directory indexes, 404.html with status 404, 405 to anything but
 * GET and HEAD, the headers of dist/_headers including the Content-Security-Policy, and the
 * compressed form the build wrote beside each text file that the browser accepts. With the
 * build's renderer, the posts of the database join the site (site/with-server-posts.ts): their
 * answers carry the same headers as the built path would, and are kept with their compressed
 * forms until a post changes (site/page-cache.ts), so they are sent like built files.
 */
import type { Handler } from 'hono';
import { createStaticHandler, fileErrorCode, sitePath } from '@/build/hosting/static-server';
import { BEACON_SERVER_TIMING } from '@/shared/domain/beacon-contract';
import type { Env } from './context';
import { pageBody, type PageCache, type RenderedPage } from './site/page-cache';
import type { SiteRenderer } from './site/renderer';
import { rewriteKey, withServerPosts } from './site/with-server-posts';
import { errorMessage } from '../shared/error-message';

/**
 * The headers of a page this server sends: the built file's and, for HTML, the server's name in
 * Server-Timing (shared/domain/beacon-contract.ts), by which the page's script knows, without asking,
 * that this server takes its beacons and answers its searches. A static host sends no such name.
 * Set where the answer is made: Hono's c.header() on a finished answer makes the answer anew, which
 * cost a tenth of a served page's CPU.
 */
export function servedHeaders(headers: Record<string, string>): Record<string, string> {
  return headers['Content-Type']?.startsWith('text/html') ? { ...headers, 'Server-Timing': BEACON_SERVER_TIMING } : headers;
}

/** The database's posts in the site: the build's renderer, and the cache of what it rendered. */
export interface ServerPosts {
  renderer: SiteRenderer;
  pages: PageCache;
}

export function staticSite(root: string, posts: ServerPosts | null = null): Handler<Env> {
  const handle = createStaticHandler(root);
  const rewrite = posts ? withServerPosts(root, posts.renderer) : null;
  const answer: Handler<Env> = async (c) => {
    const method = c.req.method;
    const pathname = new URL(c.req.url).pathname;
    const acceptEncoding = c.req.header('accept-encoding');
    const found = handle.lookup(method, pathname, acceptEncoding);
    const { status, read } = found;
    const headers = servedHeaders(found.headers);
    // Read only when sent: a post's page would otherwise read the not-found page for nothing.
    const built = (code: number) => {
      const body = read();
      return new Response(method === 'HEAD' ? null : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), {
        status: code,
        headers: { ...headers, 'Content-Length': String(body.length) },
      });
    };
    const site = sitePath(pathname);
    const target = rewrite && site !== null && (method === 'GET' || method === 'HEAD') ? rewriteKey(site, status) : null;
    if (!posts || !rewrite || !target || site === null) return built(status);
    let page: RenderedPage | null;
    try {
      page = await posts.pages.get(target, () => rewrite(site, status, c.var.deps.store.db));
    } catch (error) {
      c.var.deps.log({ time: new Date().toISOString(), level: 'error', path: pathname, error: errorMessage(error) });
      // The build still serves while the database fails; a page it lacks may be a post the
      // database cannot be asked about, so "try later" (503), never "gone" (404).
      return built(status === 404 ? 503 : status);
    }
    if (!page) return built(status);
    const { 'Content-Encoding': _encoding, ...kept } = headers;
    const sent = pageBody(page, acceptEncoding);
    return new Response(method === 'HEAD' ? null : new Uint8Array(sent.body.buffer as ArrayBuffer, sent.body.byteOffset, sent.body.length), {
      status: page.status,
      headers: {
        ...kept,
        Vary: 'Accept-Encoding',
        ...(sent.encoding ? { 'Content-Encoding': sent.encoding } : {}),
        'Content-Length': String(sent.body.length),
      },
    });
  };
  // A built file that cannot be read answers 500 with the site's headers, and the log names the
  // error's code, not the file's absolute path.
  return async (c, next) => {
    try {
      return await answer(c, next);
    } catch (error) {
      const method = c.req.method;
      const pathname = new URL(c.req.url).pathname;
      c.var.deps.log({
        time: new Date().toISOString(),
        level: 'error',
        path: pathname.slice(0, 200),
        error: `A built file could not be read (${fileErrorCode(error)})`,
      });
      const failed = handle.failure(method, pathname);
      return new Response(failed.body === null ? null : new Uint8Array(failed.body), { status: failed.status, headers: failed.headers });
    }
  };
}
