/**
 * Attribution on leads and the admin's Overview, through the API, written once and run on every
 * database the server supports (attribution.pglite.test.ts, attribution.postgres.test.ts): the
 * optional `attribution` of a lead body (checked, stored, dropped for Sec-GPC and DNT), the lead
 * as the admin API and the CSV show it, and the Overview's weekly counts with a fixed clock.
 */
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Overview } from '../../src/shared/domain/overview';
import type { Store } from '../../src/server/db/connect';
import { createHarness, receivedAt, resetTables, sampleLead, type Harness } from './harness';

const CAMPAIGN = { landingPage: '/garlic-powder', referrer: null, utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'eu-2027' };
const SEARCH = { landingPage: '/garlic-flakes', referrer: 'https://www.google.com', utmSource: null, utmMedium: null, utmCampaign: null };

export function attributionSuite(getStore: () => Store): void {
  let store: Store;
  let h: Harness;
  let cookie: string;

  beforeEach(async () => {
    store = getStore();
    await resetTables(store);
    h = await createHarness(store);
    cookie = await h.signIn();
  });

  const post = (body: Record<string, unknown>, headers: Record<string, string> = {}) => h.call('POST', '/api/leads', { body, headers });
  const listed = async (query = '?type=contactEnquiries,sampleRequests') => {
    const response = await h.call('GET', `/api/admin/leads${query}`, { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { leads: { id: string; attribution: unknown }[] }).leads;
  };
  const csvLines = async (query = '?type=contactEnquiries') => {
    const response = await h.call('GET', `/api/admin/leads.csv${query}`, { cookie });
    expect(response.status).toBe(200);
    return (await response.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
  };

  describe('a lead’s attribution', () => {
    it('is stored as sent and shown on the lead in the admin API and in the CSV', async () => {
      expect((await post({ ...sampleLead('contactEnquiries', 'GB-22222222'), attribution: CAMPAIGN })).status).toBe(201);
      expect((await post({ ...sampleLead('contactEnquiries', 'GB-33333333'), attribution: SEARCH })).status).toBe(201);
      const byId = Object.fromEntries((await listed()).map((lead) => [lead.id, lead.attribution]));
      expect(byId).toEqual({ 'GB-22222222': CAMPAIGN, 'GB-33333333': SEARCH });

      const [header, ...rows] = await csvLines();
      const columns = header?.split(',') ?? [];
      const cells = (id: string) => {
        const row = rows.find((line) => line.startsWith(`${id},`))?.split(',') ?? [];
        return Object.fromEntries(['source', 'medium', 'campaign', 'landingPage', 'referrer'].map((name) => [name, row[columns.indexOf(name)]]));
      };
      expect(cells('GB-22222222')).toEqual({ source: 'newsletter', medium: 'email', campaign: 'eu-2027', landingPage: '/garlic-powder', referrer: '' });
      // No campaign: the source is the referring site's host.
      expect(cells('GB-33333333')).toEqual({
        source: 'www.google.com',
        medium: '',
        campaign: '',
        landingPage: '/garlic-flakes',
        referrer: 'https://www.google.com',
      });
    });

    it('is optional: a body without it (or with null) is stored as before, with no attribution', async () => {
      expect((await post(sampleLead('contactEnquiries', 'GB-22222222'))).status).toBe(201);
      expect((await post({ ...sampleLead('jobApplications', 'GB-33333333'), attribution: null })).status).toBe(201);
      expect((await listed('')).map((lead) => lead.attribution)).toEqual([null, null]);
      const row = await store.db.selectFrom('leads').select('attribution').where('id', '=', 'GB-22222222').executeTakeFirstOrThrow();
      expect(row.attribution).toBeNull();
    });

    it('fills in the keys left out as null and trims the values', async () => {
      await post({ ...sampleLead(), attribution: { landingPage: '/', utmSource: '  LinkedIn ' } });
      expect((await listed())[0]?.attribution).toEqual({ landingPage: '/', referrer: null, utmSource: 'LinkedIn', utmMedium: null, utmCampaign: null });
    });

    it('is dropped, and the lead kept, when the request says Sec-GPC: 1 or DNT: 1', async () => {
      expect((await post({ ...sampleLead('contactEnquiries', 'GB-22222222'), attribution: CAMPAIGN }, { 'Sec-GPC': '1' })).status).toBe(201);
      expect((await post({ ...sampleLead('contactEnquiries', 'GB-33333333'), attribution: CAMPAIGN }, { DNT: '1' })).status).toBe(201);
      expect((await post({ ...sampleLead('contactEnquiries', 'GB-44444444'), attribution: CAMPAIGN }, { 'Sec-GPC': '0' })).status).toBe(201);
      const byId = Object.fromEntries((await listed()).map((lead) => [lead.id, lead.attribution]));
      expect(byId).toEqual({ 'GB-22222222': null, 'GB-33333333': null, 'GB-44444444': CAMPAIGN });
    });

    it.each([
      ['not an object', ['newsletter'], /^"attribution" must be an object/],
      ['an unknown key', { ...CAMPAIGN, gclid: 'abc' }, /^Unknown field "gclid" in the attribution$/],
      ['the language, which the fields carry', { ...CAMPAIGN, language: 'de' }, /^"attribution\.language" is not taken/],
      ['no landing page', { utmSource: 'newsletter' }, /^"attribution\.landingPage" must be the path/],
      ['a landing page that is a URL', { ...CAMPAIGN, landingPage: 'https://evil.example/' }, /^"attribution\.landingPage" must be the path/],
      ['a landing page of 301 characters', { ...CAMPAIGN, landingPage: `/${'a'.repeat(300)}` }, /^"attribution\.landingPage" must be the path/],
      ['a landing page with a control character', { ...CAMPAIGN, landingPage: '/a\nb' }, /^"attribution\.landingPage" must be the path/],
      ['a referrer with a path', { ...CAMPAIGN, referrer: 'https://www.google.com/search?q=garlic' }, /^"attribution\.referrer" must be an origin/],
      ['a referrer that is not http', { ...CAMPAIGN, referrer: 'javascript:alert(1)' }, /^"attribution\.referrer" must be an origin/],
      ['a UTM value of 101 characters', { ...CAMPAIGN, utmCampaign: 'x'.repeat(101) }, /^"attribution\.utmCampaign" must be text of 1 to 100 characters/],
      ['an empty UTM value', { ...CAMPAIGN, utmSource: '  ' }, /^"attribution\.utmSource" must be text of 1 to 100 characters/],
      ['a UTM value that is a number', { ...CAMPAIGN, utmMedium: 5 }, /^"attribution\.utmMedium" must be text/],
    ])('refuses %s with a 400 that says what is expected, storing nothing', async (_name, attribution, message) => {
      const response = await post({ ...sampleLead(), attribution });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
      const row = await store.db
        .selectFrom('leads')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(0);
    });

    it('is an object or nothing in the database itself', async () => {
      await post(sampleLead());
      await expect(sql`update leads set attribution = '["newsletter"]'::jsonb`.execute(store.db)).rejects.toThrow(/leads_attribution_check/);
    });

    it('defuses a spreadsheet formula in a UTM value in the CSV', async () => {
      await post({ ...sampleLead(), attribution: { ...CAMPAIGN, utmCampaign: '=HYPERLINK("http://evil.example")' } });
      const [, row] = await csvLines();
      expect(row).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    });
  });

  describe('GET /api/admin/overview', () => {
    const overview = async (query: string) => {
      const response = await h.call('GET', `/api/admin/overview${query}`, { cookie });
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as Overview;
    };

    /** A buyer's lead sent at `createdAt`, with its fields changed by `fields` and its attribution. */
    const send = async (
      id: string,
      type: 'contactEnquiries' | 'sampleRequests',
      createdAt: string,
      fields: Record<string, unknown>,
      extra: Record<string, unknown> = {},
    ) => {
      const lead = sampleLead(type, id);
      const response = await receivedAt(h, createdAt, () => post({ ...lead, createdAt, fields: { ...(lead.fields as object), ...fields }, ...extra }));
      expect(response.status, await response.clone().text()).toBe(201);
    };

    it('counts buyers’ leads per UTC week, Monday first, by kind, country, product and source, and the pipeline, spam and other types left out', async () => {
      // Today is Wednesday 2026-03-04: its week starts on Monday 2 March; twelve weeks go back to Monday 15 December 2025.
      await send(
        'GB-22222222',
        'contactEnquiries',
        '2026-03-02T00:00:00.000Z',
        { country: 'DE', products: ['Garlic Powder', 'Garlic Flakes'] },
        { attribution: CAMPAIGN },
      );
      await send('GB-33333333', 'contactEnquiries', '2026-03-01T23:59:59.999Z', { country: 'de ', products: ['Garlic Powder'] }, { attribution: SEARCH });
      await send('GB-44444444', 'sampleRequests', '2026-02-25T10:00:00.000Z', {
        address: '1 Rue de la Paix, 75002 Paris, France',
        country: 'FR',
        products: ['Garlic Oil'],
      });
      await send(
        'GB-55555555',
        'contactEnquiries',
        '2025-12-15T00:00:00.000Z',
        { country: 'DE', products: ['Garlic Powder'] },
        { attribution: { ...CAMPAIGN, utmSource: 'Newsletter' } },
      );
      await send(
        'GB-56565656',
        'contactEnquiries',
        '2026-02-26T09:00:00.000Z',
        { country: 'IN', products: ['Garlic Powder'] },
        { attribution: { landingPage: '/' } },
      );
      // Outside the twelve weeks: the Sunday before the first Monday, and the Monday after today's week.
      await send('GB-66666666', 'contactEnquiries', '2025-12-14T23:59:59.999Z', { country: 'ES' });
      await send('GB-77777777', 'contactEnquiries', '2026-03-09T00:00:00.000Z', { country: 'ES' });
      // Spam (sent too fast) and other kinds of lead are not counted.
      await send('GB-88888888', 'contactEnquiries', '2026-03-03T10:00:00.000Z', { country: 'ES' }, { screening: { trap: '', shownForMs: 500 } });
      const partnership = { ...sampleLead('partnershipApplications', 'GB-99999999'), createdAt: '2026-03-03T10:00:00.000Z' };
      expect((await receivedAt(h, '2026-03-03T10:00:00.000Z', () => post(partnership))).status).toBe(201);
      // Moved along the pipeline.
      expect((await h.call('PATCH', '/api/admin/leads/GB-22222222', { cookie, body: { status: 'won' } })).status).toBe(200);
      expect((await h.call('PATCH', '/api/admin/leads/GB-44444444', { cookie, body: { status: 'sampleSent' } })).status).toBe(200);

      const result = await overview('?weeks=12&today=2026-03-04');
      expect(result.weeks).toHaveLength(12);
      expect(result.weeks[0]).toBe('2025-12-15');
      expect(result.weeks.at(-1)).toBe('2026-03-02');
      expect(result.from).toBe('2025-12-15T00:00:00.000Z');
      expect(result.to).toBe('2026-03-09T00:00:00.000Z');
      const week = (monday: string) => result.weeks.indexOf(monday);
      /** A series' counts as { Monday: n } without the empty weeks. */
      const byWeek = (counts: number[]) => Object.fromEntries(counts.flatMap((n, i) => (n ? [[result.weeks[i], n]] : [])));
      const series = (list: Overview['kind']) => list.map((s) => ({ key: s.key, label: s.label, total: s.total, weeks: byWeek(s.counts) }));

      expect(byWeek(result.totals)).toEqual({ '2025-12-15': 1, '2026-02-23': 3, '2026-03-02': 1 });
      expect(week('2026-02-23')).toBe(10);
      expect(series(result.kind)).toEqual([
        { key: 'contactEnquiries', label: 'Quote request', total: 4, weeks: { '2025-12-15': 1, '2026-02-23': 2, '2026-03-02': 1 } },
        { key: 'sampleRequests', label: 'Sample request', total: 1, weeks: { '2026-02-23': 1 } },
      ]);
      // Each country by its code ("de " is DE), named in English, the admin's language.
      expect(series(result.country)).toEqual([
        { key: 'DE', label: 'Germany', total: 3, weeks: { '2025-12-15': 1, '2026-02-23': 1, '2026-03-02': 1 } },
        { key: 'FR', label: 'France', total: 1, weeks: { '2026-02-23': 1 } },
        { key: 'IN', label: 'India', total: 1, weeks: { '2026-02-23': 1 } },
      ]);
      // A lead asking for two products counts for each.
      expect(series(result.product)).toEqual([
        { key: 'Garlic Powder', label: 'Garlic Powder', total: 4, weeks: { '2025-12-15': 1, '2026-02-23': 2, '2026-03-02': 1 } },
        { key: 'Garlic Flakes', label: 'Garlic Flakes', total: 1, weeks: { '2026-03-02': 1 } },
        { key: 'Garlic Oil', label: 'Garlic Oil', total: 1, weeks: { '2026-02-23': 1 } },
      ]);
      // The UTM source (any case), else the referring host, else direct; a lead without attribution is "Not recorded".
      expect(series(result.source)).toEqual([
        { key: 'newsletter', label: 'newsletter', total: 2, weeks: { '2025-12-15': 1, '2026-03-02': 1 } },
        { key: 'direct', label: 'direct', total: 1, weeks: { '2026-02-23': 1 } },
        { key: '', label: 'Not recorded', total: 1, weeks: { '2026-02-23': 1 } },
        { key: 'www.google.com', label: 'www.google.com', total: 1, weeks: { '2026-02-23': 1 } },
      ]);
      expect(result.pipeline).toEqual([
        { status: 'new', count: 3 },
        { status: 'contacted', count: 0 },
        { status: 'quoted', count: 0 },
        { status: 'sampleSent', count: 1 },
        { status: 'won', count: 1 },
        { status: 'lost', count: 0 },
      ]);
    });

    it('takes the server’s UTC day without `today`, 12 weeks without `weeks`, and answers zeros with no leads', async () => {
      h.clock.now = new Date('2026-03-08T23:30:00.000Z');
      // The session signed in days ago has ended by then.
      cookie = await h.signIn();
      const result = await overview('');
      expect(result.weeks).toHaveLength(12);
      expect(result.weeks.at(-1)).toBe('2026-03-02');
      expect(result.totals).toEqual(Array.from({ length: 12 }, () => 0));
      expect([result.kind, result.country, result.product, result.source]).toEqual([[], [], [], []]);
      expect(result.pipeline.every((entry) => entry.count === 0)).toBe(true);
      expect((await overview('?weeks=1&today=2026-03-09')).weeks).toEqual(['2026-03-09']);
    });

    it.each([
      ['?weeks=0', /^"weeks" must be a whole number from 1 to 52$/],
      ['?weeks=53', /^"weeks" must be a whole number from 1 to 52$/],
      ['?weeks=1e1', /^"weeks" must be a whole number/],
      ['?today=2026-02-30', /^"today" must be a day from 2000-01-01 to 9998-12-31/],
      ['?today=1999-12-31', /^"today" must be a day from 2000-01-01/],
      ['?country=Germany', /^Unknown field "country"/],
    ])('refuses %s with a 400', async (query, message) => {
      const response = await h.call('GET', `/api/admin/overview${query}`, { cookie });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    });

    it('needs an admin session', async () => {
      expect((await h.call('GET', '/api/admin/overview')).status).toBe(401);
    });
  });
}
