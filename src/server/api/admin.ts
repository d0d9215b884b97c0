/**
 * The admin API: sign-in, session, and the leads every visitor sent (list, filter, review,
 * notes and calls, delete and undo, clear, CSV), with each lead's notifications (deliveries, "Send
 * again") and the Spam list (list, move in, move back). A change names the lead's version it was
 * made from (PATCH's "version", ?version= on the others) and is refused with 409, naming who
 * changed the lead last and when, if the lead has changed since. Every route but login needs an
 * admin session; every route refuses a foreign Origin, and mutating ones also a missing Origin.
 * A lead has an owner (PATCH's "assignedTo"): the new owner is e-mailed unless they took it
 * themselves, and status, owner and note/call changes send a signed lead.updated webhook
 * (notify/notices.ts). ADMIN_ONLY_ROUTES answer a sales account 403 (auth/roles.ts).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { csvFileName, toCsv } from '@/shared/domain/csv';
import { FOLLOW_UP_MAX, FOLLOW_UP_MIN, isFollowUpDate } from '@/shared/domain/sales-pipeline';
import { isBuyerCollection, isPipelineCollection, LEAD_STATUSES, statusesOf, type Collection } from '@/shared/domain/records';
import { LOGIN_BODY_MAX, loginHandler, requireSession } from '../auth/login';
import { endSession, readSession } from '../auth/sessions';
import { requireAdmin, roleOf } from '../auth/roles';
import type { AppContext, Env } from '../context';
import { addLeadEntry, entriesOf, entriesText, listLeadEntries } from '../db/lead-entries';
import {
  clearLeads,
  getLead,
  listActivity,
  listLeads,
  moveSpam,
  RESTORE_DAYS,
  restoreLead,
  softDeleteLead,
  StaleLead,
  updateLead,
  type StoredLead,
} from '../db/leads';
import { limitBody } from '../http/body-limit';
import { HttpError, readJsonObject, rejectUnknownKeys } from '../http/json';
import { parseBody } from '../http/body-schema';
import { originGuard } from '../http/origin-guard';
import { unstorableCharacter } from '../http/storable';
import { deliveriesOf, queueLeadNotifications, requeueLeadNotifications, type Delivery } from '../notify/outbox';
import { NOTIFICATIONS_OFF } from '../notify/worker';
import { accountRoutes } from './accounts';
import { buyerRoutes } from './buyer';
import { insightRoutes } from './insight';
import { LEAD_ID_PATTERN } from '@/shared/domain/lead-request';
import { parseLeadQuery, siteProducts, typesParam } from './lead-query';
import { parseOverviewQuery } from './overview-query';
import { leadOverview } from '../db/overview';
import { listAccounts } from '../db/accounts';
import { leadUpdatedPayload, listNotices, queueAssignedNotice, queueLeadUpdated } from '../notify/notices';
import { DEFAULT_TEAM_TIME_ZONE } from '../notify/settings';
import { teamClock } from '../notify/team-time';
import { adminCoverRoutes, adminPostRoutes } from './posts';

/**
 * The routes only an admin account may use (auth/roles.ts): the team, posts, clearing a list of
 * leads, and the site's A/B results and field data. Every other route is the sales desk's, open to
 * sales accounts too; the tests walk both tables.
 */
export const ADMIN_ONLY_ROUTES = [
  { method: 'DELETE', path: '/api/admin/leads?type=contactEnquiries' },
  { method: 'POST', path: '/api/admin/posts' },
  { method: 'DELETE', path: '/api/admin/posts/1001' },
  { method: 'PUT', path: '/api/admin/posts/1001/cover' },
  { method: 'DELETE', path: '/api/admin/posts/1001/cover' },
  { method: 'GET', path: '/api/admin/accounts' },
  { method: 'POST', path: '/api/admin/accounts' },
  { method: 'DELETE', path: '/api/admin/accounts/someone%40company.example' },
  { method: 'PATCH', path: '/api/admin/accounts/someone%40company.example' },
  { method: 'GET', path: '/api/admin/experiments' },
  { method: 'GET', path: '/api/admin/field-data' },
] as const;

