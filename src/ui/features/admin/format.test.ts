import { describe, expect, it } from 'vitest';
import type { ApplicationRecord, LeadRecord } from '@/shared/domain/records';
import {
  ageText,
  describeAttribution,
  describeChange,
  fieldLabel,
  fieldText,
  formatDateTime,
  formatDay,
  isWebUrl,
  recordSubtitle,
  recordTitle,
} from './format';

const lead = (fields: LeadRecord['fields']): LeadRecord => ({ id: 'GB-ABCDEFGH', createdAt: '2025-01-01T00:00:00Z', fields });

describe('fieldLabel', () => {
  it.each([
    ['fullName', 'Full name'],
    ['full_name', 'Full name'],
    ['destination-port', 'Destination port'],
    ['cvUrl', 'CV link'],
    ['portfolioUrl', 'Portfolio URL'],
    ['experience', 'Years of experience'],
    ['toString', 'To string'],
    ['yearsOfExperience', 'Years of experience'],
    ['email', 'E-mail'],
    ['contactEmail', 'Contact e-mail'],
  ])('%s reads %s', (key, label) => expect(fieldLabel(key)).toBe(label));
});

describe('fieldText', () => {
  it('joins lists and says when nothing was given', () => {
    expect(fieldText(['Garlic powder', 'Garlic oil'])).toBe('Garlic powder, Garlic oil');
    expect(fieldText('')).toBe('Not given');
    expect(fieldText([])).toBe('Not given');
    expect(fieldText(undefined)).toBe('Not given');
    expect(fieldText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });
});

describe('recordTitle and recordSubtitle', () => {
  it('prefer a person, then the company, then the reference', () => {
    expect(recordTitle(lead({ name: ' Asha Rao ', company: 'Spice Co' }))).toBe('Asha Rao');
    expect(recordSubtitle(lead({ name: 'Asha Rao', company: 'Spice Co' }))).toBe('Spice Co');
    expect(recordTitle(lead({ company: 'Spice Co' }))).toBe('Spice Co');
    expect(recordSubtitle(lead({ company: 'Spice Co' }))).toBeNull();
    expect(recordTitle(lead({ message: 'hello' }))).toBe('GB-ABCDEFGH');
  });

  it('works for applications', () => {
    const app: ApplicationRecord = { ...lead({ name: 'Ravi', position: 'Quality analyst' }), status: 'pending', appliedAt: '', reviewedAt: null, notes: '' };
    expect(recordSubtitle(app)).toBe('Quality analyst');
  });
});

describe('isWebUrl', () => {
  it('accepts http and https only', () => {
    expect(isWebUrl('https://example.com/cv.pdf')).toBe(true);
    expect(isWebUrl('http://example.com')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('data:text/html,<b>x</b>')).toBe(false);
    expect(isWebUrl('https://')).toBe(false);
    expect(isWebUrl('see my profile')).toBe(false);
  });
});

describe('formatDateTime', () => {
  it('keeps a value that is not a date', () => {
    expect(formatDateTime('yesterday')).toBe('yesterday');
    expect(formatDateTime('2025-11-22T10:31:00Z')).toMatch(/2025/);
  });
});

describe('ageText', () => {
  const now = new Date('2026-03-02T12:00:00.000Z');
  it.each([
    ['2026-03-02T12:00:30.000Z', 'now', 'sent just now'],
    ['2026-03-02T11:59:00.000Z', '1 min', 'sent 1 minute ago'],
    ['2026-03-02T11:15:00.000Z', '45 min', 'sent 45 minutes ago'],
    ['2026-03-02T09:00:00.000Z', '3 h', 'sent 3 hours ago'],
    ['2026-03-01T11:00:00.000Z', '1 d', 'sent 1 day ago'],
    ['2026-02-16T12:00:00.000Z', '2 wk', 'sent 2 weeks ago'],
    ['2025-11-25T12:00:00.000Z', '3 mo', 'sent 3 months ago'],
  ])('%s is %s (%s)', (iso, short, long) => expect(ageText(iso, now)).toEqual({ short, long }));

  it('reads a time ahead of the clock as now, and a broken one as nothing', () => {
    expect(ageText('2026-03-03T00:00:00.000Z', now).short).toBe('now');
    expect(ageText('soon', now)).toEqual({ short: '', long: '' });
  });
});

describe('formatDay', () => {
  it('writes a calendar day the same in every zone', () => {
    expect(formatDay('2026-03-09')).toBe('9 Mar 2026');
    expect(formatDay('2026-12-31', { short: true })).toBe('31 Dec');
    expect(formatDay('not a day')).toBe('not a day');
  });
});

describe('describeChange', () => {
  it('says what changed, in the dashboard’s words', () => {
    expect(describeChange({ status: { from: 'new', to: 'sampleSent' }, notes: true, followUp: { from: null, to: '2026-03-09' } })).toEqual([
      'Status: New → Sample sent',
      'Follow-up: none → 9 Mar 2026',
      'Notes changed',
    ]);
    expect(describeChange({ followUp: { from: '2026-03-09', to: null } })).toEqual(['Follow-up: 9 Mar 2026 → none']);
    expect(describeChange({ status: { from: 'pending', to: 'shortlisted' } })).toEqual(['Status: Pending → Shortlisted']);
  });
});

describe('describeAttribution', () => {
  const base = { landingPage: '/garlic-powder', referrer: null, utmSource: null, utmMedium: null, utmCampaign: null };

  it('names the campaign, the landing page and the referring site', () => {
    expect(describeAttribution({ ...base, utmSource: 'newsletter', utmCampaign: 'eu-2027', referrer: 'https://www.google.com' })).toBe(
      'Came from: newsletter / eu-2027, landed on /garlic-powder, referred by https://www.google.com',
    );
    expect(describeAttribution({ ...base, utmSource: 'linkedin', utmMedium: 'social', utmCampaign: 'spring' })).toBe(
      'Came from: linkedin / social / spring, landed on /garlic-powder',
    );
  });

  it('names the referring site alone, a direct visit, and a lead without attribution', () => {
    expect(describeAttribution({ ...base, referrer: 'https://www.bing.com' })).toBe('Came from: https://www.bing.com, landed on /garlic-powder');
    expect(describeAttribution(base)).toBe('Came directly (no campaign or linking site), landed on /garlic-powder');
    expect(describeAttribution(null)).toMatch(/^Where it came from was not recorded/);
  });
});
