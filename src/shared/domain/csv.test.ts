/** The CSV export the dashboard and the server's CSV route both write. */
import { describe, expect, it } from 'vitest';
import { csvFileName, toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header and one row per lead, with every field key', () => {
    const csv = toCsv([
      { id: 'GB-1', createdAt: '2025-01-02T00:00:00.000Z', fields: { name: 'Asha', products: ['Garlic Powder', 'Garlic Oil'] } },
      { id: 'GB-2', createdAt: '2025-01-01T00:00:00.000Z', fields: { name: 'Ben', country: 'Germany' } },
    ]);
    expect(csv).toBe(
      'id,createdAt,name,products,country\r\nGB-1,2025-01-02T00:00:00.000Z,Asha,"Garlic Powder; Garlic Oil",\r\nGB-2,2025-01-01T00:00:00.000Z,Ben,,Germany\r\n',
    );
  });

  it('adds the application columns', () => {
    const csv = toCsv([{ id: 'GB-1', createdAt: 't', status: 'reviewed', appliedAt: 't', reviewedAt: null, notes: 'ok', fields: { name: 'A' } }]);
    expect(csv.split('\r\n')[0]).toBe('id,createdAt,status,appliedAt,reviewedAt,notes,name');
    expect(csv.split('\r\n')[1]).toBe('GB-1,t,Reviewed,t,,ok,A');
  });

  it('adds the sales desk columns for buyers’ leads: status, follow-up, who changed it last and when, notes', () => {
    const csv = toCsv([
      {
        id: 'GB-1',
        createdAt: 't',
        status: 'sampleSent',
        followUp: '2026-03-09',
        updatedBy: 'sales@garlicbrothers.example',
        updatedAt: 'u',
        notes: 'Sent 3 x 100 g',
        fields: { company: 'Acme' },
      },
      { id: 'GB-2', createdAt: 't', status: 'new', followUp: null, updatedBy: null, updatedAt: null, notes: '', fields: { company: 'Beta' } },
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('id,createdAt,status,followUp,lastChangedBy,lastChangedAt,notes,company');
    expect(lines[1]).toBe('GB-1,t,Sample sent,2026-03-09,sales@garlicbrothers.example,u,Sent 3 x 100 g,Acme');
    expect(lines[2]).toBe('GB-2,t,New,,,,,Beta');
  });

  it('leaves the status columns empty on a lead of another kind in the same export', () => {
    // The server's CSV route exports several types at once: an enquiry beside an application, and
    // a sample request of the browser (no desk columns) beside one the server keeps.
    const csv = toCsv([
      { id: 'GB-1', createdAt: 't', status: 'pending', appliedAt: 'a', reviewedAt: 'r', notes: 'n', fields: {} },
      { id: 'GB-2', createdAt: 't', status: 'won', followUp: '2026-03-09', updatedBy: 'sales@x.example', updatedAt: 'u', notes: 'm', fields: {} },
      { id: 'GB-3', createdAt: 't', fields: { company: 'Acme' } },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'id,createdAt,status,appliedAt,reviewedAt,notes,status,followUp,lastChangedBy,lastChangedAt,notes,company',
      'GB-1,t,Pending,a,r,n,,,,,,',
      'GB-2,t,,,,,Won,2026-03-09,sales@x.example,u,m,',
      'GB-3,t,,,,,,,,,,Acme',
      '',
    ]);
  });

  it('adds where a lead the server keeps came from, empty for one with nothing recorded', () => {
    const csv = toCsv([
      {
        id: 'GB-1',
        createdAt: 't',
        attribution: { landingPage: '/garlic-powder', referrer: 'https://www.Google.com', utmSource: null, utmMedium: null, utmCampaign: null },
        fields: {},
      },
      {
        id: 'GB-2',
        createdAt: 't',
        attribution: { landingPage: '/', referrer: null, utmSource: 'Newsletter', utmMedium: 'email', utmCampaign: 'march' },
        fields: {},
      },
      { id: 'GB-3', createdAt: 't', attribution: null, fields: {} },
      { id: 'GB-4', createdAt: 't', fields: { company: 'Acme' } },
    ] as Parameters<typeof toCsv>[0]);
    expect(csv.split('\r\n')).toEqual([
      'id,createdAt,source,medium,campaign,landingPage,referrer,company',
      'GB-1,t,www.google.com,,,/garlic-powder,https://www.Google.com,',
      'GB-2,t,newsletter,email,march,/,,',
      'GB-3,t,,,,,,',
      'GB-4,t,,,,,,Acme',
      '',
    ]);
  });

  it('escapes commas, quotes and newlines as RFC 4180 says', () => {
    const csv = toCsv([{ id: 'GB-1', createdAt: 't', fields: { message: 'He said "hi", then\nleft' } }]);
    expect(csv).toBe('id,createdAt,message\r\nGB-1,t,"He said ""hi"", then\nleft"\r\n');
  });

  it('defuses spreadsheet formulas', () => {
    const csv = toCsv([{ id: 'GB-1', createdAt: 't', fields: { a: '=HYPERLINK("x")', b: '+49 30 12', c: '-1', d: '@SUM(A1)', e: 'plain' } }]);
    expect(csv.split('\r\n')[1]).toBe(`GB-1,t,"'=HYPERLINK(""x"")",'+49 30 12,'-1,'@SUM(A1),plain`);
  });

  it('writes a phone number as the buyer typed it, with no apostrophe a CRM would keep', () => {
    const phones = ['+49 40 1234567', '+1 (555) 123-4567', '+971-4-123-4567', '+4940123456', '(040) 123 4567'];
    const csv = toCsv([{ id: 'GB-1', createdAt: 't', fields: Object.fromEntries(phones.map((phone, i) => [`p${i}`, phone])) }]);
    expect(csv.split('\r\n')[1]).toBe(`GB-1,t,${phones.join(',')}`);
  });

  it('keeps the apostrophe on whatever only looks like a phone number: a function, a name, a reference, a dash first, too few digits', () => {
    const hostile = {
      a: '=HYPERLINK("http://evil.example","+49 40 1234567")',
      b: '+49 40 1234567+A1',
      c: '+49 40 SUM(1234567)',
      d: '-49 40 1234567',
      e: '+1-2-3',
      f: '+49\t40 1234567',
      g: '\uFF0B49 40 1234567',
      h: "+49 40 1234567|' /C calc'!A0",
    };
    const cells = toCsv([{ id: 'GB-1', createdAt: 't', fields: hostile }]).split('\r\n')[1];
    expect(cells).toBe(
      [
        'GB-1',
        't',
        `"'=HYPERLINK(""http://evil.example"",""+49 40 1234567"")"`,
        "'+49 40 1234567+A1",
        "'+49 40 SUM(1234567)",
        "'-49 40 1234567",
        "'+1-2-3",
        `"'+49\t40 1234567"`,
        "'\uFF0B49 40 1234567",
        `'+49 40 1234567|' /C calc'!A0`,
      ].join(','),
    );
  });

  it('quotes a cell holding a semicolon or a tab, so no spreadsheet splits it into a formula cell', () => {
    const csv = toCsv([{ id: 'GB-1', createdAt: 't', fields: { a: "Harmless text;=1+1+cmd|' /C calc'!A0", b: 'tab\there', c: 'plain text' } }]);
    expect(csv.split('\r\n')[1]).toBe(`GB-1,t,"Harmless text;=1+1+cmd|' /C calc'!A0","tab\there",plain text`);
  });

  it('defuses cells starting with a tab, a carriage return or a fullwidth = + - @', () => {
    const csv = toCsv([
      { id: 'GB-1', createdAt: 't', fields: { a: '\t=1+1', b: '\r=1+1', c: '\uFF1D1+1', d: '\uFF0B1', e: '\uFF0D1', f: '\uFF20SUM(A1)', g: 'a=b' } },
    ]);
    expect(csv.split('\r\n')[1]).toBe(`GB-1,t,"'\t=1+1","'\r=1+1",'\uFF1D1+1,'\uFF0B1,'\uFF0D1,'\uFF20SUM(A1),a=b`);
  });

  it('writes only the header for no records', () => {
    expect(toCsv([])).toBe('id,createdAt\r\n');
  });
});

describe('csvFileName', () => {
  it('names the export by collection and day', () => {
    expect(csvFileName('job-applications', new Date(2025, 10, 2, 23, 0))).toBe('garlic-brothers-job-applications-2025-11-02.csv');
  });
});