/** The sales desk's routes, open to sales accounts too. */
const DESK_ROUTES = [
  { method: 'POST', path: '/api/admin/logout' },
  { method: 'GET', path: '/api/admin/session' },
  { method: 'GET', path: '/api/admin/leads' },
  { method: 'GET', path: '/api/admin/leads.csv?type=contactEnquiries' },
  { method: 'PATCH', path: '/api/admin/leads/GB-22222222' },
  { method: 'GET', path: '/api/admin/leads/GB-22222222' },
  { method: 'GET', path: '/api/admin/leads/GB-22222222/activity' },
  { method: 'GET', path: '/api/admin/leads/GB-22222222/entries' },
  { method: 'GET', path: '/api/admin/leads/GB-22222222/buyer' },
  { method: 'POST', path: '/api/admin/leads/GB-22222222/entries' },
  { method: 'DELETE', path: '/api/admin/leads/GB-22222222' },
  { method: 'POST', path: '/api/admin/leads/GB-22222222/restore' },
  { method: 'POST', path: '/api/admin/leads/GB-22222222/spam' },
  { method: 'POST', path: '/api/admin/leads/GB-22222222/not-spam' },
  { method: 'POST', path: '/api/admin/leads/GB-22222222/notify' },
  { method: 'GET', path: '/api/admin/notifications' },
  { method: 'GET', path: '/api/admin/overview' },
  { method: 'GET', path: '/api/admin/colleagues' },
  { method: 'GET', path: '/api/admin/notices' },
] as const;

/** Every admin route, with an example path: the tests walk this table to prove each is guarded. */
export const ADMIN_ROUTES = [...DESK_ROUTES, ...ADMIN_ONLY_ROUTES] as const;

const SLUGS: Record<Collection, string> = {
  contactEnquiries: 'contact-enquiries',
  sampleRequests: 'sample-requests',
  jobApplications: 'job-applications',
  partnershipApplications: 'partnership-applications',
  investorInterests: 'investor-interests',
};

/** The CSV file's name part for the buyers' two types exported together. */
const BUYERS_SLUG = 'buyers-leads';

const NOTES_MAX = 5000;

/** The one type of ?type= (clearing a list takes exactly one). */
function oneType(raw: string | undefined): Collection {
  const types = typesParam(raw, true);
  if (types.length > 1) throw new HttpError(400, 'Give ?type= one type only');
  return types[0] as Collection;
}

/** A lead's id from the path: anything but a reference (a NUL, say) names no lead, and never reaches the database. */
function leadId(raw: string): string {
  if (!LEAD_ID_PATTERN.test(raw)) throw new HttpError(404, 'No lead with this id');
  return raw;
}

/** The account a lead is given to: an account of the team, for a buyer's lead; null gives it to nobody. */
async function assignee(c: AppContext, type: Collection, raw: string | null): Promise<string | null> {
  if (!isBuyerCollection(type)) throw new HttpError(409, 'Only buyers’ leads (quote requests and sample requests) are given an owner');
  if (raw === null) return null;
  const name = raw.trim().toLowerCase();
  if (unstorableCharacter(name)) throw new HttpError(400, ASSIGN_MESSAGE);
  const account = await c.var.deps.store.db.selectFrom('accounts').select('name').where('name', '=', name).executeTakeFirst();
  if (!account) throw new HttpError(400, `"assignedTo": there is no account ${JSON.stringify(raw.slice(0, 100))}; give the lead to an account of the team`);
  return account.name;
}

const FOLLOW_UP_MESSAGE = `"followUp" must be a day from ${FOLLOW_UP_MIN} to ${FOLLOW_UP_MAX} written YYYY-MM-DD (a real date, like 2026-03-09), or null`;

