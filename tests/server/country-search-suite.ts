/**
 * A lead's country and the desk's search, through the API: the forms' country is an ISO code,
 * stored as such and refused otherwise (naming the field); the admin reads its English name (list,
 * CSV) and filters by the code; the search finds a lead by its name, company, e-mail, phone,
 * addresses or message ignoring case, accents and Arabic letter forms, and a phone number by its
 * digits. Run on PGlite (country-search.pglite.test.ts) and PostgreSQL (country-search.postgres.test.ts).
 */
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/server/db/connect';
import { createHarness, receivedAt, resetTables, sampleLead, type Harness } from './harness';

interface ListedLead {
  id: string;
  fields: Record<string, unknown>;
  countryCode: string | null;
}

export function countrySearchSuite(getStore: () => Store): void {
  let store: Store;
  let h: Harness;
  let cookie: string;

  /** Posts a lead of `type` with `id` and the sample lead's fields changed by `fields`, at `time`. */
  const post = (type: string, id: string, fields: Record<string, unknown>, time = '2026-03-02T09:00:00.000Z') => {
    const lead = sampleLead(type, id);
    return receivedAt(h, time, () => h.call('POST', '/api/leads', { body: { ...lead, fields: { ...(lead.fields as object), ...fields } } }));
  };
  const list = async (query: string): Promise<ListedLead[]> => {
    const response = await h.call('GET', `/api/admin/leads${query}`, { cookie });
    expect(response.status, query).toBe(200);
    return ((await response.json()) as { leads: ListedLead[] }).leads;
  };
  const found = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).map((lead) => lead.id).sort();

  beforeEach(async () => {
    store = getStore();
    await resetTables(store);
    h = await createHarness(store);
    cookie = await h.signIn();
  });

  describe('the country', () => {
    it('is stored as its ISO code from every form that asks for it; the admin reads its English name and the code', async () => {
      expect((await post('contactEnquiries', 'GB-22222222', { country: 'de' })).status).toBe(201);
      expect((await post('sampleRequests', 'GB-33333333', { country: 'US' })).status).toBe(201);
      expect((await post('partnershipApplications', 'GB-44444444', { country: 'AE' })).status).toBe(201);
      const stored = await sql<{ id: string; country: string }>`select id, fields->>'country' as country from leads order by id`.execute(store.db);
      expect(stored.rows).toEqual([
        { id: 'GB-22222222', country: 'DE' },
        { id: 'GB-33333333', country: 'US' },
        { id: 'GB-44444444', country: 'AE' },
      ]);
      const leads = await list('?type=contactEnquiries,sampleRequests,partnershipApplications');
      expect(leads.map((lead) => [lead.id, lead.fields.country, lead.countryCode]).sort()).toEqual([
        ['GB-22222222', 'Germany', 'DE'],
        ['GB-33333333', 'United States', 'US'],
        ['GB-44444444', 'United Arab Emirates', 'AE'],
      ]);
      const csv = await h.call('GET', '/api/admin/leads.csv?type=contactEnquiries', { cookie });
      expect(await csv.text()).toContain(',+49 40 1234567,Germany,');
    });

    it.each([
      ['a name', 'Germany', /^Invalid "country": /],
      ['a German name', 'Deutschland', /^Invalid "country": /],
      ['an unknown code', 'XX', /^Invalid "country": /],
      ['a three-letter code', 'DEU', /^Invalid "country": /],
      ['nothing', '', /^Invalid "country": /],
      ['a number', 49, /^"fields\.country" must be text$/],
    ])('is refused with a 400 naming the field when it is %s, and nothing is stored', async (_what, country, refusal) => {
      for (const type of ['contactEnquiries', 'sampleRequests', 'partnershipApplications']) {
        const response = await post(type, 'GB-22222222', { country });
        expect(response.status, type).toBe(400);
        expect(((await response.json()) as { error: string }).error, type).toMatch(refusal);
      }
      expect(await list('')).toEqual([]);
    });

    it('filters the list by the code, in either case', async () => {
      await post('contactEnquiries', 'GB-22222222', { country: 'DE' });
      await post('contactEnquiries', 'GB-33333333', { country: 'AE' });
      await post('sampleRequests', 'GB-44444444', { country: 'DE' });
      expect((await list('?country=DE')).map((lead) => lead.id).sort()).toEqual(['GB-22222222', 'GB-44444444']);
      expect((await list('?country=ae')).map((lead) => lead.id)).toEqual(['GB-33333333']);
      expect(await list('?country=FR')).toEqual([]);
    });
  });

  describe('the search', () => {
    beforeEach(async () => {
      const sent = [
        await post('contactEnquiries', 'GB-22222222', {
          name: 'Jürgen Müller',
          company: 'Gewürzhaus Nord GmbH',
          email: 'j.mueller@gewuerzhaus.example',
          phone: '+49 40 1234567',
          destination: 'Hamburg, Germany',
        }),
        await post('contactEnquiries', 'GB-33333333', {
          name: 'عبدُالله الأحمد',
          company: 'Gulf Foods LLC',
          email: 'sales@gulffoods.example',
          phone: '+971 4 1234567',
          country: 'AE',
          destination: 'Jebel Ali, Dubai',
          message: 'نرجو عرض سعر لمسحوق الثوم، شحنة شهرية إلى ميناء جبل علي.',
        }),
        // The careers form takes a number without +: here the same Hamburg number as 0049….
        await post('jobApplications', 'GB-44444444', { name: 'Priya Rao', phone: '0049401234567', location: 'Bengaluru, India' }),
        await post('sampleRequests', 'GB-55555555', {}),
        await post('contactEnquiries', 'GB-66666666', {
          name: 'Anna Mullins',
          company: 'Nordsee Handel',
          email: 'anna@nordsee.example',
          phone: '+33 1 2345 6789',
          country: 'FR',
          destination: 'Le Havre, France',
          message: 'Please quote delivery to our warehouse in Hamburg as well, 25 kg bags.',
        }),
      ];
      expect(sent.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    });

    it('finds a name with or without its accents, in any case', async () => {
      expect(await found('Müller')).toEqual(['GB-22222222']);
      expect(await found('muller')).toEqual(['GB-22222222']);
      expect(await found('MÜLLER')).toEqual(['GB-22222222']);
    });

    it('finds an Arabic name without its diacritics or hamza forms', async () => {
      expect(await found('عبدالله')).toEqual(['GB-33333333']);
      expect(await found('الاحمد')).toEqual(['GB-33333333']);
      expect(await found('جبل علي')).toEqual(['GB-33333333']);
    });

    it('finds a phone number by its digits, however it was written', async () => {
      expect(await found('+49 40')).toEqual(['GB-22222222', 'GB-44444444']);
      expect(await found('0049 40 123')).toEqual(['GB-22222222', 'GB-44444444']);
      expect(await found('+971')).toEqual(['GB-33333333']);
    });

    it('finds a city in the destination, the address or the message, and the company, e-mail and reference as before', async () => {
      expect(await found('Hamburg')).toEqual(['GB-22222222', 'GB-66666666']);
      expect(await found('springfield')).toEqual(['GB-55555555']);
      expect(await found('bengaluru')).toEqual(['GB-44444444']);
      expect(await found('gulf foods')).toEqual(['GB-33333333']);
      expect(await found('GULFFOODS.example')).toEqual(['GB-33333333']);
      expect(await found('gb-5555')).toEqual(['GB-55555555']);
    });

    it('finds nothing for what no lead holds, and takes wildcards literally', async () => {
      expect(await found('Zürich')).toEqual([]);
      expect(await found('%')).toEqual([]);
      expect(await found('M_ller')).toEqual([]);
    });

    it('keeps its length bound', async () => {
      const response = await h.call('GET', `/api/admin/leads?q=${'ü'.repeat(201)}`, { cookie });
      expect(response.status).toBe(400);
    });
  });
}
