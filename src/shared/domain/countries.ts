/**
 * Countries as the lead forms offer them and the server stores them: ISO 3166-1 alpha-2 codes,
 * named in a language by Intl.DisplayNames, and free text ("Deutschland", "U.S.", "الإمارات") read
 * back to a code where it names one country, for the leads written before the forms had a list.
 */
import { COUNTRY_CODES, isCountryCode, namedAndSorted, type CountryCode } from './country-codes';
import { COUNTRY_NAMES_AR } from './country-names-ar';
import { COUNTRY_NAMES_DE } from './country-names-de';
import { COUNTRY_NAMES_EN } from './country-names-en';
import { foldText } from './fold-text';

export { COUNTRY_CODES, isCountryCode, type CountryCode };

/** The stored names of the site's languages (country-names-<code>.ts). */
export const COUNTRY_NAMES: Readonly<Record<string, readonly (readonly [CountryCode, string])[]>> = {
  en: COUNTRY_NAMES_EN,
  de: COUNTRY_NAMES_DE,
  ar: COUNTRY_NAMES_AR,
};

/** The languages whose names read back to a code: the site's (content/ui/) and so its buyers'. */
const NAME_LANGUAGES = ['en', 'de', 'ar'] as const;

const displayNames = new Map<string, Intl.DisplayNames>();
function namesIn(locale: string, style: 'long' | 'short' | 'narrow' = 'long'): Intl.DisplayNames {
  const key = `${locale}/${style}`;
  let names = displayNames.get(key);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', style, fallback: 'code' });
    displayNames.set(key, names);
  }
  return names;
}

export interface CountryOption {
  readonly value: CountryCode;
  readonly label: string;
}

const optionsByLocale = new Map<string, readonly CountryOption[]>();

/**
 * Every country as a choice, named in `locale` and sorted as that language sorts: the names
 * country-names-<code>.ts hold for the site's languages (the same on the server and in any browser),
 * Intl's for another language.
 */
export function countryOptions(locale = 'en'): readonly CountryOption[] {
  let options = optionsByLocale.get(locale);
  if (!options) {
    const pairs = COUNTRY_NAMES[locale] ?? namedAndSorted(locale);
    options = pairs.map(([value, label]) => ({ value, label }));
    optionsByLocale.set(locale, options);
  }
  return options;
}

const namesByLocale = new Map<string, ReadonlyMap<string, string>>();

/** The country's name in `locale`, as countryOptions names it (the code itself for an unknown code). */
export function countryName(code: string, locale = 'en'): string {
  let names = namesByLocale.get(locale);
  if (!names) {
    names = new Map(countryOptions(locale).map((option) => [option.value, option.label]));
    namesByLocale.set(locale, names);
  }
  return names.get(code) ?? code;
}

/**
 * What people write for a country besides its names in the three languages: abbreviations, older
 * and everyday names. Each is compared folded (countryKey), so case, accents and dots do not matter.
 */
const ALIASES: Readonly<Record<string, CountryCode>> = {
  USA: 'US',
  'U.S.': 'US',
  'U.S.A.': 'US',
  US: 'US',
  America: 'US',
  'United States of America': 'US',
  'Vereinigte Staaten von Amerika': 'US',
  Amerika: 'US',
  'الولايات المتحدة الأمريكية': 'US',
  أمريكا: 'US',
  UAE: 'AE',
  'U.A.E.': 'AE',
  Emirates: 'AE',
  VAE: 'AE',
  الإمارات: 'AE',
  'دولة الإمارات العربية المتحدة': 'AE',
  UK: 'GB',
  'U.K.': 'GB',
  'Great Britain': 'GB',
  Britain: 'GB',
  England: 'GB',
  Scotland: 'GB',
  Wales: 'GB',
  Großbritannien: 'GB',
  Schottland: 'GB',
  بريطانيا: 'GB',
  إنجلترا: 'GB',
  BRD: 'DE',
  'Bundesrepublik Deutschland': 'DE',
  'Federal Republic of Germany': 'DE',
  Holland: 'NL',
  'The Netherlands': 'NL',
  هولندا: 'NL',
  KSA: 'SA',
  Saudi: 'SA',
  'Kingdom of Saudi Arabia': 'SA',
  السعودية: 'SA',
  Turkey: 'TR',
  Türkiye: 'TR',
  Russia: 'RU',
  'Russian Federation': 'RU',
  Korea: 'KR',
  'Republic of Korea': 'KR',
  'Czech Republic': 'CZ',
  Tschechien: 'CZ',
  'Ivory Coast': 'CI',
  Vietnam: 'VN',
  'Viet Nam': 'VN',
  Burma: 'MM',
  Swaziland: 'SZ',
  Macedonia: 'MK',
  'Cape Verde': 'CV',
  PRC: 'CN',
  "People's Republic of China": 'CN',
  'Volksrepublik China': 'CN',
  Bharat: 'IN',
  Persia: 'IR',
  Palestine: 'PS',
  فلسطين: 'PS',
  مصر: 'EG',
  قطر: 'QA',
  الكويت: 'KW',
  عمان: 'OM',
  البحرين: 'BH',
};

/**
 * A country's text as it is compared: folded (foldText) and without dots, hyphens or the spaces
 * around them, so "U.S.A." is "usa" and "Guinea-Bissau" is "guinea bissau".
 */
export function countryKey(text: string): string {
  return foldText(text)
    .replace(/[.'’()]/g, '')
    .replace(/[-‐–—_/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

let byName: Map<string, CountryCode> | undefined;

/** Every name of every country in the three languages (each style), the aliases, and the codes. */
function nameIndex(): Map<string, CountryCode> {
  if (byName) return byName;
  const index = new Map<string, CountryCode>();
  for (const code of COUNTRY_CODES) index.set(countryKey(code), code);
  for (const locale of NAME_LANGUAGES) {
    for (const option of countryOptions(locale)) index.set(countryKey(option.label), option.value);
    for (const style of ['narrow', 'short', 'long'] as const) {
      for (const code of COUNTRY_CODES) {
        const name = namesIn(locale, style).of(code);
        if (name && name !== code) index.set(countryKey(name), code);
      }
    }
  }
  for (const [alias, code] of Object.entries(ALIASES)) index.set(countryKey(alias), code);
  byName = index;
  return index;
}

/**
 * The code of a country written as free text: a code ("de", "DE"), a name in English, German or
 * Arabic in any case and with or without accents ("deutschland"), or a common alias ("USA",
 * "الإمارات"); undefined for anything else, which is kept as it was written.
 */
export function countryCodeFor(text: string): CountryCode | undefined {
  const key = countryKey(text);
  if (key === '') return undefined;
  return nameIndex().get(key);
}

/** The last part of an address written "street, city, postal code, country": after its last comma, Latin or Arabic. */
export function addressCountry(address: string): string {
  const parts = address.split(/[,،]/);
  return parts.length < 2 ? '' : (parts[parts.length - 1] ?? '').trim();
}