const VERSION_MESSAGE = '"version" must be the lead’s version the change was made from: a whole number from 1';
/** The largest version accepted: PostgreSQL's integer. */
const VERSION_MAX = 2_147_483_647;

/** ?version=: the lead's version a change was made from, or undefined when none is given. */
function versionParam(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > VERSION_MAX) throw new HttpError(400, VERSION_MESSAGE);
  return Number(raw);
}

/** A change from a stale version answers 409 with who changed the lead last, when, and its version now. */
async function unlessStale<T>(change: Promise<T>): Promise<T> {
  try {
    return await change;
  } catch (error) {
    if (!(error instanceof StaleLead)) throw error;
    throw new HttpError(409, error.message, {}, { changedBy: error.changedBy, changedAt: error.changedAt, version: error.version });
  }
}

const ASSIGN_MESSAGE = '"assignedTo" must be the name of an account of the team (the e-mail address it signs in with), or null for nobody';

const ENTRY_MESSAGE = `"body" must be text of 1 to ${NOTES_MAX} characters, not only spaces`;
/** The entry's text is "body" in the request; the desk calls it the note or the call. */
const ENTRY_LABELS = { body: 'The note or call' };
const Entry = v.object({
  kind: v.picklist(['note', 'call'], '"kind" must be "note" or "call"'),
  body: v.pipe(
    v.string(ENTRY_MESSAGE),
    v.maxLength(NOTES_MAX, ENTRY_MESSAGE),
    v.check((text) => text.trim() !== '', ENTRY_MESSAGE),
  ),
});

const Review = v.object({
  version: v.optional(v.pipe(v.number(VERSION_MESSAGE), v.integer(VERSION_MESSAGE), v.minValue(1, VERSION_MESSAGE), v.maxValue(VERSION_MAX, VERSION_MESSAGE))),
  status: v.optional(v.picklist(LEAD_STATUSES, `"status" must be one of ${LEAD_STATUSES.join(', ')}`)),
  notes: v.optional(v.pipe(v.string('"notes" must be text'), v.maxLength(NOTES_MAX, `Shorten the notes to ${NOTES_MAX} characters or fewer`))),
  followUp: v.optional(v.nullable(v.pipe(v.string(FOLLOW_UP_MESSAGE), v.check(isFollowUpDate, FOLLOW_UP_MESSAGE)))),
  assignedTo: v.optional(v.nullable(v.pipe(v.string(ASSIGN_MESSAGE), v.maxLength(254, ASSIGN_MESSAGE)))),
});

/** The keys ownerFilter reads. */
const OWNER_KEYS = ['mine', 'due'];

/** The owner filters of the desk's list (?mine=1, ?due=today): the lead filter's part that needs the account and the team's day. */
function ownerFilter(c: AppContext): { assignedTo?: string; dueBy?: string } {
  const mine = c.req.query('mine');
  const due = c.req.query('due');
  if (mine !== undefined && mine !== '' && mine !== '1') throw new HttpError(400, '"mine" must be 1 (only the leads assigned to you), or left out');
  if (due !== undefined && due !== '' && due !== 'today')
    throw new HttpError(400, '"due" must be today (open leads to follow up today or earlier), or left out');
  const { now, teamTimeZone = DEFAULT_TEAM_TIME_ZONE } = c.var.deps;
  return {
    ...(mine === '1' ? { assignedTo: c.var.subject } : {}),
    // The team's day, not the server's: at 02:00 in Bengaluru it is still yesterday in UTC.
    ...(due === 'today' ? { dueBy: teamClock(now(), teamTimeZone).day } : {}),
  };
}

/** The channels a change may queue notices on: the configured ones. */
const noticeChannels = (c: AppContext) => c.var.deps.notify?.channels ?? [];

