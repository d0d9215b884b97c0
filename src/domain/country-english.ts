/**
 * Countries in English alone, for the admin (its language): the names, the choices and a name read
 * back to its code, from the English list of country-names.ts only, so the admin's bundle carries
 * neither the other languages' names nor the readings of free text that countries.ts holds.
 */
import { isCountryCode, type CountryCode } from './country-codes';
import { COUNTRY_NAMES_EN } from './country-names';

export { isCountryCode, type CountryCode };

/** Every country as a choice, by its English name, in English order. */
export const ENGLISH_COUNTRY_OPTIONS: readonly { readonly value: CountryCode; readonly label: string }[] = COUNTRY_NAMES_EN.map(([value, label]) => ({
  value,
  label,
}));

const NAMES = new Map<string, string>(COUNTRY_NAMES_EN);
const CODES_BY_NAME = new Map<string, CountryCode>(COUNTRY_NAMES_EN.map(([code, name]) => [name.toLowerCase(), code]));

/** The country's English name (the code itself for an unknown code). */
export const englishCountryName = (code: string): string => NAMES.get(code) ?? code;

/** The code of a country given as its code or its English name, in any case; undefined for anything else. */
export function englishCountryCode(text: string): CountryCode | undefined {
  const trimmed = text.trim();
  const code = trimmed.toUpperCase();
  return isCountryCode(code) ? code : CODES_BY_NAME.get(trimmed.toLowerCase());
}
