/**
 * GET /api/admin/leads/:id/buyer (admin session required, see admin.ts): the buyer of the lead,
 * computed from the stored leads (db/buyers.ts): every live quote request, sample request and
 * partnership application of theirs, newest first, and the activity on them, oldest first.
 */
import { Hono } from 'hono';
import type { Env } from '../context';
import { buyerOf } from '../db/buyers';
import { HttpError } from '../http/json';
import { LEAD_ID_PATTERN } from '@/shared/domain/lead-request';

export function buyerRoutes(): Hono<Env> {
  const app = new Hono<Env>();

  app.get('/leads/:id/buyer', async (c) => {
    const id = c.req.param('id');
    // Anything but a reference names no lead, and never reaches the database.
    if (!LEAD_ID_PATTERN.test(id)) throw new HttpError(404, 'No lead with this id');
    const buyer = await buyerOf(c.var.deps.store.db, id);
    if (buyer === null) throw new HttpError(404, 'No lead with this id');
    if (buyer === 'other') {
      throw new HttpError(
        404,
        'This lead is not a buyer’s: only quote requests, sample requests and partnership applications outside the Spam list have a buyer page',
      );
    }
    return c.json({ buyer });
  });

  return app;
}
