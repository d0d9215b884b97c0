/**
 * A keyboard user who picks a page from a header menu lands on that page's main content, not at
 * the top of the next document's header: the choice is remembered for one navigation (session
 * storage) and the new page focuses <main>. Pointer clicks keep the browser's default.
 */
import { readRaw, removeKey, writeRaw } from '@/browser/storage/storage';

const KEY = 'gb:focus-main';

export function startFocusAfterMenu(): void {
  if (readRaw(KEY, 'session') === location.pathname) {
    removeKey(KEY, 'session');
    document.getElementById('main')?.focus({ preventScroll: true });
  }
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('.site-header a[href], .mobile-panel a[href]');
    // detail 0: the click came from the keyboard (Enter), not a pointer.
    if (!(link instanceof HTMLAnchorElement) || event.detail !== 0 || link.origin !== location.origin) return;
    writeRaw(KEY, link.pathname.replace(/(.)\/+$/, '$1'), 'session');
  });
}
