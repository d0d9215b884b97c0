/**
 * The site search's routes on the server (site-search.ts): the search pages with `?q=` answered
 * with their results, the results alone for the browser's script (GET /api/search), the posts'
 * index under /pagefind-posts/, and, after the admin adds or removes a post, the posts' index made
 * again before the admin's answer goes out.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { createStaticHandler } from '@/build/hosting/static-server';
import { SHOWN_RESULTS } from '@/shared/domain/search/search-limits';
import type { Env } from '../context';
import { servedHeaders } from '../static';
import { HttpError } from '../http/json';
import { wholeNumber } from '../http/query';
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

/**
 * GET /api/search?lang=<code>&q=<query>[&shown=<n>]: the results as JSON (`{ hits, total,
 * corrected }`, as run-search.ts makes them), from the same index and ranking as the search pages.
 * Cached by nobody: a post added in the admin changes them.
 */
export function searchApiRoutes(search: SiteSearch): Hono<Env> {
  const api = new Hono<Env>();
  api.get('/', async (c) => {
    const code = c.req.query('lang') ?? '';
    if (!search.languages.includes(code)) throw new HttpError(400, `"lang" must be one of ${[...search.languages].sort().join(', ')}`);
    const query = (c.req.query('q') ?? '').slice(0, MAX_QUERY);
    if (!query.trim()) throw new HttpError(400, '"q" must hold the words to search for');
    const shown = wholeNumber(c.req.query('shown'), 'shown', { fallback: SHOWN_RESULTS, min: 1, max: SHOWN_RESULTS });
    const outcome = await search.answer(code, query, shown).catch((error: unknown) => {
      logError(c, error);
      throw new HttpError(503, 'The search cannot answer right now; try again in a moment');
    });
    if (!outcome) throw new HttpError(404, `The search has no words for "${code}"`);
    return c.json(outcome);
  });
  return api;
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
    const { 'Content-Encoding': _encoding, 'Content-Length': _length, ...kept } = servedHeaders(built.lookup('GET', c.req.path, undefined).headers);
    const body = new Uint8Array(Buffer.from(html));
    return new Response(body, { status: 200, headers: { ...kept, 'Content-Length': String(body.length), 'Cache-Control': 'no-cache' } });
  });
}
