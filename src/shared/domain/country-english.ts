/**
 * Countries in English alone, for the admin (its language): the names, the choices and a name read
 * back to its code. Named by the browser's own Intl.DisplayNames rather than the lists the forms
 * read (country-names-<code>.ts): the admin is drawn in the browser only, so nothing has to match
 * a page drawn at build time, and its bundle stays within its budget without the list. A name the
 * server gave (its list) reads back through Intl's names too, which agree but for the odd country
 * that ICU versions name differently; that one is still offered among every country.
 */
import { COUNTRY_CODES, isCountryCode, type CountryCode } from './country-codes';

export { isCountryCode, type CountryCode };

let names: Intl.DisplayNames | undefined;

/** The country's English name (the code itself for an unknown code). */
export function englishCountryName(code: string): string {
  if (!isCountryCode(code)) return code;
  names ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return names.of(code) ?? code;
}

let options: readonly { readonly value: CountryCode; readonly label: string }[] | undefined;

/** Every country as a choice, by its English name, in English order. */
export function englishCountryOptions(): readonly { readonly value: CountryCode; readonly label: string }[] {
  const collator = new Intl.Collator('en');
  options ??= COUNTRY_CODES.map((value) => ({ value, label: englishCountryName(value) })).sort((a, b) => collator.compare(a.label, b.label));
  return options;
}

let codesByName: Map<string, CountryCode> | undefined;

/** The code of a country given as its code or its English name, in any case; undefined for anything else. */
export function englishCountryCode(text: string): CountryCode | undefined {
  const trimmed = text.trim();
  const code = trimmed.toUpperCase();
  if (isCountryCode(code)) return code;
  codesByName ??= new Map(englishCountryOptions().map((option) => [option.label.toLowerCase(), option.value]));
  return codesByName.get(trimmed.toLowerCase());
}
