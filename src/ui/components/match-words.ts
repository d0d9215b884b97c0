/**
 * Text as a search compares it, in any language: lower case, without accents, Arabic vowel marks,
 * tatweel and the invisible isolates right-to-left text has around its figures (a query never
 * holds them), and with the Arabic letters people type interchangeably made one (alef with
 * hamza or madda as plain alef, hamza on waw or ya as the letter, alef maqsura as ya, ta marbuta as ha).
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\p{M}\u0640\u2066-\u2069]/gu, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0624/g, '\u0648')
    .replace(/[\u0626\u0649]/g, '\u064a')
    .replace(/\u0629/g, '\u0647');
}

/** True when every word of the query appears in the texts (see foldForSearch); an empty query matches everything. */
export function matchesEveryWord(texts: readonly string[], query: string): boolean {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  const haystack = foldForSearch(texts.join(' '));
  return words.every((word) => haystack.includes(word));
}
