/** The desk's filters: read from the page's address, written back, and sent to the API. */
import { describe, expect, it } from 'vitest';
import { deskQuery, describeFilters, filtersToParams, NO_FILTERS, readFilters, setFilterCount } from './desk-filters';

const PRODUCTS = ['Garlic Powder', 'Garlic Oil'];
const read = (query: string) => readFilters(new URLSearchParams(query), PRODUCTS);

describe('readFilters', () => {
  it('reads every filter from the address', () => {
    expect(read('status=sampleSent&kind=sampleRequests&country=+de+&product=Garlic+Oil&from=2026-03-01&to=2026-03-05&q=acme&mine=1&due=today')).toEqual({
      status: 'sampleSent',
      kind: 'sampleRequests',
      country: 'DE',
      product: 'Garlic Oil',
      from: '2026-03-01',
      to: '2026-03-05',
      q: 'acme',
      mine: '1',
      due: 'today',
    });
  });

  it('reads a country kept by its English name in an older address as its code', () => {
    expect(read('country=Germany').country).toBe('DE');
    expect(read('country=united+arab+emirates').country).toBe('AE');
  });

  it('leaves out what does not fit instead of failing: unknown values, days that do not exist, an application status', () => {
    expect(read('status=pending&kind=jobApplications&product=Onion&from=2026-02-30&to=tomorrow&country=Atlantis&mine=yes&due=tomorrow')).toEqual(NO_FILTERS);
    expect(read('country=XX')).toEqual(NO_FILTERS);
    expect(read('')).toEqual(NO_FILTERS);
  });

  it('swaps days given the wrong way round, and shortens an overlong search to what the server takes', () => {
    expect(read('from=2026-03-05&to=2026-03-01')).toMatchObject({ from: '2026-03-01', to: '2026-03-05' });
    expect(read(`q=${'x'.repeat(300)}`).q).toHaveLength(200);
  });

  it('round-trips through the address, writing only the filters that are set', () => {
    const filters = { ...NO_FILTERS, status: 'new' as const, q: 'GB-7K3Q', mine: '1' as const, due: 'today' as const };
    expect(filtersToParams(filters).toString()).toBe('status=new&q=GB-7K3Q&mine=1&due=today');
    expect(read(filtersToParams(filters).toString())).toEqual(filters);
    expect(filtersToParams(NO_FILTERS).toString()).toBe('');
  });
});

describe('deskQuery', () => {
  const now = new Date(2026, 2, 2, 0, 30);

  it('asks for both buyers’ kinds in the desk’s order on the admin’s today', () => {
    expect(Object.fromEntries(deskQuery(NO_FILTERS, now))).toEqual({ type: 'contactEnquiries,sampleRequests', order: 'desk', today: '2026-03-02' });
  });

  it('sends the days as the admin’s own midnights: from the first day’s start to the end of the last', () => {
    const query = deskQuery({ ...NO_FILTERS, from: '2026-03-01', to: '2026-03-01' }, now);
    expect(query.get('from')).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.get('to')).toBe(new Date(2026, 2, 2).toISOString());
    // The end of a month and of a year.
    expect(deskQuery({ ...NO_FILTERS, to: '2026-12-31' }, now).get('to')).toBe(new Date(2027, 0, 1).toISOString());
  });

  it('sends the kind, status, country, product and search as chosen, trimmed', () => {
    const query = deskQuery(
      { status: 'won', kind: 'contactEnquiries', country: 'IN', product: 'Garlic Oil', from: '', to: '', q: ' 100% ', mine: '1', due: 'today' },
      now,
    );
    expect(Object.fromEntries(query)).toEqual({
      type: 'contactEnquiries',
      status: 'won',
      country: 'IN',
      product: 'Garlic Oil',
      q: '100%',
      mine: '1',
      due: 'today',
      order: 'desk',
      today: '2026-03-02',
    });
  });
});

describe('describeFilters and setFilterCount', () => {
  it('say in words what is set', () => {
    const filters = { ...NO_FILTERS, status: 'sampleSent' as const, country: 'US', from: '2026-03-01', to: '2026-03-05', q: 'acme' };
    expect(describeFilters(filters, (day) => `[${day}]`)).toBe('Sample sent, United States, sent [2026-03-01] to [2026-03-05], matching “acme”');
    expect(describeFilters(NO_FILTERS, String)).toBe('');
    expect(describeFilters({ ...NO_FILTERS, mine: '1', due: 'today', kind: 'contactEnquiries' }, String)).toBe('my leads, due today, quote requests');
    expect(setFilterCount(filters, ['kind', 'country', 'product', 'from', 'to'])).toBe(3);
  });
});
