/**
 * Which file of src/browser/islands/ an island is on a page: `<Name>.<code>.tsx` where the island
 * has one for the page's language, else `<Name>.tsx`. A language's own file carries that
 * language's data alone (the FAQ island's entries: 9-12 kB compressed each, against 32 kB for all
 * three), so a visitor fetches only their language's; the plain file serves every language (all
 * their data), for a language that has no file of its own yet. The pre-render and the browser both
 * ask here, so the browser hydrates the very component the page was rendered with.
 */
export const ISLANDS_DIR = '/src/browser/islands/';

/** `code`: the page's language. */
export function islandFile(name: string, code: string, files: Readonly<Record<string, unknown>>): string {
  const own = `${ISLANDS_DIR}${name}.${code}.tsx`;
  return own in files ? own : `${ISLANDS_DIR}${name}.tsx`;
}

/** The islands' names, from their files (a language's own file is the same island's). */
export function islandNames(files: Readonly<Record<string, unknown>>): string[] {
  return [...new Set(Object.keys(files).map((file) => file.slice(ISLANDS_DIR.length).replace(/\..*$/, '')))];
}
