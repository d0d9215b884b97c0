/**
 * Migration 0013-country-codes-and-search on a database that already holds leads written before
 * the forms had a country list: a country written as a name in English, German or Arabic, or as a
 * common alias, becomes its ISO code (a sample request's, from its address after a Latin or an
 * Arabic comma, is added as its country); text that names no country stays as written; every
 * lead's search text is written, so the desk's search finds the leads stored before it. Run on
 * PGlite (country-migration.pglite.test.ts) and PostgreSQL (country-migration.postgres.test.ts).
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { listLeads, type LeadFilter } from '../../src/server/db/leads';
import { leadOverview } from '../../src/server/db/overview';
import { migratedDatabase, type FreshDatabase } from './migration-database';

const OLD: [id: string, type: string, fields: Record<string, unknown>][] = [
  ['GB-22222222', 'contactEnquiries', { name: 'Jürgen Müller', company: 'Gewürzhaus Nord', country: 'Deutschland', phone: '+49 40 1234567' }],
  ['GB-33333333', 'contactEnquiries', { name: 'Anna Schmidt', company: 'Spice Trading', country: 'germany ', destination: 'Hamburg, Germany' }],
  ['GB-44444444', 'contactEnquiries', { name: 'Omar', company: 'Gulf Foods', country: 'ألمانيا' }],
  ['GB-55555555', 'contactEnquiries', { name: 'Jo Lee', company: 'Acme', country: 'U.S.' }],
  ['GB-66666666', 'partnershipApplications', { contactPerson: 'عبدُالله', company: 'Gulf Distribution', country: 'الإمارات' }],
  ['GB-77777777', 'partnershipApplications', { contactPerson: 'Sara', company: 'Emirates Trade', country: 'UAE' }],
  ['GB-88888888', 'contactEnquiries', { name: 'Kim', company: 'Somewhere Ltd', country: 'Atlantis' }],
  ['GB-99999999', 'sampleRequests', { company: 'Dubai Foods', contactPerson: 'Ali', address: 'شارع الشيخ زايد، دبي، الإمارات العربية المتحدة' }],
  ['GB-AAAAAAAA', 'sampleRequests', { company: 'Nutra Labs', contactPerson: 'Ben', address: '12 Harbor Road, Newark, NJ 07102, USA' }],
  ['GB-BBBBBBBB', 'sampleRequests', { company: 'Hafen GmbH', contactPerson: 'Eva', address: 'Hafenstraße 1 Hamburg' }],
];

const FILTER: LeadFilter = { types: [], statuses: [], order: { by: 'newest' }, limit: 100, offset: 0 };

export function countryMigrationSuite(fresh: FreshDatabase): void {
  const database = migratedDatabase(fresh, {
    before: '0012-lead-entries',
    async fill(db) {
      for (const [id, type, fields] of OLD) {
        const status = type === 'partnershipApplications' ? 'pending' : 'new';
        await sql`insert into leads (id, type, created_at, page, fields, status)
          values (${id}, ${type}, '2026-03-03T10:00:00Z', '/contact', ${JSON.stringify(fields)}::jsonb, ${status})`.execute(db);
      }
    },
    applied: (names) => expect(names[0]).toBe('0013-country-codes-and-search'),
    timeoutMs: 120_000,
  });

  it('turns the names and aliases of a country into its code and keeps text that names none', async () => {
    const rows = await sql<{ id: string; country: string | null }>`select id, fields->>'country' as country from leads order by id`.execute(database.db);
    expect(rows.rows).toEqual([
      { id: 'GB-22222222', country: 'DE' },
      { id: 'GB-33333333', country: 'DE' },
      { id: 'GB-44444444', country: 'DE' },
      { id: 'GB-55555555', country: 'US' },
      { id: 'GB-66666666', country: 'AE' },
      { id: 'GB-77777777', country: 'AE' },
      { id: 'GB-88888888', country: 'Atlantis' },
      { id: 'GB-99999999', country: 'AE' },
      { id: 'GB-AAAAAAAA', country: 'US' },
      { id: 'GB-BBBBBBBB', country: null },
    ]);
    // The address stays as it was written.
    const address = await sql<{ address: string }>`select fields->>'address' as address from leads where id = 'GB-99999999'`.execute(database.db);
    expect(address.rows[0]?.address).toBe('شارع الشيخ زايد، دبي، الإمارات العربية المتحدة');
  });

  it('lets the desk filter the old leads by code and find them by their text', async () => {
    const ids = async (filter: Partial<LeadFilter>) => (await listLeads(database.db, { ...FILTER, ...filter })).map((lead) => lead.id).sort();
    expect(await ids({ country: 'DE' })).toEqual(['GB-22222222', 'GB-33333333', 'GB-44444444']);
    expect(await ids({ country: 'AE' })).toEqual(['GB-66666666', 'GB-77777777', 'GB-99999999']);
    expect(await ids({ q: 'muller' })).toEqual(['GB-22222222']);
    expect(await ids({ q: 'عبدالله' })).toEqual(['GB-66666666']);
    expect(await ids({ q: '+49 40' })).toEqual(['GB-22222222']);
    expect(await ids({ q: 'hamburg' })).toEqual(['GB-33333333', 'GB-BBBBBBBB']);
    // The admin reads the name in English, or the text that named no country.
    const leads = await listLeads(database.db, FILTER);
    const country = (id: string) => leads.find((lead) => lead.id === id)?.fields.country;
    expect([country('GB-44444444'), country('GB-99999999'), country('GB-88888888')]).toEqual(['Germany', 'United Arab Emirates', 'Atlantis']);
  });

  it('counts one country per code in the Overview, named in English, and the text that named none as written', async () => {
    const overview = await leadOverview(database.db, ['2026-03-02']);
    expect(overview.country.map((series) => [series.key, series.label, series.total])).toEqual([
      ['DE', 'Germany', 3],
      ['US', 'United States', 2],
      ['atlantis', 'Atlantis', 1],
      ['', 'Not given', 1],
      ['AE', 'United Arab Emirates', 1],
    ]);
  });
}
