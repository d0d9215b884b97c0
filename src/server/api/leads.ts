/**
 * POST /api/leads: the lead endpoint the site's forms post to (src/server/README.md, "Lead endpoint"
 * contract). Idempotent on the submission id: a retry answers 200 with the same id and stores
 * nothing new. A new lead's notifications are queued in the statement that stores it and the worker woken;
 * a lead the screening shows as a bot's is stored in the Spam list with no notification, and its
 * sender gets the same answer as anyone. CORS is answered for the site's origin only.
 */
import { Hono, type Context } from 'hono';
import type { Env } from '../context';
import { insertLead } from '../db/leads';
import { limitBody } from '../http/body-limit';
import { HttpError, readJsonObject } from '../http/json';
import { originGuard } from '../http/origin-guard';
import { clientAddress, originVerdict, siteOrigin } from '../http/request';
import { storeLeadWithNotifications } from '../notify/outbox';
import type { RateLimiter } from '../rate-limit';
import { parseLeadBody } from './lead-body';

const LEAD_BODY_LIMIT = 32 * 1024;

/** `Sec-GPC: 1` (Global Privacy Control) or `DNT: 1` (Do Not Track). */
function asksNotToBeMeasured(c: Context<Env>): boolean {
  return c.req.header('sec-gpc')?.trim() === '1' || c.req.header('dnt')?.trim() === '1';
}

export function leadRoutes(limiter: RateLimiter): Hono<Env> {
  const app = new Hono<Env>();

  app.options('/', (c) => {
    if (originVerdict(c) !== 'same') throw new HttpError(403, 'Cross-origin posts are accepted from the site’s origin only');
    return c.body(null, 204, {
      'Access-Control-Allow-Origin': siteOrigin(c),
      'Access-Control-Allow-Methods': 'POST',
      'Access-Control-Allow-Headers': 'Content-Type',
      'Access-Control-Max-Age': '600',
      Vary: 'Origin',
    });
  });

  app.post(
    '/',
    originGuard({ requireOnMutations: false }),
    async (c, next) => {
      // Counted before the body is read, so a flood costs us as little as possible.
      const retryAfter = await limiter.hit(clientAddress(c), c.var.deps.now());
      if (retryAfter !== null) {
        throw new HttpError(429, `Too many submissions from your address. Try again in ${retryAfter} seconds.`, { 'Retry-After': String(retryAfter) });
      }
      if (originVerdict(c) === 'same') {
        c.header('Access-Control-Allow-Origin', siteOrigin(c));
        c.header('Vary', 'Origin');
      }
      await next();
    },
    limitBody(LEAD_BODY_LIMIT),
    async (c) => {
      const { deps } = c.var;
      const now = deps.now();
      // Dated by this server's clock, now: the browser's time is only kept beside it (lead-body.ts).
      const parsed = parseLeadBody(await readJsonObject(c), deps.leadForms, now);
      // A browser that sends Global Privacy Control or Do Not Track has asked not to be measured:
      // whatever a client sent anyway, the lead is kept without where the visit came from.
      const lead = asksNotToBeMeasured(c) ? { ...parsed, attribution: null } : parsed;
      // Spam is kept without notifications; any other lead is stored with its notifications queued.
      const created = lead.spam ? await insertLead(deps.store.db, lead) : await storeLeadWithNotifications(deps.store.db, lead, now);
      if (created && !lead.spam) deps.notify?.wake();
      return c.json({ id: lead.id, stored: created ? 'new' : 'already stored' }, created ? 201 : 200);
    },
  );

  return app;
}
