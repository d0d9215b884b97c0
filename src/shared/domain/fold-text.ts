/**
 * Text as the lead search and the country names compare it: what a person types without the
 * accents, the case or the Arabic letter forms they did not mean, in plain JavaScript so the
 * same folding runs everywhere (PostgreSQL's lower() follows the database's locale and PGlite's
 * differs; neither strips accents without an extension).
 */

/** Arabic letters written in more than one form: each alef form, alef maqsura and ta marbuta as the plain letter. */
const ARABIC_FORMS: Readonly<Record<string, string>> = {
  '\u0671': '\u0627', // ٱ alef wasla
  '\u0672': '\u0627',
  '\u0673': '\u0627',
  '\u0649': '\u064A', // ى alef maqsura as ي
  '\u0629': '\u0647', // ة ta marbuta as ه
};

/**
 * Lower case, without accents or Arabic diacritics (the marks NFKD splits off: "Müller" is
 * "muller", "أحمد" is "احمد"), ß as ss, the Arabic letter forms above as one, without the Arabic
 * tatweel, spaces of any kind as one space.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[\u0671-\u0673\u0649\u0629]/g, (letter) => ARABIC_FORMS[letter] ?? letter)
    .replace(/\u0640/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
