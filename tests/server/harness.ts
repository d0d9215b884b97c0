/**
 * The API under test: the Hono app over a given store, with a clock the test moves, a client
 * address the test chooses (header x-test-client), cheap scrypt, and the log kept in memory so a
 * test can check that it holds no personal data.
 */
import type { Hono } from 'hono';
import { sql } from 'kysely';
import { loadInvestorPortal, loadSiteConfig } from '@/build/content/load';
import { createApp } from '../../src/server/app';
import { ensureSettingsAccount } from '../../src/server/auth/accounts';
import { hashSecret } from '../../src/server/auth/password';
import { createBeaconRecorder, type BeaconRecorder } from '../../src/server/beacons/recorder';
import { createBeaconService } from '../../src/server/beacons/service';
import type { Deps, Env } from '../../src/server/context';
import { REPO_ROOT } from '../../src/server/config';
import type { Store } from '../../src/server/db/connect';
import { NO_PROXY } from '../../src/server/http/trusted-proxies';
import type { Notifier } from '../../src/server/notify/worker';
import type { CoverEncoder } from '../../src/server/photos/cover-variants';
import type { SiteRenderer } from '../../src/server/site/renderer';
import { englishForms } from '../support/lead-form-words';

export const SITE = 'https://www.garlicbrothers.example';
export const ADMIN = { username: 'boss', password: 'correct horse battery staple' };
export const INVESTOR = { email: 'ir@fund.example', key: 'investor-key-123' };
/** Cheap scrypt: the tests check behaviour, not cost. */
export const TEST_COST = { N: 2 ** 10, r: 8, p: 1 };
/** The real content/investors/portal.md, as the server reads it at start. */
export const INVESTOR_PORTAL = loadInvestorPortal(REPO_ROOT);
/** The lead forms with the real content/site.yaml's products, as the server builds them at start. */
export const LEAD_FORMS = englishForms(loadSiteConfig(REPO_ROOT).products);

export interface Harness {
  app: Hono<Env>;
  clock: { now: Date };
  logs: Record<string, unknown>[];
  /** The beacons' counts waiting to be written: no timer, a test writes them with flush(). */
  beacons: BeaconRecorder;
  /** Sends a request to the site's origin; JSON bodies are stringified. */
  call(method: string, path: string, options?: CallOptions): Promise<Response>;
  /** Signs in (as ADMIN, or as `as` given) and returns the cookie header value to send. */
  signIn(kind?: 'admin' | 'investor', as?: { username: string; password: string }): Promise<string>;
}

export interface CallOptions {
  body?: unknown;
  /** Raw body text; wins over `body`. */
  raw?: string;
  /** Default: the site's origin; null sends none. */
  origin?: string | null;
  cookie?: string;
  client?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Default: the site's origin. */
  base?: string;
}

/** The tables a test may write, children before the tables they reference. */
const TABLES = [
  'lead_activity',
  'notifications',
  'notices',
  'leads',
  'posts',
  'photo_variants',
  'photos',
  'sessions',
  'login_throttle',
  'accounts',
  'lead_rate_hits',
  'lead_rate_clients',
  'ab_daily',
  'vitals_daily',
];

/**
 * Empties every table a test writes. DELETE rather than TRUNCATE: a truncate gives each table and
 * index new files, which PGlite's file system makes about 50 ms for these tables against 7 ms for
 * deleting the few rows a test leaves, before every one of the API suite's tests.
 */
export async function resetTables(store: Store): Promise<void> {
  for (const table of TABLES) await sql`delete from ${sql.table(table)}`.execute(store.db);
}

/**
 * The app's dependencies for a test of the served site rather than the API: nobody can sign in,
 * nothing is rate-limited in practice, and the log is dropped unless the test passes its own.
 */
export function siteDeps(overrides: Partial<Deps> & Pick<Deps, 'store'>): Deps {
  const check = { verify: async () => false };
  return {
    siteOrigin: null,
    trustProxy: NO_PROXY,
    rateLimitPerMinute: 10,
    sessionHours: 8,
    passwordCost: TEST_COST,
    investor: { email: 'i@x.example', check },
    investorPortal: INVESTOR_PORTAL,
    leadForms: LEAD_FORMS,
    now: () => new Date(),
    log: () => {},
    staticRoot: null,
    ...overrides,
  };
}

