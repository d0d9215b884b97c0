/** The sales desk's rules: overdue follow-ups, the desk's order, follow-up dates, a lead's country. */
import { describe, expect, it } from 'vitest';
import { compareForDesk, deskGroup, isFollowUpDate, isOverdue, isPartnerOverdue, leadCompany, leadCountry, leadProducts, localDate } from './sales-pipeline';
import type { BuyerStatus } from './records';

const TODAY = '2026-03-02';

const lead = (id: string, status: BuyerStatus, followUp: string | null, createdAt: string) => ({ id, status, followUp, createdAt });

describe('isPartnerOverdue', () => {
  it('is a follow-up before today on an application still in the works, never on an Active or Declined one', () => {
    expect(isPartnerOverdue({ status: 'agreement', followUp: '2026-03-01' }, TODAY)).toBe(true);
    expect(isPartnerOverdue({ status: 'new', followUp: TODAY }, TODAY)).toBe(false);
    expect(isPartnerOverdue({ status: 'reviewing', followUp: null }, TODAY)).toBe(false);
    expect(isPartnerOverdue({ status: 'active', followUp: '2026-03-01' }, TODAY)).toBe(false);
    expect(isPartnerOverdue({ status: 'declined', followUp: '2026-03-01' }, TODAY)).toBe(false);
  });
});

describe('isOverdue', () => {
  it('is a follow-up before today on an open lead', () => {
    expect(isOverdue({ status: 'contacted', followUp: '2026-03-01' }, TODAY)).toBe(true);
    expect(isOverdue({ status: 'new', followUp: '2025-12-31' }, TODAY)).toBe(true);
  });

  it('is not due today or later, without a date, or on a won or lost lead', () => {
    expect(isOverdue({ status: 'contacted', followUp: TODAY }, TODAY)).toBe(false);
    expect(isOverdue({ status: 'quoted', followUp: '2026-03-03' }, TODAY)).toBe(false);
    expect(isOverdue({ status: 'quoted', followUp: null }, TODAY)).toBe(false);
    expect(isOverdue({ status: 'won', followUp: '2026-01-01' }, TODAY)).toBe(false);
    expect(isOverdue({ status: 'lost', followUp: '2026-01-01' }, TODAY)).toBe(false);
  });
});

describe('the desk order', () => {
  it('puts overdue follow-ups first (earliest first), then new leads (newest first), then open ones, then closed', () => {
    const leads = [
      lead('GB-A', 'won', null, '2026-03-01T12:00:00.000Z'),
      lead('GB-B', 'contacted', '2026-03-05', '2026-02-01T00:00:00.000Z'),
      lead('GB-C', 'new', null, '2026-02-20T00:00:00.000Z'),
      lead('GB-D', 'quoted', '2026-02-27', '2026-01-10T00:00:00.000Z'),
      lead('GB-E', 'new', null, '2026-03-01T09:00:00.000Z'),
      lead('GB-F', 'contacted', null, '2026-03-01T10:00:00.000Z'),
      lead('GB-G', 'sampleSent', '2026-03-01', '2026-02-15T00:00:00.000Z'),
      lead('GB-H', 'lost', '2026-02-01', '2026-02-28T00:00:00.000Z'),
      lead('GB-J', 'contacted', TODAY, '2026-02-02T00:00:00.000Z'),
    ];
    const order = [...leads].sort(compareForDesk(TODAY)).map((l) => `${l.id} ${deskGroup(l, TODAY)}`);
    expect(order).toEqual(['GB-D overdue', 'GB-G overdue', 'GB-E new', 'GB-C new', 'GB-J open', 'GB-B open', 'GB-F open', 'GB-A closed', 'GB-H closed']);
  });

  it('puts the earlier follow-up first, and the newer lead first on the same day', () => {
    const order = [
      lead('GB-1', 'quoted', '2026-03-10', '2026-02-01T00:00:00.000Z'),
      lead('GB-2', 'quoted', '2026-03-09', '2026-01-01T00:00:00.000Z'),
      lead('GB-3', 'quoted', '2026-03-10', '2026-02-05T00:00:00.000Z'),
      lead('GB-4', 'contacted', '2026-02-20', '2026-01-05T00:00:00.000Z'),
      lead('GB-5', 'contacted', '2026-02-20', '2026-01-07T00:00:00.000Z'),
    ].sort(compareForDesk(TODAY));
    expect(order.map((l) => l.id)).toEqual(['GB-5', 'GB-4', 'GB-2', 'GB-3', 'GB-1']);
  });

  it('breaks a tie on time by reference, so the order is stable', () => {
    const at = '2026-03-01T09:00:00.000Z';
    const order = [lead('GB-Z', 'new', null, at), lead('GB-M', 'new', null, at)].sort(compareForDesk(TODAY));
    expect(order.map((l) => l.id)).toEqual(['GB-M', 'GB-Z']);
    const compare = compareForDesk(TODAY);
    const [m, z] = [lead('GB-M', 'won', null, at), lead('GB-Z', 'won', null, at)];
    expect([Math.sign(compare(m, z)), Math.sign(compare(z, m)), compare(m, { ...m })]).toEqual([-1, 1, 0]);
    // An open lead without a follow-up date comes after one with, whichever is compared first.
    const [dated, undated] = [lead('GB-D', 'quoted', '2026-03-20', at), lead('GB-U', 'quoted', null, at)];
    expect([Math.sign(compare(dated, undated)), Math.sign(compare(undated, dated))]).toEqual([-1, 1]);
  });

  it('compares times as times, not as text (a visitor’s clock may write fewer digits of the second)', () => {
    const order = [lead('GB-1', 'new', null, '2026-03-01T09:00:00Z'), lead('GB-2', 'new', null, '2026-03-01T09:00:00.500Z')].sort(compareForDesk(TODAY));
    expect(order.map((l) => l.id)).toEqual(['GB-2', 'GB-1']);
  });
});

