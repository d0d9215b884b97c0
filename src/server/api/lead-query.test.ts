/** The admin list's query string read into a filter: what each value becomes, and what is refused. */
import { describe, expect, it } from 'vitest';
import { englishForms } from '../../../tests/support/lead-form-words';
import { refusalOf } from '../../../tests/support/http-refusal';
import { parseLeadQuery, siteProducts } from './lead-query';

const PRODUCTS = ['Garlic Powder', 'Garlic Oil'];
const NOW = new Date('2026-03-02T23:30:00.000Z');
type Options = Parameters<typeof parseLeadQuery>[3];
const parse = (query: Record<string, string>, options?: Options) => parseLeadQuery(query, PRODUCTS, NOW, options);

const refusal = (query: Record<string, string>, options?: Options) => refusalOf(() => parse(query, options), query).message;

describe('parseLeadQuery', () => {
  it('reads nothing as everything, newest first, the first 1,000', () => {
    expect(parse({})).toEqual({
      types: [],
      statuses: [],
      country: undefined,
      product: undefined,
      from: undefined,
      before: undefined,
      q: undefined,
      order: { by: 'newest' },
      limit: 1000,
      offset: 0,
    });
    expect(parse({ type: '', status: '', country: '  ', q: ' ', order: '' })).toMatchObject({ types: [], statuses: [], country: undefined, q: undefined });
  });

  it('reads lists separated by commas, once each', () => {
    expect(parse({ type: 'contactEnquiries, sampleRequests,contactEnquiries', status: 'new,won' })).toMatchObject({
      types: ['contactEnquiries', 'sampleRequests'],
      statuses: ['new', 'won'],
    });
  });

  it('takes a day as a whole UTC day and a UTC time as it is', () => {
    expect(parse({ from: '2026-03-01', to: '2026-03-01' })).toMatchObject({
      from: new Date('2026-03-01T00:00:00.000Z'),
      before: new Date('2026-03-02T00:00:00.000Z'),
    });
    expect(parse({ from: '2026-02-28T18:30:00.000Z', to: '2026-03-01T18:30:00.000Z' })).toMatchObject({
      from: new Date('2026-02-28T18:30:00.000Z'),
      before: new Date('2026-03-01T18:30:00.000Z'),
    });
    // The last day of February, in a leap year and not.
    expect(parse({ to: '2028-02-29' }).before).toEqual(new Date('2028-03-01T00:00:00.000Z'));
  });

  it('orders the desk on the admin’s day, or on the server’s UTC day', () => {
    expect(parse({ order: 'desk', today: '2026-03-03' }).order).toEqual({ by: 'desk', today: '2026-03-03' });
    expect(parse({ order: 'desk' }).order).toEqual({ by: 'desk', today: '2026-03-02' });
    expect(parse({ order: 'newest' }).order).toEqual({ by: 'newest' });
  });

  it('trims the search, the country and the product; a country code in either case', () => {
    expect(parse({ q: '  100%  ', country: ' DE ', product: ' Garlic Oil ' })).toMatchObject({ q: '100%', country: 'DE', product: 'Garlic Oil' });
    expect(parse({ country: 'ae' }).country).toBe('AE');
  });

  it.each([
    [{ type: 'contactEnquiries,orders' }, /"type" must be one or more of/],
    [{ status: 'new,maybe' }, /"status" must be one or more of/],
    [{ type: 'jobApplications', status: 'won' }, /"status" won is not a status of jobApplications/],
    [{ product: 'Onion Powder' }, /"product" must be one of Garlic Powder, Garlic Oil/],
    [{ from: '2026-02-29' }, /"from" must be a day/],
    [{ from: '0000-01-01' }, /"from" must be a day/],
    [{ to: '2026-03-01T24:00:00Z' }, /"to" must be a day/],
    [{ from: '2026-03-01', to: '2026-02-28' }, /"from" must be before "to"/],
    [{ order: 'desk', today: 'today' }, /"today" must be a day/],
    [{ order: 'random' }, /"order" must be newest or desk/],
    [{ offset: '-1' }, /"offset" must be a whole number/],
    [{ limit: '1001' }, /"limit" must be a whole number from 0 to 1000/],
    [{ q: 'acme\u0000' }, /"q" holds a character that cannot be searched for: U\+0000/],
    [{ country: '\ud800' }, /"country" must be an ISO 3166-1 alpha-2 country code, like DE/],
    [{ country: 'Germany' }, /"country" must be an ISO 3166-1 alpha-2 country code, like DE/],
    [{ country: 'XX' }, /"country" must be an ISO 3166-1 alpha-2 country code, like DE/],
  ])('refuses %j with a 400 saying what is expected', (query, message) => {
    expect(refusal(query)).toMatch(message);
  });

  it('takes statuses of any of the types given', () => {
    expect(parse({ type: 'contactEnquiries,jobApplications', status: 'lost,rejected' }).statuses).toEqual(['lost', 'rejected']);
  });

  it('names every value a list takes, and every status the types given have', () => {
    expect(refusal({ type: 'orders' })).toBe(
      '"type" must be one or more of jobApplications, partnershipApplications, investorInterests, contactEnquiries, sampleRequests, separated by commas',
    );
    expect(refusal({ type: 'jobApplications', status: 'won' })).toBe(
      '"status" won is not a status of jobApplications; they have pending, reviewed, shortlisted, accepted, rejected',
    );
    expect(refusal({ type: 'investorInterests,sampleRequests', status: 'accepted' })).toBe(
      '"status" accepted is not a status of investorInterests or sampleRequests; they have new, contacted, quoted, sampleSent, won, lost',
    );
    expect(refusal({ type: 'investorInterests', status: 'new' })).toBe('"status" new is not a status of investorInterests; they have no status');
  });

  it('takes a search and a product up to their lengths', () => {
    expect(parse({ q: 'x'.repeat(200) })).toMatchObject({ q: 'x'.repeat(200) });
    expect(refusal({ q: 'x'.repeat(201) })).toBe('"q" must be at most 200 characters');
    expect(refusal({ product: 'z'.repeat(201) })).toBe('"product" must be at most 200 characters');
  });

  it('reads an empty time as none, and takes days from the year 1', () => {
    expect(parse({ from: '', to: '' })).toMatchObject({ from: undefined, before: undefined });
    expect(parse({ from: '0001-01-01' }).from).toEqual(new Date('0001-01-01T00:00:00.000Z'));
    expect(parse({ order: 'desk', today: '0001-01-01' }).order).toEqual({ by: 'desk', today: '0001-01-01' });
    expect(refusal({ order: 'desk', today: '0000-12-31' })).toBe('"today" must be a day written YYYY-MM-DD');
  });

  it('refuses a key it does not take (a misspelt filter would list every lead), and takes those its caller reads', () => {
    expect(refusal({ stauts: 'new' })).toBe(
      'Unknown field "stauts" in the list’s query (it takes type, status, country, product, from, to, q, order, today, limit, offset)',
    );
    expect(refusal({ spam: 'only' })).toMatch(/^Unknown field "spam"/);
    expect(parse({ spam: 'only', mine: '1' }, { alsoTakes: ['spam', 'mine'] })).toMatchObject({ types: [] });
  });

  it('the CSV needs at least one type', () => {
    expect(refusal({}, { typeRequired: true })).toBe(
      'Give ?type= one or more of jobApplications, partnershipApplications, investorInterests, contactEnquiries, sampleRequests',
    );
    expect(parse({ type: 'sampleRequests' }, { typeRequired: true }).types).toEqual(['sampleRequests']);
  });
});

describe('siteProducts', () => {
  it('is the product list the forms offer, in its order', () => {
    expect(siteProducts(englishForms(['Black Garlic', 'Garlic Oil']))).toEqual(['Black Garlic', 'Garlic Oil']);
  });
});
