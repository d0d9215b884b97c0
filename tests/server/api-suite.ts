/**
 * The API test suite, written once and run against every database the server supports: PGlite
 * (api.pglite.test.ts) and PostgreSQL (api.postgres.test.ts). Each test starts from empty tables.
 */
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { compareForDesk } from '../../src/shared/domain/sales-pipeline';
import type { BuyerStatus } from '../../src/shared/domain/records';
import { ADMIN_ROUTES } from '../../src/server/api/admin';
import { ensureSettingsAccount, removeAccount } from '../../src/server/auth/accounts';
import { hashPassword } from '../../src/server/auth/password';
import type { Store } from '../../src/server/db/connect';
import { ADMIN, createHarness, INVESTOR, INVESTOR_PORTAL, receivedAt, resetTables, sampleLead, SITE, TEST_COST, type Harness } from './harness';

const COLLECTIONS = ['contactEnquiries', 'sampleRequests', 'jobApplications', 'partnershipApplications', 'investorInterests'] as const;
const EVIL = 'https://evil.example';

async function count(store: Store, table: 'leads' | 'posts' = 'leads'): Promise<number> {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function apiSuite(getStore: () => Store): void {
  let store: Store;
  let h: Harness;

  beforeEach(async () => {
    store = getStore();
    await resetTables(store);
    h = await createHarness(store);
  });

  /**
   * Runs `during` while every write to `table` fails as a database in that state fails (a trigger
   * raising its SQLSTATE: disk_full is what PostgreSQL reports when a write finds the disk full).
   */
  async function withFailingWrites(table: 'health' | 'leads', errcode: string, during: () => Promise<void>): Promise<void> {
    await sql`create or replace function gb_test_fail() returns trigger language plpgsql as $$
      begin raise exception using errcode = tg_argv[0], message = 'simulated: ' || tg_argv[0]; end $$`.execute(store.db);
    await sql`create trigger gb_test_fail before insert or update on ${sql.table(table)} for each row execute function gb_test_fail(${sql.lit(errcode)})`.execute(
      store.db,
    );
    try {
      await during();
    } finally {
      await sql`drop trigger gb_test_fail on ${sql.table(table)}`.execute(store.db);
    }
  }

  describe('GET /api/health', () => {
    it('reports the database kind', async () => {
      const response = await h.call('GET', '/api/health');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true, db: store.kind });
    });

    it.each([
      ['disk_full', 'out of disk space'],
      ['read_only_sql_transaction', 'read-only'],
    ])('answers 503 with the cause when the database cannot write (%s), and 200 once it can again', async (errcode, cause) => {
      await withFailingWrites('health', errcode, async () => {
        const response = await h.call('GET', '/api/health');
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ ok: false, db: store.kind, error: `The database cannot write: it is ${cause}` });
      });
      expect(h.logs.some((entry) => entry.level === 'error' && String(entry.error).includes(`simulated: ${errcode}`))).toBe(true);
      // One probe serves the callers of the next 2 s.
      h.clock.now = new Date(h.clock.now.getTime() + 2_000);
      expect((await h.call('GET', '/api/health')).status).toBe(200);
    });
  });

  describe('POST /api/leads', () => {
    it.each(COLLECTIONS)('stores a valid %s once and answers 201 with the id', async (type) => {
      const response = await h.call('POST', '/api/leads', { body: sampleLead(type) });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ id: 'GB-7K3Q9X2M', stored: 'new' });
      const row = await store.db.selectFrom('leads').selectAll().executeTakeFirstOrThrow();
      expect(row.type).toBe(type);
      // The server's time of receipt; the browser's createdAt, within a day of it, kept beside it.
      expect(row.created_at.toISOString()).toBe(h.clock.now.toISOString());
      expect(row.client_time?.toISOString()).toBe('2026-03-01T10:31:07.482Z');
      const statuses: Record<string, string | null> = {
        jobApplications: 'pending',
        partnershipApplications: 'new',
        contactEnquiries: 'new',
        sampleRequests: 'new',
        investorInterests: null,
      };
      expect(row.status).toBe(statuses[type]);
    });

    it('is idempotent on the id: a retry answers 200 with the same id and stores nothing new', async () => {
      expect((await h.call('POST', '/api/leads', { body: sampleLead() })).status).toBe(201);
      const retry = await h.call('POST', '/api/leads', { body: sampleLead() });
      expect(retry.status).toBe(200);
      expect(await retry.json()).toEqual({ id: 'GB-7K3Q9X2M', stored: 'already stored' });
      const concurrent = await Promise.all(
        Array.from({ length: 10 }, () => h.call('POST', '/api/leads', { body: sampleLead('contactEnquiries', 'GB-22222222') })),
      );
      expect(concurrent.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      expect(await count(store)).toBe(2);
    });

    it('stores the values trimmed, as the form validated them', async () => {
      const lead = sampleLead();
      (lead.fields as Record<string, unknown>).name = '  Anna Schmidt  ';
      (lead.fields as Record<string, unknown>).quantity = '2,5';
      await h.call('POST', '/api/leads', { body: lead });
      const row = await store.db.selectFrom('leads').select('fields').executeTakeFirstOrThrow();
      expect(row.fields.name).toBe('Anna Schmidt');
      expect(row.fields.quantity).toBe('2.5');
      expect(row.fields.products).toEqual(['Garlic Powder', 'Garlic Flakes']);
    });

    it('stores a script payload as text', async () => {
      const lead = sampleLead();
      const script = '<script>alert(1)</script><img src=x onerror=alert(2)> and enough words to pass';
      (lead.fields as Record<string, unknown>).message = script;
      (lead.fields as Record<string, unknown>).company = "Robert'); DROP TABLE leads;--";
      expect((await h.call('POST', '/api/leads', { body: lead })).status).toBe(201);
      const row = await store.db.selectFrom('leads').select('fields').executeTakeFirstOrThrow();
      expect(row.fields.message).toBe(script);
      expect(row.fields.company).toBe("Robert'); DROP TABLE leads;--");
    });

    const hostile: [string, () => { raw?: string; body?: unknown; contentType?: string }, number, RegExp][] = [
      ['broken JSON', () => ({ raw: '{"type": "contactEnquiries",' }), 400, /not valid JSON/],
      ['a JSON array', () => ({ raw: '[1,2]' }), 400, /JSON object/],
      ['a JSON string', () => ({ raw: '"hi"' }), 400, /JSON object/],
      ['null', () => ({ raw: 'null' }), 400, /JSON object/],
      ['form encoding', () => ({ raw: 'type=contactEnquiries', contentType: 'application/x-www-form-urlencoded' }), 415, /application\/json/],
      ['an unknown top-level field', () => ({ body: { ...sampleLead(), status: 'accepted' } }), 400, /Unknown field "status"/],
      [
        'an unknown form field (the honeypot)',
        () => ({ body: { ...sampleLead(), fields: { ...(sampleLead().fields as object), website: 'x' } } }),
        400,
        /Unknown field "website"/,
      ],
      ['a missing form field', () => ({ body: { ...sampleLead(), fields: { name: 'A' } } }), 400, /Missing field "company"/],
      ['an unknown type', () => ({ body: { ...sampleLead(), type: 'orders' } }), 400, /"type" must be one of/],
      ['a malformed id', () => ({ body: { ...sampleLead(), id: 'GB-0000000O' } }), 400, /"id" must be a reference/],
      ['an id that is a number', () => ({ body: { ...sampleLead(), id: 12 } }), 400, /"id"/],
      ['a createdAt that is not a date', () => ({ body: { ...sampleLead(), createdAt: 'yesterday' } }), 400, /"createdAt"/],
      ['a page that is not a path', () => ({ body: { ...sampleLead(), page: 'javascript:alert(1)' } }), 400, /"page"/],
      ['fields that are a list', () => ({ body: { ...sampleLead(), fields: [] } }), 400, /"fields" must be an object/],
      [
        'a number where text belongs',
        () => ({ body: { ...sampleLead(), fields: { ...(sampleLead().fields as object), name: 42 } } }),
        400,
        /^"fields\.name" must be text$/,
      ],
      [
        'a product outside the list',
        () => ({ body: { ...sampleLead(), fields: { ...(sampleLead().fields as object), products: ['Onion Powder'] } } }),
        400,
        /Invalid "products"/,
      ],
      [
        'an invalid e-mail',
        () => ({ body: { ...sampleLead(), fields: { ...(sampleLead().fields as object), email: 'not-an-email' } } }),
        400,
        /Invalid "email"/,
      ],
      [
        'a 1 MB string',
        () => ({ body: { ...sampleLead(), fields: { ...(sampleLead().fields as object), message: 'x'.repeat(1024 * 1024) } } }),
        413,
        /larger than 32 KB/,
      ],
      // Well-formed JSON whose values PostgreSQL cannot store (text and jsonb hold no NUL and no
      // unpaired surrogate; timestamptz has no 30 February and no year 0).
      [
        'a NUL in the message',
        () => ({ body: { ...sampleLead(), fields: { ...(sampleLead().fields as object), message: 'Garlic powder please,\u0000 about two tons a month' } } }),
        400,
        /"fields\.message" holds a character that cannot be stored: U\+0000/,
      ],
      [
        'an unpaired surrogate in the name',
        () => ({ body: { ...sampleLead(), fields: { ...(sampleLead().fields as object), name: 'Anna \ud800' } } }),
        400,
        /"fields\.name" holds a character that cannot be stored: U\+D800/,
      ],
      ['a NUL in the page', () => ({ body: { ...sampleLead(), page: '/contact\u0000' } }), 400, /"page"/],
      ['a createdAt of 30 February', () => ({ body: { ...sampleLead(), createdAt: '2025-02-30T10:00:00Z' } }), 400, /"createdAt"/],
      ['a createdAt in year 0', () => ({ body: { ...sampleLead(), createdAt: '0000-01-01T00:00:00Z' } }), 400, /"createdAt"/],
      ['a createdAt at hour 24', () => ({ body: { ...sampleLead(), createdAt: '2025-03-01T24:00:00Z' } }), 400, /"createdAt"/],
      [
        'a 20 KB message (under the body limit, over the field limit)',
        () => ({ body: { ...sampleLead(), fields: { ...(sampleLead().fields as object), message: 'x'.repeat(20_000) } } }),
        400,
        /Shorten your message/,
      ],
    ];

    it.each(hostile)('refuses %s with a clear message and stores nothing', async (_name, make, status, message) => {
      const response = await h.call('POST', '/api/leads', make());
      expect(response.status).toBe(status);
      const body = (await response.json()) as { error: string };
      expect(body.error).toMatch(message);
      expect(await count(store)).toBe(0);
    });

    it('answers 503 with the cause when the database cannot store the lead (disk full), and stores it once it can', async () => {
      await withFailingWrites('leads', 'disk_full', async () => {
        const response = await h.call('POST', '/api/leads', { body: sampleLead() });
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('30');
        expect(await response.json()).toEqual({ error: 'The database cannot be used right now (it is out of disk space); try again later' });
      });
      expect(await count(store)).toBe(0);
      expect((await h.call('POST', '/api/leads', { body: sampleLead() })).status).toBe(201);
    });

    it('answers the CORS preflight for the site origin only', async () => {
      const ok = await h.call('OPTIONS', '/api/leads', { headers: { 'access-control-request-method': 'POST' } });
      expect(ok.status).toBe(204);
      expect(ok.headers.get('access-control-allow-origin')).toBe(SITE);
      expect(ok.headers.get('access-control-allow-methods')).toBe('POST');
      expect(ok.headers.get('access-control-allow-headers')).toBe('Content-Type');
      const evil = await h.call('OPTIONS', '/api/leads', { origin: EVIL });
      expect(evil.status).toBe(403);
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('sends Access-Control-Allow-Origin with the site-origin POST, refuses other origins, accepts no Origin', async () => {
      const ok = await h.call('POST', '/api/leads', { body: sampleLead() });
      expect(ok.headers.get('access-control-allow-origin')).toBe(SITE);
      const evil = await h.call('POST', '/api/leads', { body: sampleLead('contactEnquiries', 'GB-33333333'), origin: EVIL });
      expect(evil.status).toBe(403);
      expect(((await evil.json()) as { error: string }).error).toMatch(/another site/);
      const server = await h.call('POST', '/api/leads', { body: sampleLead('contactEnquiries', 'GB-44444444'), origin: null });
      expect(server.status).toBe(201);
      expect(server.headers.get('access-control-allow-origin')).toBeNull();
      expect(await count(store)).toBe(2);
    });

    it('without SITE_ORIGIN, the served origin is the site: same-origin posts pass, others are refused', async () => {
      const local = await createHarness(store, { siteOrigin: null });
      const base = 'http://localhost:4173';
      expect((await local.call('POST', '/api/leads', { body: sampleLead(), base, origin: base })).status).toBe(201);
      expect((await local.call('POST', '/api/leads', { body: sampleLead('contactEnquiries', 'GB-33333333'), base, origin: SITE })).status).toBe(403);
    });

    it('rate-limits per client address with 429 and Retry-After', async () => {
      const limited = await createHarness(store, { rateLimitPerMinute: 3 });
      const ids = ['GB-22222222', 'GB-33333333', 'GB-44444444', 'GB-55555555'];
      const statuses = [];
      for (const id of ids)
        statuses.push((await limited.call('POST', '/api/leads', { body: sampleLead('contactEnquiries', id), client: '203.0.113.1' })).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      const refused = await limited.call('POST', '/api/leads', { body: sampleLead('contactEnquiries', 'GB-66666666'), client: '203.0.113.1' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: string }).error).toMatch(/Too many submissions/);
      // Another address is not affected, and the window resets after a minute.
      expect((await limited.call('POST', '/api/leads', { body: sampleLead('contactEnquiries', 'GB-77777777'), client: '203.0.113.2' })).status).toBe(201);
      limited.clock.now = new Date(limited.clock.now.getTime() + 61_000);
      expect((await limited.call('POST', '/api/leads', { body: sampleLead('contactEnquiries', 'GB-88888888'), client: '203.0.113.1' })).status).toBe(201);
      expect(await count(store)).toBe(5);
    });

    it('logs method, path, status and time only: no body, e-mail or address', async () => {
      await h.call('POST', '/api/leads', { body: sampleLead(), client: '203.0.113.99' });
      await h.call('GET', '/api/admin/leads?type=contactEnquiries&q=anna.schmidt@spicetrading.example');
      expect(h.logs).toHaveLength(2);
      expect(Object.keys(h.logs[0] ?? {}).sort()).toEqual(['method', 'ms', 'path', 'status', 'time']);
      const text = JSON.stringify(h.logs);
      expect(text).not.toMatch(/anna|schmidt|203\.0\.113|Hamburg|type=/i);
    });
  });

  describe('admin sign-in', () => {
    const login = (password: string, client = '192.0.2.1', username = ADMIN.username) =>
      h.call('POST', '/api/admin/login', { body: { username, password }, client });

    it('sets an HttpOnly, Secure, SameSite=Strict cookie on Path=/api with an 8-hour expiry', async () => {
      const response = await login(ADMIN.password);
      expect(response.status).toBe(200);
      const cookie = response.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^gb_admin=[\w-]{40,};/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; SameSite=Strict/);
      expect(cookie).toMatch(/; Path=\/api/);
      expect(cookie).toMatch(/; Max-Age=28800/);
      // Only a hash of the token is stored.
      const token = cookie.split(';')[0]?.split('=')[1] ?? '';
      const rows = await store.db.selectFrom('sessions').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('omits Secure only for plain http on loopback (local development)', async () => {
      const local = await createHarness(store, { siteOrigin: null });
      const base = 'http://localhost:4173';
      const body = { username: ADMIN.username, password: ADMIN.password };
      const dev = await local.call('POST', '/api/admin/login', { body, base, origin: base, client: '127.0.0.1' });
      expect(dev.headers.get('set-cookie')).not.toMatch(/Secure/);
      const remote = await local.call('POST', '/api/admin/login', { body, base, origin: base, client: '203.0.113.5' });
      expect(remote.headers.get('set-cookie')).toMatch(/; Secure/);
    });

    it('refuses a wrong password or username with one generic message', async () => {
      for (const response of [await login('wrong'), await login(ADMIN.password, '192.0.2.1', 'someone')]) {
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ error: 'Invalid username or password' });
        expect(response.headers.get('set-cookie')).toBeNull();
      }
    });

    it('refuses hostile sign-in bodies with 400', async () => {
      for (const body of [
        { username: ADMIN.username },
        { username: 1, password: 2 },
        { username: 'a', password: 'b', admin: true },
        { username: 'a', password: 'x'.repeat(5000) },
      ]) {
        expect((await h.call('POST', '/api/admin/login', { body })).status).toBe(400);
      }
    });

    it('locks an address for 30 s after 5 failures, even for the right password, and a failure never shortens a lock', async () => {
      for (let i = 1; i <= 4; i += 1) expect((await login(`wrong-${i}`)).status).toBe(401);
      const fifth = await login('wrong-5');
      expect(fifth.status).toBe(429);
      expect(((await fifth.json()) as { error: string }).error).toBe('Too many failed attempts. Try again in 30 seconds.');
      h.clock.now = new Date(h.clock.now.getTime() + 10_000);
      const locked = await login(ADMIN.password);
      expect(locked.status).toBe(429);
      expect(locked.headers.get('retry-after')).toBe('20');
      h.clock.now = new Date(h.clock.now.getTime() + 20_001);
      expect((await login(ADMIN.password)).status).toBe(200);
    });

    it('lets at most 5 of a burst of parallel guesses reach the password check', async () => {
      const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => login(`guess-${i}`)));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(16);
    });

    it('a success clears the failure count', async () => {
      for (let i = 1; i <= 4; i += 1) await login(`wrong-${i}`);
      expect((await login(ADMIN.password)).status).toBe(200);
      for (let i = 1; i <= 4; i += 1) expect((await login(`wrong-${i}`)).status).toBe(401);
    });

    it('GET /api/admin/session answers for a live session; it expires after 8 hours; logout ends it', async () => {
      const cookie = await h.signIn();
      const live = await h.call('GET', '/api/admin/session', { cookie });
      expect(live.status).toBe(200);
      expect(await live.json()).toMatchObject({ signedIn: true, username: ADMIN.username });
      h.clock.now = new Date(h.clock.now.getTime() + 8 * 3_600_000 + 1);
      expect((await h.call('GET', '/api/admin/session', { cookie })).status).toBe(401);

      h.clock.now = new Date();
      const again = await h.signIn();
      const out = await h.call('POST', '/api/admin/logout', { cookie: again });
      expect(out.status).toBe(200);
      expect(out.headers.get('set-cookie')).toMatch(/gb_admin=;.*Max-Age=0/);
      expect((await h.call('GET', '/api/admin/session', { cookie: again })).status).toBe(401);
    });

    it('an investor session does not open the admin API', async () => {
      const investor = await h.signIn('investor');
      expect((await h.call('GET', '/api/admin/leads', { cookie: investor.replace('gb_investor', 'gb_admin') })).status).toBe(401);
    });
  });

  describe('admin accounts (the Team section)', () => {
    const PRIYA = { username: 'priya@garlicbrothers.example', password: '' };
    let cookie: string;

    beforeEach(async () => {
      cookie = await h.signIn();
    });

    async function addPriya(email = ' Priya@GarlicBrothers.example '): Promise<{ account: Record<string, unknown>; password: string }> {
      const response = await h.call('POST', '/api/admin/accounts', { cookie, body: { email } });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { account: Record<string, unknown>; password: string };
      PRIYA.password = body.password;
      return body;
    }

    const accounts = async (as = cookie) =>
      ((await (await h.call('GET', '/api/admin/accounts', { cookie: as })).json()) as { accounts: Record<string, unknown>[] }).accounts;

    it('adds an account with a strong password shown once; it signs in with its own password, in any case', async () => {
      const added = await addPriya();
      // A new account is a sales account until the owner makes it an admin.
      expect(added.account).toEqual({
        name: PRIYA.username,
        createdAt: h.clock.now.toISOString(),
        createdBy: ADMIN.username,
        source: 'team',
        role: 'sales',
        you: false,
      });
      expect(added.password).toMatch(/^[\w-]{24}$/);
      // Stored as a scrypt string with its cost and salt, never in clear.
      const row = await store.db.selectFrom('accounts').select('password_hash').where('name', '=', PRIYA.username).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[\w+/]+=*\$[\w+/]+=*$/);
      expect(row.password_hash).not.toContain(added.password);
      expect(JSON.stringify(await accounts())).not.toContain(added.password);

      const priya = await h.signIn('admin', { username: 'PRIYA@garlicbrothers.example', password: PRIYA.password });
      const session = await h.call('GET', '/api/admin/session', { cookie: priya });
      expect(await session.json()).toMatchObject({ signedIn: true, username: PRIYA.username });
      expect((await h.call('GET', '/api/admin/leads', { cookie: priya })).status).toBe(200);
      // Each account has its own password: the first account's does not open the second.
      const wrong = await h.call('POST', '/api/admin/login', { body: { username: PRIYA.username, password: ADMIN.password } });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({ error: 'Invalid username or password' });
      expect(wrong.headers.get('set-cookie')).toBeNull();
      expect((await h.call('POST', '/api/admin/login', { body: { username: ` ${ADMIN.username.toUpperCase()} `, password: ADMIN.password } })).status).toBe(
        200,
      );
    });

    it('lists who has an account, when it was added, by whom, and which one is yours', async () => {
      await addPriya();
      h.clock.now = new Date(h.clock.now.getTime() + 60_000);
      const priya = await h.signIn('admin', PRIYA);
      const second = await h.call('POST', '/api/admin/accounts', { cookie, body: { email: 'omar@garlicbrothers.example' } });
      expect(second.status).toBe(201);
      // The Team list is an admin's: Priya sees it once the owner has made her one.
      expect((await h.call('PATCH', `/api/admin/accounts/${encodeURIComponent(PRIYA.username)}`, { cookie, body: { role: 'admin' } })).status).toBe(200);
      expect(await accounts(priya)).toEqual([
        { name: ADMIN.username, createdAt: '2026-03-01T00:00:00.000Z', createdBy: null, source: 'settings', role: 'admin', you: false },
        { name: PRIYA.username, createdAt: '2026-03-02T09:00:00.000Z', createdBy: ADMIN.username, source: 'team', role: 'admin', you: true },
        { name: 'omar@garlicbrothers.example', createdAt: '2026-03-02T09:01:00.000Z', createdBy: ADMIN.username, source: 'team', role: 'sales', you: false },
      ]);
    });

    it('refuses an address that is not one, a duplicate in any case, and hostile bodies, with 4xx and a message', async () => {
      await addPriya();
      const add = (body: unknown) => h.call('POST', '/api/admin/accounts', { cookie, body });
      const cases: [unknown, number, RegExp][] = [
        [{ email: 'priya' }, 400, /is not an e-mail address/],
        [{ email: 'two words@garlic.example' }, 400, /is not an e-mail address/],
        [{ email: `${'x'.repeat(250)}@garlic.example` }, 400, /is not an e-mail address/],
        [{ email: 'PRIYA@garlicbrothers.EXAMPLE' }, 409, /There is already an account for priya@garlicbrothers\.example/],
        [{ email: ADMIN.username }, 400, /is not an e-mail address/],
        [{}, 400, /Send "email"/],
        [{ email: 5 }, 400, /Send "email"/],
        [{ email: 'a@b.example', password: 'mine' }, 400, /Unknown field "password"/],
        [{ email: 'a\u0000@b.example' }, 400, /cannot be stored/],
      ];
      for (const [body, status, message] of cases) {
        const response = await add(body);
        expect(response.status).toBe(status);
        expect(((await response.json()) as { error: string }).error).toMatch(message);
      }
      expect(await accounts()).toHaveLength(2);
    });

    it('removing an account ends its sessions at once and it can no longer sign in', async () => {
      await addPriya();
      const priya = await h.signIn('admin', PRIYA);
      const other = await h.signIn('admin', PRIYA);
      expect((await h.call('GET', '/api/admin/leads', { cookie: priya })).status).toBe(200);
      const removed = await h.call('DELETE', `/api/admin/accounts/${encodeURIComponent('Priya@GarlicBrothers.example')}`, { cookie });
      expect(removed.status).toBe(204);
      for (const session of [priya, other]) {
        const response = await h.call('GET', '/api/admin/leads', { cookie: session });
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ error: 'Sign in as admin first' });
      }
      const rows = await store.db.selectFrom('sessions').select('subject').execute();
      expect(rows.map((row) => row.subject)).toEqual([ADMIN.username]);
      expect((await h.call('POST', '/api/admin/login', { body: { username: PRIYA.username, password: PRIYA.password } })).status).toBe(401);
      expect((await h.call('DELETE', `/api/admin/accounts/${encodeURIComponent(PRIYA.username)}`, { cookie })).status).toBe(404);
      // The one who removed it is still signed in.
      expect((await h.call('GET', '/api/admin/leads', { cookie })).status).toBe(200);
    });

    it('a session whose account is removed directly in the database ends too', async () => {
      await addPriya();
      const priya = await h.signIn('admin', PRIYA);
      await store.db.deleteFrom('accounts').where('name', '=', PRIYA.username).execute();
      expect((await h.call('GET', '/api/admin/session', { cookie: priya })).status).toBe(401);
    });

    it('nobody removes their own account, and two admins removing each other at once leave the owner’s', async () => {
      const self = await h.call('DELETE', `/api/admin/accounts/${ADMIN.username}`, { cookie });
      expect(self.status).toBe(409);
      expect(await self.json()).toEqual({ error: 'You cannot remove your own account' });
      const unknown = await h.call('DELETE', '/api/admin/accounts/nobody%40garlicbrothers.example', { cookie });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: 'There is no account for nobody@garlicbrothers.example' });
      expect((await h.call('DELETE', '/api/admin/accounts/a%00b', { cookie })).status).toBe(404);

      await addPriya();
      const priya = await h.signIn('admin', PRIYA);
      const [first, second] = await Promise.all([
        h.call('DELETE', `/api/admin/accounts/${encodeURIComponent(PRIYA.username)}`, { cookie }),
        h.call('DELETE', `/api/admin/accounts/${ADMIN.username}`, { cookie: priya }),
      ]);
      expect(first.status).toBe(204);
      // The other was refused: signed out by the removal (401), or told the owner's account is not removed (403).
      expect([401, 403]).toContain(second.status);
      expect(await store.db.selectFrom('accounts').select('name').execute()).toEqual([{ name: ADMIN.username }]);
    });

    it('the ADMIN_USERNAME account takes ADMIN_PASSWORD at every start, and comes back if removed', async () => {
      await addPriya();
      // Removed on the operator's command line (the Team section never removes it).
      await removeAccount(store.db, ADMIN.username, null);
      expect((await h.call('GET', '/api/admin/session', { cookie })).status).toBe(401);
      // A start with a new password (the harness starts the app as the server does).
      await ensureSettingsAccount(store.db, ADMIN.username, 'a new password from the environment', TEST_COST, h.clock.now);
      const login = (password: string) => h.call('POST', '/api/admin/login', { body: { username: ADMIN.username, password } });
      expect((await login(ADMIN.password)).status).toBe(401);
      expect((await login('a new password from the environment')).status).toBe(200);
      // Priya's password is untouched.
      expect((await h.call('POST', '/api/admin/login', { body: { username: PRIYA.username, password: PRIYA.password } })).status).toBe(200);
    });

    it('a hash made at a lower cost is replaced at the next sign-in; a damaged one signs nobody in', async () => {
      const weak = await hashPassword('an older password here', { N: 2 ** 9, r: 8, p: 1 });
      await store.db
        .insertInto('accounts')
        .values({ name: 'old@garlicbrothers.example', password_hash: weak, created_at: h.clock.now, created_by: null, source: 'command' })
        .execute();
      expect((await h.signIn('admin', { username: 'old@garlicbrothers.example', password: 'an older password here' })).length).toBeGreaterThan(0);
      const row = await store.db.selectFrom('accounts').select('password_hash').where('name', '=', 'old@garlicbrothers.example').executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$scrypt\$ln=10,/);
      expect((await h.signIn('admin', { username: 'old@garlicbrothers.example', password: 'an older password here' })).length).toBeGreaterThan(0);
      await store.db
        .updateTable('accounts')
        .set({ password_hash: '$scrypt$ln=40,r=8,p=1$AAAAAAAAAAA=$AAAAAAAAAAAAAAAAAAAAAA==' })
        .where('name', '=', 'old@garlicbrothers.example')
        .execute();
      expect((await h.call('POST', '/api/admin/login', { body: { username: 'old@garlicbrothers.example', password: 'an older password here' } })).status).toBe(
        401,
      );
    });
  });

  describe('every admin route', () => {
    it.each(ADMIN_ROUTES)('$method $path: 401 signed out, 403 cross-origin (even signed in)', async ({ method, path }) => {
      const body = method === 'GET' ? undefined : {};
      const signedOut = await h.call(method, path, { body });
      expect(signedOut.status).toBe(401);
      expect(((await signedOut.json()) as { error: string }).error).toBe('Sign in as admin first');
      const cookie = await h.signIn();
      const foreign = await h.call(method, path, { body, cookie, origin: EVIL });
      expect(foreign.status).toBe(403);
      expect(((await foreign.json()) as { error: string }).error).toMatch(/another site/);
      if (method !== 'GET') expect((await h.call(method, path, { body, cookie, origin: null })).status).toBe(403);
    });

    it('login itself refuses a foreign or missing Origin', async () => {
      const body = { username: ADMIN.username, password: ADMIN.password };
      expect((await h.call('POST', '/api/admin/login', { body, origin: EVIL })).status).toBe(403);
      expect((await h.call('POST', '/api/admin/login', { body, origin: null })).status).toBe(403);
    });
  });

  describe('admin leads', () => {
    let cookie: string;
    beforeEach(async () => {
      cookie = await h.signIn();
      const leads: [string, string, string][] = [
        ['contactEnquiries', 'GB-22222222', '2026-03-01T08:00:00.000Z'],
        ['contactEnquiries', 'GB-33333333', '2026-03-01T09:00:00.000Z'],
        ['jobApplications', 'GB-44444444', '2026-03-01T10:00:00.000Z'],
        ['jobApplications', 'GB-55555555', '2026-03-01T11:00:00.000Z'],
        ['investorInterests', 'GB-66666666', '2026-03-01T12:00:00.000Z'],
      ];
      for (const [type, id, createdAt] of leads) {
        const response = await receivedAt(h, createdAt, () => h.call('POST', '/api/leads', { body: { ...sampleLead(type, id), createdAt } }));
        expect(response.status).toBe(201);
      }
    });

    const list = async (query = '') => {
      const response = await h.call('GET', `/api/admin/leads${query}`, { cookie });
      expect(response.status).toBe(200);
      return ((await response.json()) as { leads: { id: string; status?: string; notes?: string; reviewedAt?: string | null; type: string }[] }).leads;
    };

    it('lists everything newest first, filters by type and status', async () => {
      expect((await list()).map((lead) => lead.id)).toEqual(['GB-66666666', 'GB-55555555', 'GB-44444444', 'GB-33333333', 'GB-22222222']);
      expect((await list('?type=contactEnquiries')).map((lead) => lead.id)).toEqual(['GB-33333333', 'GB-22222222']);
      const jobs = await list('?type=jobApplications&status=pending');
      expect(jobs).toHaveLength(2);
      expect(jobs[0]).toMatchObject({ status: 'pending', notes: '', reviewedAt: null, type: 'jobApplications', page: '/contact' });
      expect((await h.call('GET', '/api/admin/leads?type=orders', { cookie })).status).toBe(400);
      expect((await h.call('GET', '/api/admin/leads?status=maybe', { cookie })).status).toBe(400);
    });

    it('PATCH sets status and notes and stamps reviewedAt', async () => {
      const response = await h.call('PATCH', '/api/admin/leads/GB-44444444', { cookie, body: { status: 'shortlisted', notes: 'Call on Monday' } });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { lead: unknown }).lead).toMatchObject({
        status: 'shortlisted',
        notes: 'Call on Monday',
        reviewedAt: h.clock.now.toISOString(),
      });
      expect((await list('?status=shortlisted')).map((lead) => lead.id)).toEqual(['GB-44444444']);
    });

    it('PATCH refuses bad input, unknown leads and a status for a lead type without one', async () => {
      const patch = (id: string, body: unknown) => h.call('PATCH', `/api/admin/leads/${id}`, { cookie, body });
      expect((await patch('GB-44444444', { status: 'hired' })).status).toBe(400);
      expect((await patch('GB-44444444', { status: 'accepted', extra: 1 })).status).toBe(400);
      expect((await patch('GB-44444444', {})).status).toBe(400);
      expect((await patch('GB-44444444', { notes: 'x'.repeat(6000) })).status).toBe(400);
      expect((await patch('GB-99999999', { status: 'accepted' })).status).toBe(404);
      const contact = await patch('GB-22222222', { status: 'accepted' });
      expect(contact.status).toBe(409);
      expect((await patch('GB-22222222', { notes: 'Sent a quote' })).status).toBe(200);
    });

    it('PATCH and DELETE refuse values the database cannot store with 4xx, never 500', async () => {
      const nul = await h.call('PATCH', '/api/admin/leads/GB-44444444', { cookie, body: { notes: 'Call\u0000 on Monday' } });
      expect(nul.status).toBe(400);
      expect(((await nul.json()) as { error: string }).error).toMatch(/"notes" holds a character that cannot be stored: U\+0000/);
      const surrogate = await h.call('PATCH', '/api/admin/leads/GB-44444444', { cookie, body: { notes: '\udfff' } });
      expect(surrogate.status).toBe(400);
      for (const method of ['PATCH', 'DELETE']) {
        const response = await h.call(method, '/api/admin/leads/GB-4444%00', { cookie, body: method === 'PATCH' ? { notes: 'x' } : undefined });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: 'No lead with this id' });
      }
      expect((await list('?status=pending')).every((lead) => lead.notes === '')).toBe(true);
    });

    it('DELETE removes one lead; DELETE ?type= clears one type only', async () => {
      expect((await h.call('DELETE', '/api/admin/leads/GB-22222222', { cookie })).status).toBe(204);
      expect((await h.call('DELETE', '/api/admin/leads/GB-22222222', { cookie })).status).toBe(404);
      expect((await h.call('DELETE', '/api/admin/leads', { cookie })).status).toBe(400);
      const cleared = await h.call('DELETE', '/api/admin/leads?type=jobApplications', { cookie });
      expect(await cleared.json()).toEqual({ deleted: 2 });
      expect((await list()).map((lead) => lead.id)).toEqual(['GB-66666666', 'GB-33333333']);
    });

    it('exports CSV with the dashboard columns and formula cells defused', async () => {
      const lead = sampleLead('contactEnquiries', 'GB-77777777');
      (lead.fields as Record<string, unknown>).company = '=HYPERLINK("http://evil.example","x")';
      await h.call('POST', '/api/leads', { body: lead });
      const response = await h.call('GET', '/api/admin/leads.csv?type=contactEnquiries', { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="garlic-brothers-contact-enquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
      // text() would drop the byte-order mark, so decode the bytes as they are.
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
      const header =
        '\uFEFFid,createdAt,status,followUp,lastChangedBy,lastChangedAt,notes,source,medium,campaign,landingPage,referrer,name,company,email,phone,country,products,quantity,unit,destination,incoterm,message\r\n';
      expect(text.slice(0, header.length)).toBe(header);
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
      // The phone number as typed: a CRM importing the file keeps any apostrophe written before it.
      expect(text).toContain(',+49 40 1234567,');
      expect(text).not.toContain("'+49");
      expect(text.split('\r\n').filter(Boolean)).toHaveLength(4);
      expect((await h.call('GET', '/api/admin/leads.csv', { cookie })).status).toBe(400);
    });
  });

  describe('the buyers’ pipeline', () => {
    let cookie: string;
    /** Posts a lead of `type` with `id`, sent at `createdAt`, its fields changed by `fields`. */
    const post = async (type: string, id: string, createdAt: string, fields: Record<string, unknown> = {}) => {
      const lead = sampleLead(type, id);
      const body = { ...lead, createdAt, fields: { ...(lead.fields as object), ...fields } };
      const response = await receivedAt(h, createdAt, () => h.call('POST', '/api/leads', { body }));
      expect(response.status).toBe(201);
    };
    const patch = (id: string, body: unknown) => h.call('PATCH', `/api/admin/leads/${id}`, { cookie, body });
    const ids = async (query: string) => {
      const response = await h.call('GET', `/api/admin/leads${query}`, { cookie });
      expect(response.status).toBe(200);
      return ((await response.json()) as { leads: { id: string }[] }).leads.map((lead) => lead.id);
    };
    const activity = async (id: string) => {
      const response = await h.call('GET', `/api/admin/leads/${id}/activity`, { cookie });
      expect(response.status).toBe(200);
      return ((await response.json()) as { activity: { at: string; account: string; change: unknown }[] }).activity;
    };
    const error = async (response: Response) => ((await response.json()) as { error: string }).error;

    beforeEach(async () => {
      cookie = await h.signIn();
      await post('contactEnquiries', 'GB-22222222', '2026-02-27T08:00:00.000Z');
      await post('contactEnquiries', 'GB-33333333', '2026-03-01T08:00:00.000Z', {
        company: '100% Natural_Foods Ltd',
        email: 'Buyer@Natural.example',
        country: 'IN',
        products: ['Garlic Oil'],
      });
      await post('sampleRequests', 'GB-44444444', '2026-03-01T20:00:00.000Z');
      await post('jobApplications', 'GB-55555555', '2026-03-01T21:00:00.000Z');
      await post('investorInterests', 'GB-66666666', '2026-03-01T22:00:00.000Z');
    });

    it('a buyer’s lead arrives New, with no follow-up and nobody’s change yet', async () => {
      const response = await h.call('GET', '/api/admin/leads?type=sampleRequests', { cookie });
      const [lead] = ((await response.json()) as { leads: Record<string, unknown>[] }).leads;
      expect(lead).toMatchObject({ id: 'GB-44444444', type: 'sampleRequests', status: 'new', notes: '', followUp: null, updatedBy: null, updatedAt: null });
      expect(await activity('GB-44444444')).toEqual([]);
    });

    it('PATCH moves a lead with a note and a follow-up date, records who did it and when, and lists the history oldest first', async () => {
      const first = await patch('GB-22222222', { status: 'contacted', notes: 'Called Anna; wants CIF prices.', followUp: '2026-03-09' });
      expect(first.status).toBe(200);
      const firstAt = h.clock.now.toISOString();
      expect(((await first.json()) as { lead: unknown }).lead).toMatchObject({
        status: 'contacted',
        notes: 'Called Anna; wants CIF prices.',
        followUp: '2026-03-09',
        updatedBy: ADMIN.username,
        updatedAt: firstAt,
      });

      h.clock.now = new Date(h.clock.now.getTime() + 3_600_000);
      expect((await patch('GB-22222222', { status: 'quoted', followUp: null })).status).toBe(200);
      // Saving what is already stored changes nothing and records nothing.
      h.clock.now = new Date(h.clock.now.getTime() + 3_600_000);
      const same = await patch('GB-22222222', { status: 'quoted', notes: 'Called Anna; wants CIF prices.', followUp: null });
      expect(((await same.json()) as { lead: { updatedAt: string } }).lead.updatedAt).toBe(new Date(h.clock.now.getTime() - 3_600_000).toISOString());

      expect(await activity('GB-22222222')).toEqual([
        {
          at: firstAt,
          account: ADMIN.username,
          change: { status: { from: 'new', to: 'contacted' }, notes: true, followUp: { from: null, to: '2026-03-09' } },
        },
        {
          at: new Date(Date.parse(firstAt) + 3_600_000).toISOString(),
          account: ADMIN.username,
          change: { status: { from: 'contacted', to: 'quoted' }, followUp: { from: '2026-03-09', to: null } },
        },
      ]);
      expect(await activity('GB-33333333')).toEqual([]);
    });

    it('records every one of two changes saved at once', async () => {
      const responses = await Promise.all([patch('GB-44444444', { status: 'contacted' }), patch('GB-44444444', { followUp: '2026-03-05' })]);
      expect(responses.map((r) => r.status)).toEqual([200, 200]);
      const changes = (await activity('GB-44444444')).map((entry) => entry.change);
      expect(changes).toHaveLength(2);
      expect(changes).toContainEqual({ status: { from: 'new', to: 'contacted' } });
      expect(changes).toContainEqual({ followUp: { from: null, to: '2026-03-05' } });
    });

    it('PATCH answers 409 for a status the lead’s type does not have, and for a follow-up on anything but a buyer’s lead', async () => {
      const cases: [string, unknown, RegExp][] = [
        [
          'GB-22222222',
          { status: 'shortlisted' },
          /"shortlisted" is not a status of a quote request: use one of new, contacted, quoted, sampleSent, won, lost/,
        ],
        ['GB-55555555', { status: 'won' }, /"won" is not a status of a job application: use one of pending, reviewed/],
        ['GB-66666666', { status: 'new' }, /^An investor interest has no status$/],
        [
          'GB-55555555',
          { followUp: '2026-03-09' },
          /Only buyers’ leads \(quote requests and sample requests\) and partnership applications have a follow-up date/,
        ],
      ];
      for (const [id, body, message] of cases) {
        const response = await patch(id, body);
        expect(response.status).toBe(409);
        expect(await error(response)).toMatch(message);
      }
      expect((await patch('GB-55555555', { status: 'accepted' })).status).toBe(200);
      expect(await activity('GB-22222222')).toEqual([]);
    });

    it.each([
      ['a day that does not exist', { followUp: '2026-02-30' }, /"followUp" must be a day from 2000-01-01 to 9999-12-31 written YYYY-MM-DD/],
      ['a day written another way', { followUp: '09/03/2026' }, /"followUp" must be a day/],
      ['year 0', { followUp: '0000-01-01' }, /"followUp" must be a day/],
      ['a number', { followUp: 20260309 }, /"followUp" must be a day/],
      ['an empty text', { followUp: '' }, /"followUp" must be a day/],
      ['an unknown status', { status: 'hot' }, /"status" must be one of pending, .*, new, contacted/],
      ['an unknown field', { status: 'won', owner: 'me' }, /Unknown field "owner" in the change/],
      ['nothing to change', {}, /Send "status", "notes", "followUp", "assignedTo" or more than one/],
    ])('PATCH refuses %s with 400 and changes nothing', async (_name, body, message) => {
      const response = await patch('GB-22222222', body);
      expect(response.status).toBe(400);
      expect(await error(response)).toMatch(message);
      expect(await activity('GB-22222222')).toEqual([]);
    });

    it('the history of a lead that does not exist is a 404', async () => {
      for (const id of ['GB-99999999', 'GB-4444%00', 'nope']) {
        const response = await h.call('GET', `/api/admin/leads/${id}/activity`, { cookie });
        expect(response.status).toBe(404);
        expect(await error(response)).toBe('No lead with this id');
      }
    });

    it('filters by types, statuses, country, product and time, and searches company, e-mail and reference ignoring case', async () => {
      await patch('GB-33333333', { status: 'quoted' });
      const buyers = '?type=contactEnquiries,sampleRequests';
      expect(await ids(buyers)).toEqual(['GB-44444444', 'GB-33333333', 'GB-22222222']);
      expect(await ids(`${buyers}&status=new`)).toEqual(['GB-44444444', 'GB-22222222']);
      expect(await ids(`${buyers}&status=quoted,won`)).toEqual(['GB-33333333']);
      // The country by its ISO code, in either case.
      expect(await ids(`${buyers}&country=de`)).toEqual(['GB-22222222']);
      expect(await ids(`${buyers}&country=US`)).toEqual(['GB-44444444']);
      expect(await ids(`${buyers}&product=${encodeURIComponent('Garlic Oil')}`)).toEqual(['GB-44444444', 'GB-33333333']);
      expect(await ids(`${buyers}&product=${encodeURIComponent('Garlic Powder')}`)).toEqual(['GB-22222222']);
      // A day is a whole UTC day; a time is exact (the dashboard sends the admin's own midnights).
      expect(await ids(`${buyers}&from=2026-03-01&to=2026-03-01`)).toEqual(['GB-44444444', 'GB-33333333']);
      expect(await ids(`${buyers}&to=2026-02-28`)).toEqual(['GB-22222222']);
      expect(await ids(`${buyers}&from=2026-03-01T12:00:00.000Z`)).toEqual(['GB-44444444']);
      // The widest range the query takes reaches the database as times it can hold (the end of 9999-12-31 is in year 10000).
      expect(await ids(`${buyers}&from=0001-01-01&to=9999-12-31`)).toEqual(['GB-44444444', 'GB-33333333', 'GB-22222222']);
      expect(await ids(`${buyers}&to=9999-12-31T23:59:59.999Z`)).toEqual(['GB-44444444', 'GB-33333333', 'GB-22222222']);
      expect(await ids(`${buyers}&q=SPICETRADING`)).toEqual(['GB-22222222']);
      expect(await ids(`${buyers}&q=acme`)).toEqual(['GB-44444444']);
      expect(await ids(`${buyers}&q=gb-3333`)).toEqual(['GB-33333333']);
      // LIKE's wildcards are taken as the characters they are.
      expect(await ids(`${buyers}&q=${encodeURIComponent('100%')}`)).toEqual(['GB-33333333']);
      expect(await ids(`${buyers}&q=${encodeURIComponent('%')}`)).toEqual(['GB-33333333']);
      expect(await ids(`${buyers}&q=_`)).toEqual(['GB-33333333']);
      expect(await ids(`${buyers}&q=${encodeURIComponent('\\')}`)).toEqual([]);
      expect(await ids(`${buyers}&q=${encodeURIComponent('Natural_Foods')}`)).toEqual(['GB-33333333']);
      expect(await ids(`${buyers}&q=NaturalXFoods`)).toEqual([]);
      expect(await ids(`${buyers}&status=new&product=${encodeURIComponent('Garlic Oil')}&q=acme&country=us`)).toEqual(['GB-44444444']);
    });

    it.each([
      ['?type=orders', /"type" must be one or more of jobApplications, .*, sampleRequests, separated by commas/],
      ['?status=hot', /"status" must be one or more of pending/],
      ['?type=contactEnquiries&status=pending', /"status" pending is not a status of contactEnquiries; they have new, contacted/],
      ['?type=investorInterests&status=new', /"status" new is not a status of investorInterests; they have no status/],
      ['?product=Onion%20Powder', /"product" must be one of Garlic Powder/],
      ['?from=2026-02-30', /"from" must be a day written YYYY-MM-DD or a UTC time/],
      ['?to=yesterday', /"to" must be a day/],
      ['?from=2026-03-02&to=2026-03-01', /"from" must be before "to"/],
      ['?country=Germany', /"country" must be an ISO 3166-1 alpha-2 country code, like DE/],
      ['?country=XX', /"country" must be an ISO 3166-1 alpha-2 country code, like DE/],
      [`?q=${'x'.repeat(201)}`, /"q" must be at most 200 characters/],
      ['?order=oldest', /"order" must be newest or desk/],
      ['?order=desk&today=2026-13-01', /"today" must be a day written YYYY-MM-DD/],
      ['?limit=1e3', /"limit" must be a whole number/],
      ['?q=acme%00', /"q" holds a character that cannot be searched for: U\+0000/],
      ['?country=%00', /"country" must be an ISO 3166-1 alpha-2 country code/],
      // A misspelt filter would have listed every lead as if none had been asked for.
      ['?stauts=new', /Unknown field "stauts" in the list’s query \(it takes type, status, /],
      ['?type[]=contactEnquiries', /Unknown field "type\[\]" in the list’s query/],
    ])('GET %s answers 400 with what is expected', async (query, message) => {
      const response = await h.call('GET', `/api/admin/leads${query}`, { cookie });
      expect(response.status).toBe(400);
      expect(await error(response)).toMatch(message);
    });

    it('the desk’s order puts overdue follow-ups and new leads first, exactly as the dashboard’s rule sorts them', async () => {
      const more: [string, string, BuyerStatus, string | null][] = [
        ['GB-77777777', '2026-02-10T00:00:00.000Z', 'contacted', '2026-02-25'],
        ['GB-88888888', '2026-02-11T00:00:00.000Z', 'quoted', '2026-03-04'],
        ['GB-99999999', '2026-02-12T00:00:00.000Z', 'won', '2026-02-20'],
        ['GB-AAAAAAAA', '2026-02-13T00:00:00.000Z', 'sampleSent', null],
        ['GB-BBBBBBBB', '2026-02-14T00:00:00.000Z', 'new', '2026-02-28'],
        ['GB-CCCCCCCC', '2026-02-15T00:00:00.000Z', 'lost', null],
        ['GB-DDDDDDDD', '2026-02-16T00:00:00.000Z', 'contacted', '2026-03-02'],
      ];
      const expected: { id: string; createdAt: string; status: BuyerStatus; followUp: string | null }[] = [
        { id: 'GB-22222222', createdAt: '2026-02-27T08:00:00.000Z', status: 'new', followUp: null },
        { id: 'GB-33333333', createdAt: '2026-03-01T08:00:00.000Z', status: 'new', followUp: null },
        { id: 'GB-44444444', createdAt: '2026-03-01T20:00:00.000Z', status: 'new', followUp: null },
      ];
      for (const [id, createdAt, status, followUp] of more) {
        await post('contactEnquiries', id, createdAt);
        expect((await patch(id, { status, followUp })).status).toBe(200);
        expected.push({ id, createdAt, status, followUp });
      }
      const today = '2026-03-02';
      const desk = await ids(`?type=contactEnquiries,sampleRequests&order=desk&today=${today}`);
      expect(desk).toEqual([...expected].sort(compareForDesk(today)).map((lead) => lead.id));
      expect(desk.slice(0, 5)).toEqual(['GB-77777777', 'GB-BBBBBBBB', 'GB-44444444', 'GB-33333333', 'GB-22222222']);
      // Without the admin's day, the server's own (the test clock's, 2026-03-02 in UTC).
      expect(await ids('?type=contactEnquiries,sampleRequests&order=desk')).toEqual(desk);
      // A day later, the follow-up due on 2026-03-02 is overdue too.
      const tomorrow = await ids('?type=contactEnquiries,sampleRequests&order=desk&today=2026-03-03');
      expect(tomorrow.slice(0, 3)).toEqual(['GB-77777777', 'GB-BBBBBBBB', 'GB-DDDDDDDD']);
    });

    it('the CSV carries each lead’s status, who changed it last and when, the follow-up and the notes and calls, and takes the list’s filters', async () => {
      await patch('GB-22222222', { status: 'contacted', followUp: '2026-03-09' });
      expect((await h.call('POST', '/api/admin/leads/GB-22222222/entries', { cookie, body: { kind: 'call', body: 'Call back' } })).status).toBe(201);
      const csv = async (query: string) => {
        const response = await h.call('GET', `/api/admin/leads.csv${query}`, { cookie });
        expect(response.status).toBe(200);
        return {
          name: response.headers.get('content-disposition'),
          lines: (await response.text())
            .replace(/^\uFEFF/, '')
            .split('\r\n')
            .filter(Boolean),
        };
      };
      const contact = await csv('?type=contactEnquiries');
      expect(contact.lines[0]).toMatch(
        /^id,createdAt,status,followUp,lastChangedBy,lastChangedAt,notes,source,medium,campaign,landingPage,referrer,name,company,/,
      );
      // These leads were sent without attribution: its five cells are empty.
      expect(contact.lines.find((line) => line.startsWith('GB-22222222,'))).toMatch(
        new RegExp(
          `^GB-22222222,2026-02-27T08:00:00.000Z,Contacted,2026-03-09,${ADMIN.username},${h.clock.now.toISOString()},${h.clock.now.toISOString()} ${ADMIN.username} \\(call\\): Call back,,,,,,Anna Schmidt,`,
        ),
      );
      expect(contact.lines.find((line) => line.startsWith('GB-33333333,'))).toMatch(/^GB-33333333,[^,]+,New,,,,,,,,,,/);
      const onlyContacted = await csv('?type=contactEnquiries&status=contacted');
      expect(onlyContacted.lines.map((line) => line.split(',')[0])).toEqual(['id', 'GB-22222222']);
      const both = await csv('?type=contactEnquiries,sampleRequests');
      expect(both.name).toMatch(/filename="garlic-brothers-buyers-leads-\d{4}-\d{2}-\d{2}\.csv"/);
      expect(both.lines).toHaveLength(4);
      expect(both.lines[0]).toContain(',contactPerson,');
    });

    it('deleting a lead keeps it and its history, hidden, for an undo; clearing takes exactly one type', async () => {
      await patch('GB-22222222', { status: 'lost' });
      expect((await h.call('DELETE', '/api/admin/leads/GB-22222222', { cookie })).status).toBe(204);
      const left = await store.db.selectFrom('lead_activity').select('change').orderBy('id').execute();
      expect(left.map((row) => row.change)).toEqual([{ status: { from: 'new', to: 'lost' } }, { deleted: true }]);
      expect((await h.call('GET', '/api/admin/leads/GB-22222222/activity', { cookie })).status).toBe(404);
      const two = await h.call('DELETE', '/api/admin/leads?type=contactEnquiries,sampleRequests', { cookie });
      expect(two.status).toBe(400);
      expect(await error(two)).toBe('Give ?type= one type only');
    });
  });

  describe('posts', () => {
    it('admin adds a post normalised by the dashboard rules; anyone reads it; admin deletes it', async () => {
      const cookie = await h.signIn();
      const added = await h.call('POST', '/api/admin/posts', {
        cookie,
        body: { title: '  Garlic prices in 2026 ', content: 'Prices **rose**.', category: 'Market News', tags: 'EU, powder, ', date: '2026-02-30' },
      });
      expect(added.status).toBe(201);
      const { post } = (await added.json()) as { post: Record<string, unknown> };
      expect(post).toEqual({
        id: 1001,
        title: 'Garlic prices in 2026',
        excerpt: '',
        content: 'Prices **rose**.',
        category: 'market-news',
        author: 'Garlic Brothers Team',
        date: '2026-02-30',
        readTime: '5 min read',
        image: '/images/blog/placeholder.svg',
        tags: ['EU', 'powder'],
        featured: false,
      });
      const second = await h.call('POST', '/api/admin/posts', { cookie, body: { title: 'Second', featured: true } });
      expect(((await second.json()) as { post: { id: number } }).post.id).toBe(1002);

      const all = (await (await h.call('GET', '/api/posts', { origin: null })).json()) as { posts: { id: number }[] };
      expect(all.posts.map((p) => p.id)).toEqual([1002, 1001]);
      const one = await h.call('GET', '/api/posts/1001', { origin: null });
      expect(((await one.json()) as { post: unknown }).post).toEqual(post);
      expect((await h.call('GET', '/api/posts/99', { origin: null })).status).toBe(404);
      expect((await h.call('GET', '/api/posts/abc', { origin: null })).status).toBe(404);
      // Past what the database's offset holds (a bigint): refused here, signed out.
      const far = await h.call('GET', '/api/posts?offset=99999999999999999999', { origin: null });
      expect(far.status).toBe(400);
      expect(((await far.json()) as { error: string }).error).toMatch(/"offset" must be a whole number from 0 to/);
      expect((await h.call('GET', '/api/posts?offset=1e3', { origin: null })).status).toBe(400);
      expect((await h.call('GET', '/api/posts?limit=0x10', { origin: null })).status).toBe(400);
      const page = (await (await h.call('GET', '/api/posts?limit=1&offset=1', { origin: null })).json()) as { posts: { id: number }[] };
      expect(page.posts.map((p) => p.id)).toEqual([1001]);

      expect((await h.call('DELETE', '/api/admin/posts/1001', { cookie })).status).toBe(204);
      expect((await h.call('DELETE', '/api/admin/posts/1001', { cookie })).status).toBe(404);
      expect((await h.call('GET', '/api/posts/1001', { origin: null })).status).toBe(404);
    });

    it('parallel adds get distinct ids', async () => {
      const cookie = await h.signIn();
      const responses = await Promise.all(Array.from({ length: 5 }, (_, i) => h.call('POST', '/api/admin/posts', { cookie, body: { title: `P${i}` } })));
      expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      expect(await count(store, 'posts')).toBe(5);
    });

    it('refuses oversized or ill-typed posts and stores script as text', async () => {
      const cookie = await h.signIn();
      const add = (body: unknown) => h.call('POST', '/api/admin/posts', { cookie, body });
      const tooLong = await add({ title: 'x'.repeat(201) });
      expect(tooLong.status).toBe(400);
      expect(((await tooLong.json()) as { error: string }).error).toMatch(/Shorten "title" to 200 characters/);
      expect((await add({ content: 'x'.repeat(50_001) })).status).toBe(400);
      expect((await add({ title: 5 })).status).toBe(400);
      expect((await add({ featured: 'yes' })).status).toBe(400);
      expect((await add({ title: 'ok', html: '<b>' })).status).toBe(400);
      expect((await add({ tags: Array.from({ length: 31 }, () => 't') })).status).toBe(400);
      const nul = await add({ title: 'Garlic\u0000 prices' });
      expect(nul.status).toBe(400);
      expect(((await nul.json()) as { error: string }).error).toMatch(/"title" holds a character that cannot be stored: U\+0000/);
      expect((await add({ title: 'ok', tags: ['fine', '\ud83d'] })).status).toBe(400);
      const badImage = await add({ title: 'ok', image: 'javascript:alert(1)' });
      expect(badImage.status).toBe(400);
      expect(((await badImage.json()) as { error: string }).error).toMatch(/^Image path "javascript:alert\(1\)" is neither a path on this site/);
      expect(await count(store, 'posts')).toBe(0);
      const script = await add({ title: '<script>alert(1)</script>', content: '<img src=x onerror=alert(1)>' });
      expect(script.status).toBe(201);
      const stored = (await (await h.call('GET', '/api/posts/1001')).json()) as { post: { title: string } };
      expect(stored.post.title).toBe('<script>alert(1)</script>');
    });
  });

  describe('investor portal', () => {
    it('documents need an investor session; the e-mail ignores case and spaces', async () => {
      const signedOut = await h.call('GET', '/api/investors/documents');
      expect(signedOut.status).toBe(401);
      const admin = await h.signIn();
      expect((await h.call('GET', '/api/investors/documents', { cookie: admin })).status).toBe(401);

      const login = await h.call('POST', '/api/investors/login', { body: { email: `  ${INVESTOR.email.toUpperCase()} `, key: INVESTOR.key } });
      expect(login.status).toBe(200);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect(cookie).toMatch(/^gb_investor=/);
      const docs = await h.call('GET', '/api/investors/documents', { cookie });
      expect(docs.status).toBe(200);
      expect(docs.headers.get('cache-control')).toBe('private, no-store');
      // The portal's copy as content/investors/portal.md holds it.
      expect(await docs.json()).toEqual(INVESTOR_PORTAL);
      expect((await h.call('GET', '/api/investors/documents', { cookie, origin: EVIL })).status).toBe(403);
    });

    it('logout ends the investor session: the documents answer 401 to its cookie afterwards', async () => {
      const cookie = await h.signIn('investor');
      expect((await h.call('GET', '/api/investors/documents', { cookie })).status).toBe(200);
      expect((await h.call('POST', '/api/investors/logout', { cookie })).status).toBe(200);
      expect((await h.call('GET', '/api/investors/documents', { cookie })).status).toBe(401);
    });

    it('refuses a wrong key generically and throttles like the admin login', async () => {
      const attempt = (key: string) => h.call('POST', '/api/investors/login', { body: { email: INVESTOR.email, key } });
      const wrong = await attempt('nope');
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({ error: 'Invalid e-mail or access key' });
      for (let i = 0; i < 4; i += 1) await attempt('nope');
      expect((await attempt(INVESTOR.key)).status).toBe(429);
      // The admin portal has its own count.
      expect((await h.call('POST', '/api/admin/login', { body: { username: ADMIN.username, password: ADMIN.password } })).status).toBe(200);
    });
  });

  describe('unknown API paths', () => {
    it('answer 404 in JSON', async () => {
      const response = await h.call('GET', '/api/nothing');
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'No such API route' });
    });
  });
}
