/**
 * The server as one Hono app: the API under /api and, when a build is given, the static site for
 * every other path. main.ts runs it on Node; the tests call app.request() on it directly.
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import { adminRoutes } from './api/admin';
import { investorRoutes } from './api/investors';
import { leadRoutes } from './api/leads';
import { publicPostRoutes } from './api/posts';
import type { Deps, Env } from './context';
import { HttpError } from './http/json';
import { requestLog } from './logging';
import { staticSite } from './static';

export function createApp(deps: Deps): Hono<Env> {
  const app = new Hono<Env>();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', requestLog());
  app.use('/api/*', async (c, next) => {
    await next();
    // API answers are personal or change with every call: never cached, never sniffed.
    c.header('Cache-Control', c.res.headers.get('Cache-Control') ?? 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
  });

  app.get('/api/health', async (c) => {
    try {
      await sql`select 1`.execute(deps.store.db);
      return c.json({ ok: true, db: deps.store.kind });
    } catch {
      return c.json({ ok: false, db: deps.store.kind, error: 'The database does not answer' }, 503);
    }
  });
  app.route('/api/leads', leadRoutes(deps.rateLimitPerMinute));
  app.route('/api/admin', adminRoutes());
  app.route('/api/investors', investorRoutes());
  app.route('/api/posts', publicPostRoutes());
  app.all('/api/*', () => {
    throw new HttpError(404, 'No such API route');
  });
  app.all('/api', () => {
    throw new HttpError(404, 'No such API route');
  });

  if (deps.staticRoot) app.all('*', staticSite(deps.staticRoot, deps.siteRenderer ?? null));

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json({ error: error.message, ...error.extra }, error.status);
    }
    deps.log({
      time: new Date().toISOString(),
      level: 'error',
      path: new URL(c.req.url).pathname,
      error: error instanceof Error ? error.message : String(error),
    });
    return c.json({ error: 'The server failed to handle this request; try again later' }, 500);
  });
  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  return app;
}