describe('isFollowUpDate', () => {
  it('takes real calendar days written YYYY-MM-DD', () => {
    for (const day of ['2026-03-09', '2028-02-29', '2000-01-01', '9999-12-31']) expect(isFollowUpDate(day)).toBe(true);
  });

  it('refuses other spellings, days that do not exist and years outside 2000-9999', () => {
    for (const day of ['2026-3-9', '09/03/2026', '2026-02-29', '2026-04-31', '2026-13-01', '0000-01-01', '0226-03-09', '1999-12-31', '', 'tomorrow']) {
      expect(isFollowUpDate(day)).toBe(false);
    }
  });
});

describe('localDate', () => {
  it('is the day in the local zone, padded', () => {
    expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDate(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
    const early = new Date(2026, 8, 9);
    early.setFullYear(226);
    expect(localDate(early)).toBe('0226-09-09');
  });
});

describe('leadCountry', () => {
  it('is the contact form’s country, or the last part of a sample request’s delivery address', () => {
    expect(leadCountry({ country: ' Germany ' })).toBe('Germany');
    expect(leadCountry({ address: '1 Main Street, Springfield, 12345, USA' })).toBe('USA');
    expect(leadCountry({ address: 'Hafenstraße 1,\n20457 Hamburg,\nDeutschland' })).toBe('Deutschland');
    expect(leadCountry({ address: 'Somewhere without commas' })).toBe('');
    expect(leadCountry({ address: ', India' })).toBe('India');
    expect(leadCountry({})).toBe('');
    // A country sent as a list (no form does) is no country; the address is then read.
    expect(leadCountry({ country: ['Germany'], address: 'Hafenstraße 1, Hamburg, Germany' })).toBe('Germany');
    expect(leadCountry({ address: ['Hafenstraße 1, Hamburg, Germany'] })).toBe('');
  });

  it('names a country the form stored as its code in English, as a lead kept in this browser holds it', () => {
    expect(leadCountry({ country: 'DE' })).toBe('Germany');
    expect(leadCountry({ country: 'AE', address: 'Sheikh Zayed Road, Dubai' })).toBe('United Arab Emirates');
  });
});

describe('leadCompany and leadProducts', () => {
  it('are the company, trimmed, and the products chosen, or nothing', () => {
    expect(leadCompany({ company: '  Spice Foods GmbH ' })).toBe('Spice Foods GmbH');
    expect(leadCompany({ company: ['Spice Foods'] })).toBe('');
    expect(leadCompany({})).toBe('');
    expect(leadProducts({ products: ['Garlic Oil', 'Garlic Powder'] })).toEqual(['Garlic Oil', 'Garlic Powder']);
    expect(leadProducts({ products: 'Garlic Oil' })).toEqual([]);
    expect(leadProducts({})).toEqual([]);
  });
});
