/** The desk's search text and terms: folded the same way, so a query finds what a person means. */
import { describe, expect, it } from 'vitest';
import { foldText } from './fold-text';
import { leadSearchText, searchTerms } from './lead-search';

describe('folded text', () => {
  it('drops case, accents, Arabic diacritics, alef forms and tatweel', () => {
    expect(foldText('Müller')).toBe('muller');
    expect(foldText('MÜLLER Straße')).toBe('muller strasse');
    expect(foldText('São  Paulo')).toBe('sao paulo');
    expect(foldText('عبدُالله')).toBe('عبدالله');
    expect(foldText('أحمد إبراهيم آل')).toBe('احمد ابراهيم ال');
    expect(foldText('مصطفى')).toBe('مصطفي');
    expect(foldText('عـبـدالله')).toBe('عبدالله');
  });
});

describe("a lead's search text", () => {
  it('holds the reference, the person, the company, the contact details, the addresses and the message, and the phone as digits', () => {
    const text = leadSearchText('GB-7K3Q9X2M', {
      name: 'Jürgen Müller',
      company: 'Gewürz GmbH',
      email: 'J.Mueller@gewuerz.example',
      phone: '+49 40 1234567',
      country: 'DE',
      destination: 'Hamburg',
      message: 'Bitte ein Angebot für Knoblauchpulver.',
      products: ['Garlic Powder'],
      unit: 'kg',
    });
    expect(text.split('\n')).toEqual([
      'gb-7k3q9x2m',
      'jurgen muller',
      'gewurz gmbh',
      'j.mueller@gewuerz.example',
      '+49 40 1234567',
      'hamburg',
      'bitte ein angebot fur knoblauchpulver.',
      '49401234567',
    ]);
  });
});

describe('search terms', () => {
  it('fold the query, and read one typed like a phone number by its digits, without a leading 00', () => {
    expect(searchTerms('Müller')).toEqual({ text: 'muller' });
    expect(searchTerms('+49 40')).toEqual({ text: '+49 40', digits: '4940' });
    expect(searchTerms('0049 (40) 123')).toEqual({ text: '0049 (40) 123', digits: '4940123' });
    expect(searchTerms('40')).toEqual({ text: '40' });
    expect(searchTerms('GB-7K3Q')).toEqual({ text: 'gb-7k3q' });
  });
});
