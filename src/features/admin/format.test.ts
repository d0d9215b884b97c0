import { describe, expect, it } from 'vitest';
import type { ApplicationRecord, LeadRecord } from '@/domain/records';
import { fieldLabel, fieldText, formatDateTime, isWebUrl, recordSubtitle, recordTitle } from './format';

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
