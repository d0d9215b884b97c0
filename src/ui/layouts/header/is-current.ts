/**
 * Whether a navigation link is the current page's (aria-current): the page's path is the link's
 * or under it; `end` (and the home link) asks for the exact path. Shared by the header's markup
 * and by the menu panels the browser builds (src/browser/runtime/menu-panels.ts).
 */
export function isCurrent(pathname: string, to: string, end = false): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (to === '/' || end) return path === to;
  return path === to || path.startsWith(`${to}/`);
}
