/**
 * The one rule for where a page is in each language: the default language has no prefix (/about),
 * every other is under /<code>/ (/de/about; the home page is /de). Pure, so the content loader, the
 * page render and the menus built in the browser all share it.
 */

/** /about → /de/about, / → /de; the default language's path itself for the default language. */
export function prefixedPath(defaultCode: string, code: string, defaultPath: string): string {
  if (code === defaultCode) return defaultPath;
  return defaultPath === '/' ? `/${code}` : `/${code}${defaultPath}`;
}
