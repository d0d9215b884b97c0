/**
 * The built site outside /api, answered by the same handler as the static test server
 * (src/hosting/static-server.ts): directory indexes, 404.html with status 404, 405 to anything but
 * GET and HEAD, the headers of dist/_headers including the Content-Security-Policy, and the
 * compressed form the build wrote beside each text file that the browser accepts. With the build's renderer, the
 * posts of the database join the site (site/with-server-posts.ts); their answers carry the same
 * headers as the built path would.
 */
import zlib from 'node:zlib';
import type { Handler } from 'hono';
import { createStaticHandler, sitePath } from '@/hosting/static-server';
import type { Env } from './context';
import type { SiteRenderer } from './site/renderer';
import { withServerPosts, type Rewrite } from './site/with-server-posts';

export function staticSite(root: string, renderer: SiteRenderer | null = null): Handler<Env> {
  const handle = createStaticHandler(root);
  const rewrite = renderer ? withServerPosts(root, renderer) : null;
  return async (c) => {
    const method = c.req.method;
    const pathname = new URL(c.req.url).pathname;
    const acceptEncoding = c.req.header('accept-encoding');
    const { status, headers, body } = handle(method, pathname, acceptEncoding);
    const built = (answer: number) => new Response(body === null ? null : new Uint8Array(body), { status: answer, headers });
    let changed: Rewrite = null;
    try {
      const site = sitePath(pathname);
      changed = rewrite && site !== null && (method === 'GET' || method === 'HEAD') ? await rewrite(site, status, c.var.deps.store.db) : null;
    } catch (error) {
      c.var.deps.log({ time: new Date().toISOString(), level: 'error', path: pathname, error: error instanceof Error ? error.message : String(error) });
      // The build still serves while the database fails; a page it lacks may be a post the
      // database cannot be asked about, so "try later" (503), never "gone" (404).
      return built(status === 404 ? 503 : status);
    }
    if (!changed) return built(status);
    const { 'Content-Encoding': _encoding, 'Content-Length': _length, ...kept } = headers;
    const gzip = /gzip/.test(String(acceptEncoding));
    const bytes = gzip ? zlib.gzipSync(changed.body) : Buffer.from(changed.body);
    return new Response(method === 'HEAD' ? null : new Uint8Array(bytes), {
      status: changed.status,
      headers: gzip ? { ...kept, 'Content-Encoding': 'gzip' } : kept,
    });
  };
}
