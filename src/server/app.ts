/**
 * The server as one Hono app: the API under /api and, when a build is given, the static site for
 * every other path. main.ts runs it on Node; the tests call app.request() on it directly.
 */
import { Hono } from 'hono';
import { adminRoutes } from './api/admin';
import { beaconRoutes } from './api/beacons';
import { investorRoutes } from './api/investors';
import { leadRoutes } from './api/leads';
import { publicPostRoutes } from './api/posts';
import type { Deps, Env } from './context';
import { databaseFailure } from './db/failure';
import { createBeaconRecorder } from './beacons/recorder';
import { createBeaconService, type BeaconService } from './beacons/service';
import { createHealthProbe } from './db/health';
import { LEAD_PATH } from '@/shared/domain/lead-request';
import { API_SECURITY_HEADERS } from './http/api-headers';
import { HttpError } from './http/json';
import { requestLog } from './logging';
import { createRateLimiter } from './rate-limit';
import { memoryRateLimiter } from './rate-limit-memory';
import { mountSiteSearch, refreshSearchAfterPostChange, searchApiRoutes } from './search/routes';
import { createSiteSearch, POSTS_INDEX_PATH } from './search/site-search';
import { PageCache } from './site/page-cache';
import { staticSite } from './static';
import { errorMessage } from '../shared/error-message';

/** The beacon service of these dependencies, with its own recorder (server.ts makes one to share with its fast lane). */
export function beaconServiceFor(deps: Omit<Deps, 'beacons'>, recorder = createBeaconRecorder(deps.store.db, { now: deps.now, log: deps.log })): BeaconService {
  return createBeaconService({
    recorder,
    limit: deps.beaconRateLimitPerMinute,
    staticRoot: deps.staticRoot,
    siteOrigin: deps.siteOrigin,
    now: deps.now,
    log: deps.log,
  });
}

export function createApp(deps: Deps): Hono<Env> {
  const app = new Hono<Env>();
  const logError = (path: string, error: unknown) => deps.log({ time: new Date().toISOString(), level: 'error', path, error: errorMessage(error) });

  // The pages rendered from the database's posts, kept until a post changes: the admin API of
  // this server says so at once, the database's notifications for any server (site/page-cache.ts).
  const pages = deps.staticRoot && deps.siteRenderer ? new PageCache() : null;
  if (pages && deps.store.watchPosts) {
    deps.store
      .watchPosts((id) => pages.postChanged(id))
      .then(
        (watch) => pages.follow(watch),
        (error: unknown) => logError('/blog', new Error(`Pages of posts are rendered on every request: cannot watch the posts (${String(error)})`)),
      );
  }

  // Beacons first, ahead of the middleware every other request goes through: they are the one
  // route a page calls on every view, so they skip the per-request log line (a flood of them must
  // not fill the disk with logs; the beacon routes log a summary a minute) and carry their own
  // headers (api/beacons.ts).
  app.route('/api/beacons', beaconRoutes(deps, deps.beacons ?? beaconServiceFor(deps)));

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('pages', pages);
    await next();
  });
  app.use('*', requestLog());
  app.use('/api/*', async (c, next) => {
    // API answers are personal or change with every call: never cached, never sniffed. Set before
    // the handler, so the answer it makes (c.json, c.body) carries them; c.header() on a finished
    // answer makes the answer anew, which cost a share of every request's CPU.
    const setHeaders = (cacheControl: string) => {
      c.header('Cache-Control', cacheControl);
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) c.header(name, value);
    };
    setHeaders('no-store');
    await next();
    // An answer the handler made as a Response of its own (a photo) lacks them: added to it.
    if (!c.res.headers.has('X-Content-Type-Options')) setHeaders(c.res.headers.get('Cache-Control') ?? 'no-store');
  });

  const probe = createHealthProbe(deps.store, deps.now);
  app.get('/api/health', async (c) => {
    const error = await probe();
    if (error === null) return c.json({ ok: true, db: deps.store.kind });
    logError(c.req.path, error);
    const cause = databaseFailure(error)?.cause ?? 'it failed';
    return c.json({ ok: false, db: deps.store.kind, error: `The database cannot write: ${cause}` }, 503);
  });
  // One server alone opens a PGlite folder, so its count needs no database; servers on one
  // PostgreSQL share theirs there.
  const limiter = deps.store.kind === 'pglite' ? memoryRateLimiter(deps.rateLimitPerMinute) : createRateLimiter(deps.store.db, deps.rateLimitPerMinute);
  app.route(LEAD_PATH, leadRoutes(limiter));
  // The site search: its posts' index follows the admin's posts; its pages answer without script (search/).
  const search = deps.staticRoot ? createSiteSearch(deps.staticRoot, () => deps.store.db, { log: (error) => logError(POSTS_INDEX_PATH, error) }) : null;
  if (search) for (const posts of ['/api/admin/posts', '/api/admin/posts/*']) app.use(posts, refreshSearchAfterPostChange(search));
  if (search) app.route('/api/search', searchApiRoutes(search));
  // Another server's posts reach this one's search through the database's notifications.
  if (search && deps.store.watchPosts)
    deps.store
      .watchPosts(() => search.postsChangedElsewhere())
      .then(
        (watch) => search.follow(watch),
        (error: unknown) =>
          logError(
            POSTS_INDEX_PATH,
            new Error(`Posts changed through another server reach this one's search within 10 s only: cannot watch the posts (${String(error)})`),
          ),
      );
  app.route('/api/admin', adminRoutes());
  app.route('/api/investors', investorRoutes());
  app.route('/api/posts', publicPostRoutes());
  app.all('/api/*', () => {
    throw new HttpError(404, 'No such API route');
  });
  app.all('/api', () => {
    throw new HttpError(404, 'No such API route');
  });

  if (search && deps.staticRoot) mountSiteSearch(app, search, deps.staticRoot);
  if (deps.staticRoot) app.all('*', staticSite(deps.staticRoot, deps.siteRenderer && pages ? { renderer: deps.siteRenderer, pages } : null));

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json({ error: error.message, ...error.extra }, error.status);
    }
    logError(new URL(c.req.url).pathname, error);
    const failure = databaseFailure(error);
    if (failure?.status === 503) {
      // A database that cannot work now (full disk, read-only, gone) is the server's state, not a bug.
      c.header('Retry-After', '30');
      return c.json({ error: `The database cannot be used right now (${failure.cause}); try again later` }, 503);
    }
    if (failure?.status === 400) return c.json({ error: `A value in this request cannot be stored: ${failure.cause}` }, 400);
    return c.json({ error: 'The server failed to handle this request; try again later' }, 500);
  });
  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  return app;
}
