/**
 * The admin API: sign-in, session, and the leads every visitor sent (list, filter, review,
 * delete, clear, CSV), with each lead's notifications (deliveries, "Send again") and the Spam
 * list (list, move back). Every route but login needs an admin session; every route refuses a
 * foreign Origin, and mutating ones also a missing Origin.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { toCsv } from '@/domain/csv';
import { APPLICATION_STATUSES, COLLECTIONS, isApplicationCollection, type Collection } from '@/domain/records';
import { csvFileName } from '@/domain/csv';
import { loginHandler, requireSession } from '../auth/login';
import { endSession, readSession } from '../auth/sessions';
import type { AppContext, Env } from '../context';
import { clearLeads, clearSpamMark, deleteLead, getLead, listLeads, reviewLead, type StoredLead } from '../db/leads';
import { limitBody } from '../http/body-limit';
import { HttpError, readJsonObject, rejectUnknownKeys } from '../http/json';
import { originGuard } from '../http/origin-guard';
import { wholeNumber } from '../http/query';
import { deliveriesOf, queueLeadNotifications, requeueLeadNotifications, type Delivery } from '../notify/outbox';
import { NOTIFICATIONS_OFF } from '../notify/worker';
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
  { method: 'POST', path: '/api/admin/leads/GB-22222222/not-spam' },
  { method: 'POST', path: '/api/admin/leads/GB-22222222/notify' },
  { method: 'GET', path: '/api/admin/notifications' },
  { method: 'POST', path: '/api/admin/posts' },
  { method: 'DELETE', path: '/api/admin/posts/1001' },
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

/** The leads with their deliveries on the configured channels, as the dashboard shows them. */
async function withDeliveries(c: AppContext, leads: StoredLead[]): Promise<(StoredLead & { deliveries: Delivery[] })[]> {
  const { store, notify = NOTIFICATIONS_OFF } = c.var.deps;
  const deliveries = await deliveriesOf(
    store.db,
    leads.map((lead) => lead.id),
    notify.channels,
  );
  return leads.map((lead) => ({ ...lead, deliveries: deliveries.get(lead.id) ?? [] }));
}

function spamParam(value: string | undefined): 'exclude' | 'only' {
  if (value === undefined || value === '') return 'exclude';
  if (value !== 'only') throw new HttpError(400, '"spam" must be "only" (the Spam list), or left out (every other lead)');
  return value;
}

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
      spam: spamParam(c.req.query('spam')),
      limit: wholeNumber(c.req.query('limit'), 'limit', { fallback: LIST_MAX, max: LIST_MAX }),
      offset: wholeNumber(c.req.query('offset'), 'offset', { fallback: 0, max: Number.MAX_SAFE_INTEGER }),
    });
    return c.json({ leads: await withDeliveries(c, leads) });
  });

  guarded.get('/notifications', (c) => c.json((c.var.deps.notify ?? NOTIFICATIONS_OFF).status));

  // Out of the Spam list, into the leads: notified as if it had just arrived.
  guarded.post('/leads/:id/not-spam', async (c) => {
    const { store, notify, now } = c.var.deps;
    const id = leadId(c.req.param('id'));
    const moved = await store.db.transaction().execute(async (trx) => {
      if (!(await clearSpamMark(trx, id))) return false;
      await queueLeadNotifications(trx, id, now());
      return true;
    });
    if (!moved) {
      if (!(await getLead(store.db, id))) throw new HttpError(404, 'No lead with this id');
      throw new HttpError(409, 'This lead is not in the Spam list');
    }
    notify?.wake();
    const lead = await getLead(store.db, id);
    if (!lead) throw new HttpError(404, 'No lead with this id');
    const [shown] = await withDeliveries(c, [lead]);
    return c.json({ lead: shown });
  });

  // "Send again": a new message on every configured channel, whatever became of the last one.
  guarded.post('/leads/:id/notify', async (c) => {
    const { store, notify = NOTIFICATIONS_OFF, now } = c.var.deps;
    const lead = await getLead(store.db, leadId(c.req.param('id')));
    if (!lead) throw new HttpError(404, 'No lead with this id');
    if (notify.channels.length === 0) {
      throw new HttpError(409, 'No notification is configured: set SMTP_URL, LEAD_NOTIFY_TO and LEAD_NOTIFY_FROM, or LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET');
    }
    if (lead.spam) throw new HttpError(409, 'This lead is in the Spam list: move it back to the leads first (that notifies)');
    await requeueLeadNotifications(store.db, lead.id, notify.channels, now());
    notify.wake();
    const [shown] = await withDeliveries(c, [lead]);
    return c.json({ lead: shown }, 202);
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
    const [shown] = await withDeliveries(c, [lead]);
    return c.json({ lead: shown });
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
  app.route('/', guarded);
  return app;
}
