/**
 * Deep links to collapsible answers: when the URL's #hash names a <details> element (an FAQ
 * answer), it opens and scrolls into view, on load and when the hash changes. Framework-free, so
 * it works before any island has hydrated.
 */

/** The entry id in the URL hash; a malformed escape (/faq#%ZZ) is taken as written, not thrown. */
export function hashId(): string {
  const hash = window.location.hash.slice(1);
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

/** Opens and scrolls to the answer; false when it is not on the page. */
export function openAnswer(id: string): boolean {
  const target = id ? document.getElementById(id) : null;
  if (!(target instanceof HTMLDetailsElement)) return false;
  target.open = true;
  target.scrollIntoView({ block: 'start' });
  target.querySelector('summary')?.focus({ preventScroll: true });
  // Web fonts may still swap in and lengthen the text above the answer: scroll again once they
  // are ready, unless the visitor has scrolled in the meantime.
  const scrolledTo = window.scrollY;
  void document.fonts?.ready.then(() => {
    if (Math.abs(window.scrollY - scrolledTo) < 2) target.scrollIntoView({ block: 'start' });
  });
  return true;
}

export function startDetailsLinks(): void {
  openAnswer(hashId());
  window.addEventListener('hashchange', () => openAnswer(hashId()));
}
