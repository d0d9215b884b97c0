/** Countries: the ISO list, its names in a language, and free text read back to a code. */
import { describe, expect, it } from 'vitest';
import { namedAndSorted } from './country-codes';
import { COUNTRY_CODES, COUNTRY_NAMES, addressCountry, countryCodeFor, countryName, countryOptions, isCountryCode } from './countries';
import { eachReturns, eachReturnsSame } from '../../../tests/support/each-returns';

describe('the list of countries', () => {
  it('holds the 249 ISO 3166-1 alpha-2 codes, each named in English, German and Arabic', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) for (const locale of ['en', 'de', 'ar']) expect(countryName(code, locale), `${code} ${locale}`).not.toBe(code);
    expect([isCountryCode('DE'), isCountryCode('de'), isCountryCode('XX'), isCountryCode('EU'), isCountryCode(49)]).toEqual([true, false, false, false, false]);
  });

  it("holds Intl's names and order for each language of the site (if not, run npx tsx scripts/country-names.ts)", () => {
    for (const locale of ['en', 'de', 'ar']) expect(COUNTRY_NAMES[locale], locale).toEqual(namedAndSorted(locale));
    // Another language is named by Intl as it runs.
    expect(countryOptions('fr').find((option) => option.value === 'DE')?.label).toBe('Allemagne');
  });

  it('names and sorts the choices in the language asked for', () => {
    expect(countryOptions('en').slice(0, 2)).toEqual([
      { value: 'AF', label: 'Afghanistan' },
      { value: 'AX', label: 'Åland Islands' },
    ]);
    // German sorts Ä with A, not after Z.
    expect(
      countryOptions('de')
        .slice(0, 2)
        .map((option) => option.label),
    ).toEqual(['Afghanistan', 'Ägypten']);
    expect(countryOptions('ar').find((option) => option.value === 'DE')?.label).toBe('ألمانيا');
  });
});

describe('a country written as free text', () => {
  eachReturns('reads %s as %s', countryCodeFor, [
    ['Germany', 'DE'],
    ['Deutschland', 'DE'],
    ['  deutschland ', 'DE'],
    ['ألمانيا', 'DE'],
    ['DE', 'DE'],
    ['USA', 'US'],
    ['United States', 'US'],
    ['U.S.', 'US'],
    ['Vereinigte Staaten', 'US'],
    ['UAE', 'AE'],
    ['United Arab Emirates', 'AE'],
    ['Vereinigte Arabische Emirate', 'AE'],
    ['الإمارات', 'AE'],
    ['الامارات', 'AE'],
    ['الإمارات العربية المتحدة', 'AE'],
    ['UK', 'GB'],
    ['Türkei', 'TR'],
    ['turkey', 'TR'],
    ['السعودية', 'SA'],
    ['Côte d’Ivoire', 'CI'],
    ['Guinea-Bissau', 'GW'],
  ]);

  eachReturnsSame('reads %j as no country', countryCodeFor, ['Hamburg', 'Europe', 'Deutschlandd', '', '   ', 'XX'], undefined);

  it("takes an address's country after its last comma, Latin or Arabic", () => {
    expect(addressCountry('1 Main Street, Springfield, 12345, USA')).toBe('USA');
    expect(addressCountry('شارع الشيخ زايد، دبي، الإمارات')).toBe('الإمارات');
    expect(addressCountry('Hafenstraße 1 Hamburg')).toBe('');
  });
});