const TYPE_NAMES: Record<Collection, string> = {
  contactEnquiries: 'a quote request',
  sampleRequests: 'a sample request',
  jobApplications: 'a job application',
  partnershipApplications: 'a partnership application',
  investorInterests: 'an investor interest',
};

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
  app.use('*', originGuard({ requireOnMutations: true }));

  // The sign-in has its own small limit, not the dashboard's 256 KB (auth/login.ts).
  app.post('/login', limitBody(LOGIN_BODY_MAX), loginHandler('admin'));
  // A post's cover photo: a camera's photo needs more than the dashboard's 256 KB (posts.ts). Like
  // the posts themselves, an admin's alone.
  app.use('/posts/:id/cover', requireSession('admin'), requireAdmin('change a blog post’s cover'));
  app.route('/posts', adminCoverRoutes());

  const guarded = new Hono<Env>();
  guarded.use('*', limitBody(256 * 1024), requireSession('admin'));

  guarded.post('/logout', async (c) => {
    await endSession(c, 'admin');
    return c.json({ signedIn: false });
  });

  guarded.get('/session', async (c) => {
    const session = await readSession(c, 'admin');
    const role = await roleOf(c.var.deps.store.db, c.var.subject);
    return c.json({ signedIn: true, username: c.var.subject, role, expiresAt: session?.expiresAt.toISOString() });
  });

  guarded.get('/leads', async (c) => {
    const { deps } = c.var;
    const filter = parseLeadQuery(c.req.query(), siteProducts(deps.leadForms), deps.now(), { alsoTakes: [...OWNER_KEYS, 'spam'] });
    const query = { ...filter, spam: spamParam(c.req.query('spam')), ...ownerFilter(c) };
    const leads = await listLeads(deps.store.db, query);
    return c.json({ leads: await withDeliveries(c, leads) });
  });

  guarded.get('/notifications', (c) => c.json((c.var.deps.notify ?? NOTIFICATIONS_OFF).status));

  // The Overview: buyers' leads per week by kind, country, product and source, and the pipeline.
  guarded.get('/overview', async (c) => {
    const { deps } = c.var;
    const weeks = parseOverviewQuery(c.req.query(), deps.now());
    return c.json(await leadOverview(deps.store.db, weeks));
  });

  // Out of the Spam list, into the leads: notified as if it had just arrived.
  guarded.post('/leads/:id/not-spam', async (c) => {
    const { store, notify, now } = c.var.deps;
    const id = leadId(c.req.param('id'));
    const version = versionParam(c.req.query('version'));
    const at = now();
    const moved = await unlessStale(
      store.db.transaction().execute(async (trx) => {
        const result = await moveSpam(trx, id, 'cleared', c.var.subject, at, version);
        if (result === 'moved') await queueLeadNotifications(trx, id, at);
        return result;
      }),
    );
    if (moved === 'absent') throw new HttpError(404, 'No lead with this id');
    if (moved === 'unmoved') throw new HttpError(409, 'This lead is not in the Spam list');
    notify?.wake();
    const lead = await getLead(store.db, id);
    if (!lead) throw new HttpError(404, 'No lead with this id');
    const [shown] = await withDeliveries(c, [lead]);
    return c.json({ lead: shown });
  });

  // Into the Spam list by hand: it leaves the lists, the CSV and the Overview; "Not spam" moves it back.
  guarded.post('/leads/:id/spam', async (c) => {
    const { db } = c.var.deps.store;
    const id = leadId(c.req.param('id'));
    const version = versionParam(c.req.query('version'));
    const moved = await unlessStale(db.transaction().execute((trx) => moveSpam(trx, id, 'marked', c.var.subject, c.var.deps.now(), version)));
    if (moved === 'absent') throw new HttpError(404, 'No lead with this id');
    if (moved === 'unmoved') throw new HttpError(409, 'This lead is already in the Spam list');
    const lead = await getLead(db, id);
    if (!lead) throw new HttpError(404, 'No lead with this id');
    return c.json({ lead });
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
    const { deps } = c.var;
    const filter = parseLeadQuery(c.req.query(), siteProducts(deps.leadForms), deps.now(), { typeRequired: true, alsoTakes: OWNER_KEYS });
    // Every record that matches: a CSV export is the admin's copy, so no page limit.
    const leads = await listLeads(deps.store.db, { ...filter, ...ownerFilter(c), limit: Number.MAX_SAFE_INTEGER, offset: 0 });
    // A buyer's lead's or a partnership application's notes are its entries (the desk writes no other); a job application's, its review notes.
    const entries = await entriesOf(
      deps.store.db,
      leads.filter((lead) => isPipelineCollection(lead.type)).map((lead) => lead.id),
    );
    const records = leads.map(({ type, page: _page, receivedAt: _received, version: _version, ...record }) =>
      isPipelineCollection(type) ? { ...record, notes: entriesText(entries.get(record.id) ?? []) } : record,
    );
    const slug = filter.types.length === 1 ? SLUGS[filter.types[0] as Collection] : filter.types.every(isBuyerCollection) ? BUYERS_SLUG : 'leads';
    // The byte-order mark makes spreadsheet programs read the file as UTF-8, as the dashboard's download does.
    return c.body(`\uFEFF${toCsv(records)}`, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csvFileName(slug, deps.now())}"`,
    });
  });

  guarded.patch('/leads/:id', async (c) => {
    const body = await readJsonObject(c);
    rejectUnknownKeys(body, ['status', 'notes', 'followUp', 'assignedTo', 'version'], 'the change');
    const update = parseBody(Review, body);
    if (update.status === undefined && update.notes === undefined && update.followUp === undefined && update.assignedTo === undefined) {
      throw new HttpError(400, 'Send "status", "notes", "followUp", "assignedTo" or more than one');
    }
    const { db } = c.var.deps.store;
    const current = await getLead(db, leadId(c.req.param('id')));
    if (!current) throw new HttpError(404, 'No lead with this id');
    const allowed = statusesOf(current.type);
    if (update.status !== undefined && !allowed.includes(update.status)) {
      throw new HttpError(
        409,
        allowed.length
          ? `"${update.status}" is not a status of ${TYPE_NAMES[current.type]}: use one of ${allowed.join(', ')}`
          : `${TYPE_NAMES[current.type].charAt(0).toUpperCase()}${TYPE_NAMES[current.type].slice(1)} has no status`,
      );
    }
    if (update.followUp !== undefined && !isPipelineCollection(current.type)) {
      throw new HttpError(409, 'Only buyers’ leads (quote requests and sample requests) and partnership applications have a follow-up date');
    }
    const { version, ...changes } = update;
    if (changes.assignedTo !== undefined) changes.assignedTo = await assignee(c, current.type, changes.assignedTo);
    const by = c.var.subject;
    const channels = noticeChannels(c);
    const lead = await unlessStale(
      updateLead(db, current.id, changes, by, c.var.deps.now(), version, async (trx, changed, change) => {
        const at = c.var.deps.now();
        if (change.owner) await queueAssignedNotice(trx, { lead: changed, to: change.owner.to, by, now: at, channels });
        await queueLeadUpdated(trx, leadUpdatedPayload(changed, by, at, change), at, channels);
      }),
    );
    c.var.deps.notify?.wakeNotices();
    if (!lead) throw new HttpError(404, 'No lead with this id');
    const [shown] = await withDeliveries(c, [lead]);
    return c.json({ lead: shown });
  });

  guarded.get('/leads/:id', async (c) => {
    const lead = await getLead(c.var.deps.store.db, leadId(c.req.param('id')));
    if (!lead) throw new HttpError(404, 'No lead with this id');
    const [shown] = await withDeliveries(c, [lead]);
    return c.json({ lead: shown });
  });

  // Notes and calls: only ever added, never edited, so two colleagues' entries never overwrite each other.
  guarded.post('/leads/:id/entries', async (c) => {
    const id = leadId(c.req.param('id'));
    const body = await readJsonObject(c);
    rejectUnknownKeys(body, ['kind', 'body'], 'the entry');
    const given = parseBody(Entry, body, ENTRY_LABELS);
    const at = c.var.deps.now();
    const channels = noticeChannels(c);
    const entry = await addLeadEntry(c.var.deps.store.db, id, { author: c.var.subject, ...given }, at, async (trx, added) => {
      const lead = await getLead(trx, id);
      if (lead) await queueLeadUpdated(trx, leadUpdatedPayload(lead, added.author, at, { entry: { kind: added.kind, id: added.id } }, added), at, channels);
    });
    if (!entry) throw new HttpError(404, 'No lead with this id');
    c.var.deps.notify?.wakeNotices();
    return c.json({ entry }, 201);
  });

  guarded.get('/leads/:id/entries', async (c) => {
    const entries = await listLeadEntries(c.var.deps.store.db, leadId(c.req.param('id')));
    if (!entries) throw new HttpError(404, 'No lead with this id');
    return c.json({ entries });
  });

  guarded.get('/leads/:id/activity', async (c) => {
    const activity = await listActivity(c.var.deps.store.db, leadId(c.req.param('id')));
    if (!activity) throw new HttpError(404, 'No lead with this id');
    return c.json({ activity });
  });

  // Undoable: the lead is kept, hidden, and POST …/restore brings it back within RESTORE_DAYS.
  guarded.delete('/leads/:id', async (c) => {
    const id = leadId(c.req.param('id'));
    const version = versionParam(c.req.query('version'));
    if (!(await unlessStale(softDeleteLead(c.var.deps.store.db, id, c.var.subject, c.var.deps.now(), version))))
      throw new HttpError(404, 'No lead with this id');
    return c.body(null, 204);
  });

  guarded.post('/leads/:id/restore', async (c) => {
    const restored = await restoreLead(c.var.deps.store.db, leadId(c.req.param('id')), c.var.subject, c.var.deps.now());
    if (restored === 'absent') throw new HttpError(404, `No lead with this id was deleted in the last ${RESTORE_DAYS} days`);
    if (restored === 'live') throw new HttpError(409, 'This lead is not deleted');
    const [shown] = await withDeliveries(c, [restored]);
    return c.json({ lead: shown });
  });

  guarded.delete('/leads', requireAdmin('clear a whole list of leads'), async (c) => {
    return c.json({ deleted: await clearLeads(c.var.deps.store.db, oneType(c.req.query('type'))) });
  });

  // Who a lead can be given to: every account's name and role, for sales accounts too (the Team list is admins').
  guarded.get('/colleagues', async (c) => {
    const rows = await listAccounts(c.var.deps.store.db);
    return c.json({
      colleagues: rows.map((row) => ({ name: row.name, role: row.source === 'settings' ? 'admin' : row.role, you: row.name === c.var.subject })),
    });
  });

  // The desk's notices (new owners' e-mails, digests, lead.updated webhooks), newest first; ?lead= for one lead's.
  guarded.get('/notices', async (c) => {
    const raw = c.req.query('lead');
    const lead = raw === undefined || raw === '' ? undefined : leadId(raw);
    return c.json({ notices: await listNotices(c.var.deps.store.db, { leadId: lead, limit: 200 }) });
  });

  for (const path of ['/posts', '/posts/*']) guarded.use(path, requireAdmin('add or remove blog posts'));
  for (const path of ['/accounts', '/accounts/*']) guarded.use(path, requireAdmin('see and manage the team'));
  for (const path of ['/experiments', '/field-data']) guarded.use(path, requireAdmin('read the A/B results and field data'));
  guarded.route('/posts', adminPostRoutes());
  guarded.route('/accounts', accountRoutes());
  guarded.route('/', buyerRoutes());
  guarded.route('/', insightRoutes());
  app.route('/', guarded);
  return app;
}
