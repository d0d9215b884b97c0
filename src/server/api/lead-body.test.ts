/**
 * A POST /api/leads body checked against what the site's forms send: what a valid lead becomes,
 * each refusal with the message the client gets, and the screening that marks a bot's lead as spam.
 * (The API suite sends the same bodies through the server and the database.)
 */
import { describe, expect, it } from 'vitest';
import { englishForms } from '../../../tests/support/lead-form-words';
import { refusalOf } from '../../../tests/support/http-refusal';
import { isUtcTime, parseLeadBody } from './lead-body';
import { eachReturns, eachReturnsSame } from '../../../tests/support/each-returns';

const FORMS = englishForms(['Garlic Powder', 'Garlic Oil']);

const CONTACT_FIELDS = {
  name: 'Asha Rao',
  company: 'Spice Foods GmbH',
  email: 'asha@spicefoods.example',
  phone: '+49 30 1234567',
  country: 'DE',
  products: ['Garlic Oil'],
  quantity: '5',
  unit: 'metric tons',
  destination: 'Hamburg, Germany',
  incoterm: 'CIF',
  message: 'Garlic oil in 25 kg drums, monthly shipments from March.',
};

/** When the server received the lead in these tests: 1.5 s after the browser's createdAt below. */
const RECEIVED = new Date('2026-03-01T10:31:09.000Z');

const lead = (changes: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'contactEnquiries',
  id: 'GB-7K3Q9X2M',
  createdAt: '2026-03-01T10:31:07.482Z',
  page: '/contact',
  fields: CONTACT_FIELDS,
  // A person's, as the forms always send it: the trap empty, the form shown for 8 s.
  screening: { trap: '', shownForMs: 8412 },
  ...changes,
});

const withFields = (changes: Record<string, unknown>, without: string[] = []) => {
  const fields: Record<string, unknown> = { ...CONTACT_FIELDS, ...changes };
  for (const key of without) delete fields[key];
  return lead({ fields });
};

/** The 400 the body gets: its message and what it adds to the answer. */
const refusal = (body: Record<string, unknown>) => refusalOf(() => parseLeadBody(body, FORMS), body);
const message = (body: Record<string, unknown>) => refusal(body).message;

