/**
 * One path per kind of page, a kind being what the browser code can act on in the page's HTML as
 * served: its language and the names of its data attributes and the islands it holds. Pages of one
 * kind run the same browser code (two articles differ only in their text), so a check of what that
 * code does, rather than of a page's own text, visits one page of each kind instead of every route.
 */
export async function oneOfEachKind(base: string, paths: readonly string[], served: ReadonlyMap<string, string> = new Map()): Promise<string[]> {
  const kinds = new Map<string, string>();
  for (const path of paths) {
    // `served`: pages a test has already fetched (a dev server renders each one again when asked).
    const html = served.get(path) ?? (await (await fetch(base + path)).text());
    const language = html.match(/<html[^>]* lang="([^"]*)"/)?.[1] ?? '';
    const attributes = new Set(html.match(/ data-[a-z-]+(="[^"]*")?/g)?.map((a) => (a.startsWith(' data-island=') ? a : a.split('=')[0])));
    const kind = [language, ...[...attributes].sort()].join(' ');
    if (!kinds.has(kind)) kinds.set(kind, path);
  }
  return [...kinds.values()];
}
