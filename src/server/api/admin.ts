/**
 * The admin API: sign-in, session, and the leads every visitor sent (list, filter, review,
 * delete, clear, CSV). Every route but login needs an admin session; every route refuses a
 * foreign Origin, and mutating ones also a missing Origin.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { toCsv } from '@/domain/csv';
import { APPLICATION_STATUSES, COLLECTIONS, isApplicationCollection, type Collection } from '@/domain/records';
import { csvFileName } from '@/domain/csv';
import { loginHandler, requireSession } from '../auth/login';
import { endSession, readSession } from '../auth/sessions';
import type { Env } from '../context';
import { clearLeads, deleteLead, getLead, listLeads, reviewLead } from '../db/leads';
import { limitBody } from '../http/body-limit';
import { HttpError, readJsonObject, rejectUnknownKeys } from '../http/json';
import { originGuard } from '../http/origin-guard';
import { wholeNumber } from '../http/query';
import { accountRoutes } from './accounts';
import { ID_PATTERN } from './lead-body';
import { adminPostRoutes } from './posts';

/** Every admin route, with an example path: the tests walk this table to prove each is guarded. */
export const ADMIN_ROUTES = [
  { method: 'POST', path: '/api/admin/logout' },
  { method: 'GET', path: '/api/admin/session' },
  { method: 'GET', path: '/api/admin/leads' },
  { method: 'GET', path: '/api/admin/leads.csv?type=contactEnquiries' },
  { method: 'PATCH', path: '/api/admin/leads/GB-22222222' },
  { method: 'DELETE', path: '/api/admin/leads/GB-22222222' },
  { method: 'DELETE', path: '/api/admin/leads?type=contactEnquiries' },
  { method: 'POST', path: '/api/admin/posts' },
  { method: 'DELETE', path: '/api/admin/posts/1001' },
  { method: 'GET', path: '/api/admin/accounts' },
  { method: 'POST', path: '/api/admin/accounts' },
  { method: 'DELETE', path: '/api/admin/accounts/someone%40company.example' },
] as const;

const SLUGS: Record<Collection, string> = {
  contactEnquiries: 'contact-enquiries',
  sampleRequests: 'sample-requests',
  jobApplications: 'job-applications',
  partnershipApplications: 'partnership-applications',
  investorInterests: 'investor-interests',
};

const NOTES_MAX = 5000;
const LIST_MAX = 1000;

function typeParam(value: string | undefined, required: boolean): Collection | undefined {
  if (value === undefined || value === '') {
    if (required) throw new HttpError(400, `Give ?type= one of ${COLLECTIONS.join(', ')}`);
    return undefined;
  }
  if (!(COLLECTIONS as readonly string[]).includes(value)) throw new HttpError(400, `"type" must be one of ${COLLECTIONS.join(', ')}`);
  return value as Collection;
}

/** A lead's id from the path: anything but a reference (a NUL, say) names no lead, and never reaches the database. */
function leadId(raw: string): string {
  if (!ID_PATTERN.test(raw)) throw new HttpError(404, 'No lead with this id');
  return raw;
}

const Review = v.object({
  status: v.optional(v.picklist(APPLICATION_STATUSES, `"status" must be one of ${APPLICATION_STATUSES.join(', ')}`)),
  notes: v.optional(v.pipe(v.string('"notes" must be text'), v.maxLength(NOTES_MAX, `Shorten the notes to ${NOTES_MAX} characters or fewer`))),
});

export function adminRoutes(): Hono<Env> {
  const app = new Hono<Env>();
  app.use('*', originGuard({ requireOnMutations: true }), limitBody(256 * 1024));

  app.post('/login', loginHandler('admin'));

  const guarded = new Hono<Env>();
  guarded.use('*', requireSession('admin'));

  guarded.post('/logout', async (c) => {
    await endSession(c, 'admin');
    return c.json({ signedIn: false });
  });

  guarded.get('/session', async (c) => {
    const session = await readSession(c, 'admin');
    return c.json({ signedIn: true, username: c.var.subject, expiresAt: session?.expiresAt.toISOString() });
  });

  guarded.get('/leads', async (c) => {
    const status = c.req.query('status');
    if (status !== undefined && status !== '' && !(APPLICATION_STATUSES as readonly string[]).includes(status)) {
      throw new HttpError(400, `"status" must be one of ${APPLICATION_STATUSES.join(', ')}`);
    }
    const leads = await listLeads(c.var.deps.store.db, {
      type: typeParam(c.req.query('type'), false),
      status: status ? (status as (typeof APPLICATION_STATUSES)[number]) : undefined,
      limit: wholeNumber(c.req.query('limit'), 'limit', { fallback: LIST_MAX, max: LIST_MAX }),
      offset: wholeNumber(c.req.query('offset'), 'offset', { fallback: 0, max: Number.MAX_SAFE_INTEGER }),
    });
    return c.json({ leads });
  });

  guarded.get('/leads.csv', async (c) => {
    const type = typeParam(c.req.query('type'), true) as Collection;
    // Every record of the type: a CSV export is the admin's copy, so no page limit.
    const leads = await listLeads(c.var.deps.store.db, { type, limit: Number.MAX_SAFE_INTEGER, offset: 0 });
    const records = leads.map(({ type: _type, page: _page, receivedAt: _received, ...record }) => record);
    // The byte-order mark makes spreadsheet programs read the file as UTF-8, as the dashboard's download does.
    return c.body(`\uFEFF${toCsv(records)}`, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csvFileName(SLUGS[type], c.var.deps.now())}"`,
    });
  });

  guarded.patch('/leads/:id', async (c) => {
    const body = await readJsonObject(c);
    rejectUnknownKeys(body, ['status', 'notes'], 'the review');
    const parsed = v.safeParse(Review, body);
    if (!parsed.success) throw new HttpError(400, parsed.issues[0].message);
    const update = parsed.output;
    if (update.status === undefined && update.notes === undefined) throw new HttpError(400, 'Send "status", "notes" or both');
    const { db } = c.var.deps.store;
    const current = await getLead(db, leadId(c.req.param('id')));
    if (!current) throw new HttpError(404, 'No lead with this id');
    if (update.status !== undefined && !isApplicationCollection(current.type)) {
      throw new HttpError(409, 'Only job and partnership applications have a status');
    }
    const lead = await reviewLead(db, current.id, update, c.var.deps.now());
    if (!lead) throw new HttpError(404, 'No lead with this id');
    return c.json({ lead });
  });

  guarded.delete('/leads/:id', async (c) => {
    if (!(await deleteLead(c.var.deps.store.db, leadId(c.req.param('id'))))) throw new HttpError(404, 'No lead with this id');
    return c.body(null, 204);
  });

  guarded.delete('/leads', async (c) => {
    const type = typeParam(c.req.query('type'), true) as Collection;
    return c.json({ deleted: await clearLeads(c.var.deps.store.db, type) });
  });

  guarded.route('/posts', adminPostRoutes());
  guarded.route('/accounts', accountRoutes());
  app.route('/', guarded);
  return app;
}
