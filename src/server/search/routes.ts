/**
 * The site search's routes on the server (site-search.ts): the search pages with `?q=` answered
 * with their results, the posts' index under /pagefind-posts/, and, after the admin adds or
 * removes a post, the posts' index made again before the admin's answer goes out.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import { createStaticHandler } from '@/build/hosting/static-server';
import type { Env } from '../context';
import { POSTS_INDEX_PATH, type SiteSearch } from './site-search';
import { errorMessage } from '../../shared/error-message';

/** The longest query answered; longer ones are cut (no title or answer needs more). */
export const MAX_QUERY = 200;

function logError(c: Parameters<MiddlewareHandler<Env>>[0], error: unknown): void {
  c.var.deps.log({ time: new Date().toISOString(), level: 'error', path: c.req.path, error: errorMessage(error) });
}

/** After a post is added or removed in the admin (a 2xx answer to a POST or DELETE), the posts' index is made again. */
export function refreshSearchAfterPostChange(search: SiteSearch): MiddlewareHandler<Env> {
  return async (c, next) => {
    await next();
    if ((c.req.method !== 'POST' && c.req.method !== 'DELETE') || c.res.status >= 300) return;
    // The post is stored either way: a failed index only leaves it out of the search until the next change.
    await search.postsChanged().catch((error: unknown) => logError(c, error));
  };
}

export function mountSiteSearch(app: Hono<Env>, search: SiteSearch, root: string): void {
  const built = createStaticHandler(root);
  app.get(`${POSTS_INDEX_PATH}*`, async (c) => {
    const file = c.req.path.slice(POSTS_INDEX_PATH.length);
    const bytes = await search.postsFile(file).catch((error: unknown) => {
      logError(c, error);
      return null;
    });
    if (!bytes) return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    const type = file.endsWith('.json') ? 'application/json' : 'application/octet-stream';
    // Changes with every post: asked again each time (Pagefind adds a timestamp to its entry file anyway).
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': type, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
  });
  app.get('*', async (c, next) => {
    const query = c.req.query('q');
    if (query === undefined || !query.trim()) return next();
    let html: string | null;
    try {
      html = await search.page(c.req.path, query.slice(0, MAX_QUERY));
    } catch (error) {
      // The built page still answers: its script searches in the browser.
      logError(c, error);
      return next();
    }
    if (html === null) return next();
    const { headers } = built.lookup('GET', c.req.path, undefined);
    const { 'Content-Encoding': _encoding, 'Content-Length': _length, ...kept } = headers;
    const body = new Uint8Array(Buffer.from(html));
    return new Response(body, { status: 200, headers: { ...kept, 'Content-Length': String(body.length), 'Cache-Control': 'no-cache' } });
  });
}