export async function createHarness(
  store: Store,
  options: {
    rateLimitPerMinute?: number;
    beaconRateLimitPerMinute?: number;
    siteOrigin?: string | null;
    sessionHours?: number;
    staticRoot?: string;
    siteRenderer?: SiteRenderer;
    /** The lead notifications' worker; its clock should be `clock` (pass one made with the same object). */
    notify?: Notifier;
    clock?: { now: Date };
    /** The cover variants' encoder; the process's one when absent. */
    coverVariants?: CoverEncoder;
  } = {},
): Promise<Harness> {
  const cost = TEST_COST;
  // As the server does at start: the ADMIN_USERNAME account, with its password.
  await ensureSettingsAccount(store.db, ADMIN.username, ADMIN.password, cost, new Date('2026-03-01T00:00:00.000Z'));
  const clock = options.clock ?? { now: new Date('2026-03-02T09:00:00.000Z') };
  const logs: Record<string, unknown>[] = [];
  const log = (entry: Record<string, unknown>) => logs.push(entry);
  const beacons = createBeaconRecorder(store.db, { now: () => clock.now, log, timers: false });
  const siteOrigin = options.siteOrigin === undefined ? SITE : options.siteOrigin;
  const app = createApp({
    store,
    beacons: createBeaconService({
      recorder: beacons,
      limit: options.beaconRateLimitPerMinute,
      staticRoot: options.staticRoot ?? null,
      siteOrigin,
      now: () => clock.now,
      log,
    }),
    beaconRateLimitPerMinute: options.beaconRateLimitPerMinute,
    siteOrigin,
    trustProxy: NO_PROXY,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 1000,
    sessionHours: options.sessionHours ?? 8,
    passwordCost: cost,
    investor: { email: INVESTOR.email, check: await hashSecret(INVESTOR.key, cost) },
    investorPortal: INVESTOR_PORTAL,
    leadForms: LEAD_FORMS,
    now: () => clock.now,
    clientAddress: (c) => c.req.header('x-test-client') ?? '198.51.100.7',
    log,
    staticRoot: options.staticRoot ?? null,
    siteRenderer: options.siteRenderer ?? null,
    notify: options.notify,
    coverVariants: options.coverVariants,
  });

  const call: Harness['call'] = (method, path, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    const origin = o.origin === undefined ? SITE : o.origin;
    if (origin !== null) headers.origin = origin;
    if (o.cookie) headers.cookie = o.cookie;
    headers['x-test-client'] = o.client ?? '198.51.100.7';
    let body: string | undefined;
    if (o.raw !== undefined || o.body !== undefined) {
      body = o.raw ?? JSON.stringify(o.body);
      headers['content-type'] = o.contentType ?? 'application/json';
    }
    return Promise.resolve(app.request(`${o.base ?? SITE}${path}`, { method, headers, body }));
  };

  const signIn: Harness['signIn'] = async (kind = 'admin', as = ADMIN) => {
    const body = kind === 'admin' ? { username: as.username, password: as.password } : { email: INVESTOR.email, key: INVESTOR.key };
    const response = await call('POST', kind === 'admin' ? '/api/admin/login' : '/api/investors/login', { body, client: '192.0.2.200' });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    const cookie = response.headers.get('set-cookie') ?? '';
    return cookie.split(';')[0] ?? '';
  };

  return { app, clock, logs, beacons, call, signIn };
}

/**
 * Runs `send` with the clock at `time`, then puts it back: a lead's time is the server's when it
 * received it, so a test that needs a lead of a given time sends it then.
 */
export async function receivedAt<T>(h: Pick<Harness, 'clock'>, time: string, send: () => Promise<T>): Promise<T> {
  const before = h.clock.now;
  h.clock.now = new Date(time);
  try {
    return await send();
  } finally {
    h.clock.now = before;
  }
}

/** A valid submission of each type, as the site's forms send them. */
export function sampleLead(type = 'contactEnquiries', id = 'GB-7K3Q9X2M'): Record<string, unknown> {
  const fields: Record<string, Record<string, unknown>> = {
    contactEnquiries: {
      name: 'Anna Schmidt',
      company: 'Hamburg Spice Trading GmbH',
      email: 'anna.schmidt@spicetrading.example',
      phone: '+49 40 1234567',
      country: 'DE',
      products: ['Garlic Powder', 'Garlic Flakes'],
      quantity: '2.5',
      unit: 'metric tons',
      destination: 'Hamburg, Germany',
      incoterm: 'CIF',
      message: 'Garlic powder 80-120 mesh in 25 kg bags, first shipment in March; please quote CIF Hamburg.',
    },
    sampleRequests: {
      company: 'Acme Foods',
      contactPerson: 'Jo Lee',
      email: 'jo@acme.example',
      phone: '+1 212 555 0100',
      products: ['Garlic Oil'],
      sampleSize: '100 g',
      address: '1 Main Street, Springfield, 12345, USA',
      country: 'US',
      application: 'Seasoning blends',
    },
    jobApplications: {
      name: 'Priya Rao',
      email: 'priya@mail.example',
      phone: '+91 80 1234 5678',
      position: 'Export Sales Executive',
      experience: '4',
      location: 'Bengaluru, India',
      cvUrl: 'https://drive.example.com/cv.pdf',
      coverLetter: 'I have four years of export sales experience in spices and would like to join.',
    },
    partnershipApplications: {
      company: 'Gulf Distribution LLC',
      contactPerson: 'Omar Said',
      email: 'omar@gulf.example',
      phone: '+971 4 123 4567',
      partnershipType: 'Distributor',
      country: 'AE',
      message: 'We distribute dried vegetables to food manufacturers across the GCC.',
    },
    investorInterests: {
      name: 'Maria Costa',
      email: 'maria@fund.example',
      organisation: '',
      investorType: 'Angel investor',
      ticketSize: 'Under USD 50,000',
      message: 'Interested in agri-export businesses in South India; please send the deck.',
    },
  };
  // With the screening the forms always send (a person's: empty trap, the form shown 8 s).
  return { type, id, createdAt: '2026-03-01T10:31:07.482Z', page: '/contact', fields: fields[type], screening: { trap: '', shownForMs: 8412 } };
}
