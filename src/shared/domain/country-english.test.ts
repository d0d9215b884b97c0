/** The admin's countries: English names and choices, and an English name or a code read back. */
import { describe, expect, it } from 'vitest';
import { countryName, countryOptions } from './countries';
import { englishCountryCode, englishCountryName, englishCountryOptions } from './country-english';

describe('countries in English', () => {
  it('are the English choices and names of the forms where Intl names them as the stored list does (here, Node)', () => {
    expect(englishCountryOptions()).toEqual(countryOptions('en'));
    expect(englishCountryName('AE')).toBe(countryName('AE', 'en'));
    expect(englishCountryName('XX')).toBe('XX');
  });

  it('read a code in any case or an English name in any case, and nothing else', () => {
    expect(['de', ' DE ', 'Germany', 'united states', 'Åland Islands'].map(englishCountryCode)).toEqual(['DE', 'DE', 'DE', 'US', 'AX']);
    expect(['Deutschland', 'USA', 'XX', ''].map(englishCountryCode)).toEqual([undefined, undefined, undefined, undefined]);
  });
});
