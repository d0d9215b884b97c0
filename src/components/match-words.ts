/** True when every word of the query appears in the texts (case-insensitive); an empty query matches everything. */
export function matchesEveryWord(texts: readonly string[], query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = texts.join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}