describe('parseLeadBody', () => {
  it('turns a valid body into the lead to store, its fields as the form checked them', () => {
    const parsed = parseLeadBody(withFields({ name: '  Asha Rao  ', quantity: '2,5', language: 'de' }), FORMS, RECEIVED);
    expect(parsed).toEqual({
      type: 'contactEnquiries',
      id: 'GB-7K3Q9X2M',
      createdAt: '2026-03-01T10:31:09.000Z',
      clientTime: '2026-03-01T10:31:07.482Z',
      page: '/contact',
      fields: { ...CONTACT_FIELDS, quantity: '2.5', language: 'de' },
      spam: null,
      attribution: null,
    });
  });

  it('takes a lead of every form', () => {
    const investor = { name: 'Dana Lee', email: 'dana@fund.example', organisation: '', investorType: 'Family office', ticketSize: 'Under USD 50,000' };
    const body = lead({ type: 'investorInterests', fields: { ...investor, message: 'Interested in the capacity expansion of the plant.' } });
    expect(parseLeadBody(body, FORMS)).toMatchObject({ type: 'investorInterests', fields: { organisation: '' } });
  });

  it('refuses a key the submission does not have', () => {
    expect(message(lead({ status: 'accepted' }))).toBe('Unknown field "status" in the submission');
  });

  it.for(['orders', '', 7, undefined])('refuses an unknown type, listing the five: %j', (type) => {
    expect(message(lead({ type }))).toBe('"type" must be one of jobApplications, partnershipApplications, investorInterests, contactEnquiries, sampleRequests');
  });

  // A list holding a good reference is not one (a pattern test would read it as its text).
  it.for(['GB-0000000O', 'GB-7K3Q9X2', 'GB-7K3Q9X2MM', 'gb-7K3Q9X2M', 'XGB-7K3Q9X2M', 'GB-7K3Q9X2M ', 12, null, ['GB-7K3Q9X2M']])(
    'refuses an id that is not a reference of the site’s alphabet: %j',
    (id) => {
      expect(message(lead({ id }))).toBe('"id" must be a reference like GB-7K3Q9X2M');
    },
  );

  it("dates the lead by the server and keeps the browser's time only within a day of it, never in its place", () => {
    const at = (createdAt: string) => {
      const parsed = parseLeadBody(lead({ createdAt }), FORMS, RECEIVED);
      return [parsed.createdAt, parsed.clientTime];
    };
    expect(at('2026-03-02T10:31:09.000Z')).toEqual(['2026-03-01T10:31:09.000Z', '2026-03-02T10:31:09.000Z']);
    expect(at('2026-02-28T10:31:09.000Z')).toEqual(['2026-03-01T10:31:09.000Z', '2026-02-28T10:31:09.000Z']);
    // A day and a millisecond off, the far future and year 1: the server's time alone.
    expect(at('2026-03-02T10:31:09.001Z')).toEqual(['2026-03-01T10:31:09.000Z', null]);
    expect(at('9999-12-31T23:59:59.999Z')).toEqual(['2026-03-01T10:31:09.000Z', null]);
    expect(at('0001-01-01T00:00:00Z')).toEqual(['2026-03-01T10:31:09.000Z', null]);
  });

  it.for(['yesterday', '2026-03-01', '2026-02-30T10:00:00Z', 1_772_000_000_000, ['2026-03-01T10:31:07.482Z']])(
    'refuses a createdAt that is not a UTC time: %j',
    (createdAt) => {
      expect(message(lead({ createdAt }))).toBe('"createdAt" must be a UTC time in ISO 8601, like 2025-11-22T10:31:07.482Z');
    },
  );

  it('takes a page path of up to 300 characters without control characters', () => {
    expect(parseLeadBody(lead({ page: `/${'a'.repeat(299)}` }), FORMS).page).toHaveLength(300);
    const refused = '"page" must be the path of the form\'s page, like /contact (300 characters at most)';
    for (const page of ['contact', 'javascript:alert(1)', `/${'a'.repeat(300)}`, '/contact\u0000', '/con\u001ftact', '/contact\u007f', '/con\ntact', 42]) {
      expect(message(lead({ page }))).toBe(refused);
    }
  });

  it.for([null, [], 'name=Asha', 3])('refuses fields that are not an object: %j', (fields) => {
    expect(message(lead({ fields }))).toBe('"fields" must be an object');
  });

  it('refuses a field the form does not have, and the language where the form records none', () => {
    expect(message(withFields({ website: 'x' }))).toBe('Unknown field "website" in the fields of contactEnquiries');
    const careers = lead({ type: 'jobApplications', fields: { language: 'de' } });
    expect(message(careers)).toBe('Unknown field "language" in the fields of jobApplications');
  });

  it('refuses a body without one of the form’s fields, naming the first missing', () => {
    expect(message(withFields({}, ['company', 'email']))).toBe('Missing field "company" in the fields of contactEnquiries');
    // The page's language is the one key a form may leave out.
    expect(parseLeadBody(withFields({}), FORMS).fields).not.toHaveProperty('language');
  });

  eachReturns('refuses a field of another type than the forms send, in words of its own: %j', (changes) => message(withFields(changes)), [
    [{ name: 42 }, '"fields.name" must be text'],
    [{ quantity: 5 }, '"fields.quantity" must be text'],
    [{ message: null }, '"fields.message" must be text'],
    [{ products: 'Garlic Oil' }, '"fields.products" must be a list of texts'],
    [{ products: ['Garlic Oil', 7] }, '"fields.products" must be a list of texts'],
  ]);

  it('refuses a language of another type than text', () => {
    expect(message(lead({ fields: { ...CONTACT_FIELDS, language: 3 } }))).toBe('"fields.language" must be text');
  });

  it('refuses invalid fields with the first one’s message, and lists them all', () => {
    const { message: text, extra } = refusal(withFields({ email: 'asha@', phone: '030 1234567' }));
    expect(text).toBe('Invalid "email": Enter an e-mail address like name@company.com');
    expect(extra).toEqual({
      fields: { email: 'Enter an e-mail address like name@company.com', phone: 'Start with + and the country code, like +49 30 1234567' },
    });
  });
});

describe('the country', () => {
  it('is stored as its ISO code; a name, an unknown code or one of another shape is refused naming the field', () => {
    expect(parseLeadBody(withFields({ country: 'de' }), FORMS, RECEIVED).fields.country).toBe('DE');
    for (const country of ['Germany', 'Deutschland', 'XX', 'ZZ', 'D-E', '']) {
      const { message: text, extra } = refusal(withFields({ country }));
      expect(text, country).toMatch(/^Invalid "country": Choose your country/);
      expect(Object.keys((extra as { fields: object }).fields)).toEqual(['country']);
    }
  });
});

