/** The desk's search text and terms: folded the same way, so a query finds what a person means. */
import { describe, expect, it } from 'vitest';
import { foldText } from './fold-text';
import { leadSearchText, searchTerms } from './lead-search';
import { eachReturns } from '../../../tests/support/each-returns';

describe('folded text', () => {
  eachReturns('drops case, accents, Arabic diacritics, alef forms and tatweel: %s is %s', foldText, [
    ['Müller', 'muller'],
    ['MÜLLER Straße', 'muller strasse'],
    ['São  Paulo', 'sao paulo'],
    ['عبدُالله', 'عبدالله'],
    ['أحمد إبراهيم آل', 'احمد ابراهيم ال'],
    ['مصطفى', 'مصطفي'],
    ['عـبـدالله', 'عبدالله'],
  ]);
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
  eachReturns('fold the query, and read one typed like a phone number by its digits, without a leading 00: %s', searchTerms, [
    ['Müller', { text: 'muller' }],
    ['+49 40', { text: '+49 40', digits: '4940' }],
    ['0049 (40) 123', { text: '0049 (40) 123', digits: '4940123' }],
    ['40', { text: '40' }],
    ['GB-7K3Q', { text: 'gb-7k3q' }],
  ]);
});