describe('the attribution', () => {
  it('keeps where the visit came from, every key present and values trimmed', () => {
    const attribution = { landingPage: '/garlic-powder', referrer: 'https://www.google.com', utmSource: ' Newsletter ' };
    expect(parseLeadBody(lead({ attribution }), FORMS).attribution).toEqual({
      landingPage: '/garlic-powder',
      referrer: 'https://www.google.com',
      utmSource: 'Newsletter',
      utmMedium: null,
      utmCampaign: null,
    });
    // Absent or null: a lead from an older page, or from a visitor who asked not to be measured.
    expect(parseLeadBody(lead({ attribution: null }), FORMS).attribution).toBeNull();
  });

  it('refuses one the server does not keep, saying why', () => {
    expect(message(lead({ attribution: { landingPage: 'garlic-powder' } }))).toBe(
      '"attribution.landingPage" must be the path of the visit\'s first page, like /garlic-powder (300 characters at most)',
    );
    expect(message(lead({ attribution: 'google' }))).toMatch(/^"attribution" must be an object/);
  });
});

describe('the screening', () => {
  const screened = (screening: unknown) => parseLeadBody(lead({ screening }), FORMS).spam;

  it('keeps a lead from a person as a lead', () => {
    expect(screened({ trap: '', shownForMs: 45_000 })).toBeNull();
    expect(screened({ trap: '   ', shownForMs: 3000 })).toBeNull();
  });

  it("marks a lead without it as spam: the site's forms always send it", () => {
    const { screening: _screening, ...bare } = lead();
    expect(parseLeadBody(bare, FORMS).spam).toBe('unscreened');
  });

  it('marks a filled trap or a form sent in under 3 seconds as spam, the trap first', () => {
    expect(screened({ trap: 'https://spam.example', shownForMs: 60_000 })).toBe('honeypot');
    expect(screened({ trap: 'x', shownForMs: 0 })).toBe('honeypot');
    expect(screened({ trap: '', shownForMs: 2999 })).toBe('too-fast');
    expect(screened({ trap: '', shownForMs: 0 })).toBe('too-fast');
  });

  it('takes a trap of up to 2,000 characters', () => {
    expect(screened({ trap: 'x'.repeat(2000), shownForMs: 5000 })).toBe('honeypot');
    expect(message(lead({ screening: { trap: 'x'.repeat(2001), shownForMs: 5000 } }))).toBe('"screening.trap" must be text of at most 2000 characters');
    expect(message(lead({ screening: { trap: 5, shownForMs: 5000 } }))).toBe('"screening.trap" must be text of at most 2000 characters');
  });

  it.for([-1, '5000', null, Number.POSITIVE_INFINITY, Number.NaN])('refuses a time that is not a number of milliseconds, 0 or more: %s', (shownForMs) => {
    expect(message(lead({ screening: { trap: '', shownForMs } }))).toBe('"screening.shownForMs" must be a number of milliseconds, 0 or more');
  });

  it.for([null, [], 'trap', 3000])('refuses a screening that is not an object of the two: %j', (screening) => {
    expect(message(lead({ screening }))).toBe('"screening" must be an object with "trap" and "shownForMs"');
  });

  it('refuses a screening naming an unknown key', () => {
    expect(message(lead({ screening: { trap: '', shownForMs: 5000, score: 1 } }))).toBe('Unknown field "score" in the screening');
  });
});

describe('isUtcTime', () => {
  eachReturnsSame(
    'takes an ISO 8601 UTC time, with or without fractions of a second: %s',
    isUtcTime,
    [
      '2026-03-01T10:31:07.482Z',
      '2026-03-01T10:31:07Z',
      '2026-03-01T10:31:07.5Z',
      '2026-03-01T10:31:07.123456Z',
      '2028-02-29T23:59:59Z',
      '0001-01-01T00:00:00Z',
    ],
    true,
  );

  eachReturnsSame(
    'refuses other spellings and times that do not exist on the calendar: %j',
    isUtcTime,
    [
      '2026-03-01T10:31:07+01:00',
      '2026-03-01T10:31:07',
      '2026-03-01 10:31:07Z',
      '2026-03-01T10:31:07.1234567Z',
      ' 2026-03-01T10:31:07Z',
      '2026-03-01T10:31:07Z ',
      '2026-02-29T10:00:00Z',
      '2026-04-31T10:00:00Z',
      '2026-13-01T10:00:00Z',
      '2026-03-01T24:00:00Z',
      '2026-03-01T10:60:00Z',
      '2026-03-01T10:00:60Z',
      '0000-01-01T00:00:00Z',
    ],
    false,
  );
});
